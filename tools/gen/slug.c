/* slug: stable heading ids and their per-page uniqueness. */
#define _GNU_SOURCE
#include "slug.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#include "utf8.h"
#include "util.h"

static locale_t utf8_locale(void)
{
	static locale_t loc;
	static int tried;
	if (!tried) {
		tried = 1;
		loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	}
	return loc;
}

char *slug_from_text(const char *text)
{
	struct buf b = { 0 };
	int pending_dash = 0;
	const unsigned char *p = (const unsigned char *)text;
	size_t left = strlen(text);
	while (left) {
		unsigned char c = *p;
		size_t len = 1;
		int keep;
		unsigned cp = 0;
		if (c < 0x80) {
			if (c >= 'A' && c <= 'Z')
				c = (unsigned char)(c - 'A' + 'a');
			keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
		} else {
			len = utf8_decode(p, left, &cp);
			locale_t loc = utf8_locale();
			if (!len) {
				len = 1;
				keep = 0;
			} else if (loc) {
				keep = iswalnum_l((wint_t)cp, loc) != 0;
				cp = (unsigned)towlower_l((wint_t)cp, loc);
			} else {
				keep = 1; /* no UTF-8 locale: keep non-ASCII characters as they are */
			}
		}
		if (keep) {
			if (pending_dash && b.len)
				buf_putc(&b, '-');
			pending_dash = 0;
			if (c < 0x80)
				buf_putc(&b, (char)c);
			else if (utf8_locale())
				utf8_encode(&b, cp);
			else
				buf_put(&b, (const char *)p, len);
		} else {
			pending_dash = 1;
		}
		p += len;
		left -= len;
	}
	if (!b.len)
		buf_puts(&b, "section");
	return buf_take(&b);
}

int idset_contains(const struct idset *set, const char *id)
{
	for (size_t i = 0; i < set->n; i++)
		if (!strcmp(set->ids[i], id))
			return 1;
	return 0;
}

const char *idset_add_unique(struct idset *set, const char *base)
{
	char *id = xstrdup(base);
	for (int k = 2; idset_contains(set, id); k++) {
		free(id);
		id = xasprintf("%s-%d", base, k);
	}
	if (set->n == set->cap) {
		set->cap = set->cap ? set->cap * 2 : 16;
		set->ids = xrealloc(set->ids, set->cap * sizeof *set->ids);
	}
	set->ids[set->n++] = id;
	return id;
}

void idset_free(struct idset *set)
{
	for (size_t i = 0; i < set->n; i++)
		free(set->ids[i]);
	free(set->ids);
	memset(set, 0, sizeof *set);
}
