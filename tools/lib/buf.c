/* buf.c - growable byte buffers, allocation that never returns NULL and whole-file reading (buf.h),
 * linked by every C tool. */
#define _GNU_SOURCE
#include "buf.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void)
{
	fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *str_trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		out_of_memory();
	va_end(ap);
	return s;
}

static int vfmt(char *dst, size_t n, const char *fmt, va_list ap)
{
	int r = vsnprintf(dst, n, fmt, ap);
	return r < 0 || (size_t)r >= n ? -1 : 0;
}

int fmt_fixed(char *dst, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfmt(dst, n, fmt, ap);
	va_end(ap);
	if (r && n)
		dst[0] = '\0';
	return r;
}

void xsnprintf(char *dst, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfmt(dst, n, fmt, ap);
	va_end(ap);
	if (r) {
		fprintf(stderr, "%s: internal limit: \"%s\" needs more than %zu bytes\n",
			program_invocation_short_name, fmt, n);
		abort();
	}
}

void vfmt_msg(char *dst, size_t n, const char *fmt, va_list ap)
{
	if (vfmt(dst, n, fmt, ap) && n > 4)
		memcpy(dst + n - 4, "...", 4);
}

void fmt_msg(char *dst, size_t n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfmt_msg(dst, n, fmt, ap);
	va_end(ap);
}

static void buf_grow(struct buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	if (extra > SIZE_MAX / 2 - b->len)
		out_of_memory();
	while (cap < b->len + extra + 1)
		cap *= 2;
	b->data = xrealloc(b->data, cap);
	b->cap = cap;
}

void buf_put(struct buf *b, const void *s, size_t n)
{
	buf_grow(b, n);
	if (n)
		memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void buf_puts(struct buf *b, const char *s)
{
	buf_put(b, s, strlen(s));
}

void buf_putc(struct buf *b, char c)
{
	buf_put(b, &c, 1);
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap, ap2;
	char small[256];
	va_start(ap, fmt);
	va_copy(ap2, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		out_of_memory();
	if ((size_t)n < sizeof small) {
		buf_put(b, small, (size_t)n);
	} else {
		buf_grow(b, (size_t)n);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
		b->len += (size_t)n;
	}
	va_end(ap2);
}

void buf_put_escaped(struct buf *b, const char *s, size_t n)
{
	size_t start = 0;
	for (size_t i = 0; i < n; i++) {
		const char *rep;
		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		default: continue;
		}
		buf_put(b, s + start, i - start);
		buf_puts(b, rep);
		start = i + 1;
	}
	buf_put(b, s + start, n - start);
}

char *buf_take(struct buf *b)
{
	char *s = b->data ? b->data : xstrdup("");
	b->data = NULL;
	b->len = b->cap = 0;
	return s;
}

void buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

const char *buf_str(const struct buf *b)
{
	return b->data ? b->data : "";
}

char *read_file_max(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct buf b = { 0 };
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (n > max - b.len) {
			fclose(f);
			buf_free(&b);
			errno = EFBIG;
			return NULL;
		}
		buf_put(&b, chunk, n);
	}
	int err = ferror(f);
	fclose(f);
	if (err) {
		buf_free(&b);
		errno = EIO;
		return NULL;
	}
	if (len)
		*len = b.len;
	return buf_take(&b);
}

char *read_file(const char *path, size_t *len)
{
	return read_file_max(path, SIZE_MAX, len);
}
