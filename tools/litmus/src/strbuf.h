/*
 * strbuf.h - a growable string for the printers (the converter's C, condition texts).
 */
#ifndef LITMUS_STRBUF_H
#define LITMUS_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *s;  /* NUL-terminated, NULL until the first append */
	size_t n; /* length */
	size_t cap;
	int oom; /* an allocation failed: s holds what fitted before */
};

void sb_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_puts(struct strbuf *b, const char *s);
const char *sb_str(const struct strbuf *b); /* "" when empty */
void sb_free(struct strbuf *b);

#endif
