/* utf8: the decoder every text consumer of the generator shares (RFC 3629 well-formedness). */
#include "utf8.h"

size_t utf8_decode(const unsigned char *s, size_t n, unsigned *cp)
{
	unsigned c = s[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	size_t len = c >= 0xC2 && c <= 0xDF ? 2 :
		     c >= 0xE0 && c <= 0xEF ? 3 :
		     c >= 0xF0 && c <= 0xF4 ? 4 :
					      0;
	if (!len || len > n)
		return 0;
	unsigned v = c & (0x7Fu >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3Fu);
	}
	/* overlong forms, UTF-16 surrogates, beyond Unicode */
	if ((len == 3 && v < 0x800) || (len == 4 && (v < 0x10000 || v > 0x10FFFF)) ||
	    (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return len;
}

size_t utf8_invalid_at(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		if (p[i] < 0x80) {
			i++;
			continue;
		}
		unsigned cp;
		size_t len = utf8_decode(p + i, n - i, &cp);
		if (!len)
			return i;
		i += len;
	}
	return n;
}

void utf8_encode(struct buf *b, unsigned cp)
{
	char t[4];
	size_t n;
	if (cp < 0x80) {
		t[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		t[0] = (char)(0xC0 | (cp >> 6));
		t[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		t[0] = (char)(0xE0 | (cp >> 12));
		t[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		t[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		t[0] = (char)(0xF0 | (cp >> 18));
		t[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		t[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		t[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	buf_put(b, t, n);
}
