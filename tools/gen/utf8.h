/* utf8: strict UTF-8 decoding (no overlong forms, no surrogates, nothing above U+10FFFF), validation of
 * a whole text and encoding. Page text is validated once when it is read; every later consumer (slugs,
 * lints) decodes with the same rules. */
#ifndef GEN_UTF8_H
#define GEN_UTF8_H
#include <stddef.h>

#include "util.h"

/* Decodes the sequence at s (n >= 1 bytes available) into *cp; returns its length (1-4), or 0 when the
 * bytes are not well-formed UTF-8 (*cp is then untouched). */
size_t utf8_decode(const unsigned char *s, size_t n, unsigned *cp);
/* Offset of the first byte that does not start a well-formed sequence, or n when all of s is UTF-8. */
size_t utf8_invalid_at(const char *s, size_t n);
/* Appends the UTF-8 encoding of cp (<= 0x10FFFF). */
void utf8_encode(struct buf *b, unsigned cp);

#endif
