/*
 * buf.c - growable buffer and whole-file reading (see buf.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "buf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reserve(struct buf *b, size_t extra)
{
	if (b->data && b->len + extra < b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap <= b->len + extra) {
		if (cap > (size_t)-1 / 2)
			abort();
		cap *= 2;
	}
	char *p = realloc(b->data, cap);
	if (!p) {
		fprintf(stderr, "sandbox: out of memory\n");
		abort();
	}
	b->data = p;
	b->cap = cap;
}

void buf_append(struct buf *b, const void *p, size_t n)
{
	reserve(b, n);
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void buf_putc(struct buf *b, char c)
{
	buf_append(b, &c, 1);
}

void buf_puts(struct buf *b, const char *s)
{
	buf_append(b, s, strlen(s));
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		abort();
	reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

const char *buf_str(const struct buf *b)
{
	return b->data ? b->data : "";
}

char *buf_steal(struct buf *b)
{
	reserve(b, 0);
	char *p = b->data;
	b->data = NULL;
	b->len = b->cap = 0;
	return p;
}

void buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

char *read_whole_file(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct buf b = { 0 };
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (b.len + n > max) {
			fclose(f);
			buf_free(&b);
			errno = EFBIG;
			return NULL;
		}
		buf_append(&b, chunk, n);
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
	return buf_steal(&b);
}
