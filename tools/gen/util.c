/* util: buffers, allocation, file I/O and hashing shared by the generator's modules. */
#define _GNU_SOURCE
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>

static void out_of_memory(void)
{
	fputs("sitegen: out of memory\n", stderr);
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

static void buf_grow(struct buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->len + extra + 1)
		cap *= 2;
	b->data = xrealloc(b->data, cap);
	b->cap = cap;
}

void buf_put(struct buf *b, const char *s, size_t n)
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

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct buf b = { 0 };
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_put(&b, chunk, n);
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

int file_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* Creates dir, creating missing parents first; tries the directory itself before its parents, so an
 * existing parent costs nothing. */
static int mkdir_rec(char *dir)
{
	if (mkdir(dir, 0777) == 0 || errno == EEXIST)
		return 0;
	if (errno != ENOENT)
		return -1;
	char *slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return -1;
	*slash = '\0';
	int rc = mkdir_rec(dir);
	*slash = '/';
	if (rc != 0)
		return -1;
	return mkdir(dir, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

int mkdir_p(const char *path, int skip_last)
{
	char *p = xstrdup(path);
	size_t n = strlen(p);
	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	if (skip_last) {
		char *slash = strrchr(p, '/');
		if (!slash) {
			free(p);
			return 0;
		}
		*slash = '\0';
	}
	int rc = *p ? mkdir_rec(p) : 0;
	free(p);
	return rc;
}

uint64_t hash_bytes(const void *data, size_t len)
{
	return XXH3_64bits(data, len);
}

uint64_t hash_file(const char *path)
{
	size_t len;
	char *s = read_file(path, &len);
	if (!s)
		return 0;
	uint64_t h = hash_bytes(s, len);
	free(s);
	return h ? h : 1;
}

uint64_t hash_mix(uint64_t h, const char *s, size_t len)
{
	uint64_t parts[2] = { h, (uint64_t)len };
	uint64_t hs = XXH3_64bits_withSeed(s, len, parts[0] ^ (parts[1] * 0x9E3779B97F4A7C15ull));
	return hs;
}

uint64_t hash_mix_str(uint64_t h, const char *s)
{
	return s ? hash_mix(h, s, strlen(s)) : hash_mix(h, "\x01nil", 4);
}
