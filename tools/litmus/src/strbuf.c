/*
 * strbuf.c - see strbuf.h.
 */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reserve(struct strbuf *b, size_t more)
{
	if (b->oom)
		return 0;
	if (b->n + more + 1 <= b->cap)
		return 1;
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->n + more + 1)
		cap *= 2;
	char *s = realloc(b->s, cap);
	if (!s) {
		b->oom = 1;
		return 0;
	}
	b->s = s;
	b->cap = cap;
	return 1;
}

void sb_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

void sb_puts(struct strbuf *b, const char *s)
{
	size_t n = strlen(s);
	if (!reserve(b, n))
		return;
	memcpy(b->s + b->n, s, n + 1);
	b->n += n;
}

const char *sb_str(const struct strbuf *b)
{
	return b->s ? b->s : "";
}

void sb_free(struct strbuf *b)
{
	free(b->s);
	memset(b, 0, sizeof *b);
}
