/* spell: words out of prose, checked with libhunspell. */
#define _GNU_SOURCE
#include "spell.h"

#include <errno.h>
#include <hunspell.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#include "diag.h"
#include "utf8.h"
#include "util.h"

struct speller {
	Hunhandle *h;
	locale_t loc; /* C.UTF-8, for iswalpha */
};

struct speller *speller_new(const char *dict, const char *words)
{
	char *aff = xasprintf("%s.aff", dict), *dic = xasprintf("%s.dic", dict);
	struct speller *sp = NULL;
	char *list = NULL;
	if (!file_exists(aff) || !file_exists(dic)) {
		diag_at(dic, 0,
			"hunspell dictionary not found (install the Debian package hunspell-en-us)");
		goto out;
	}
	list = read_file(words, NULL);
	if (!list) {
		diag_at(words, 0, "cannot read the word list: %s", strerror(errno));
		goto out;
	}
	sp = xcalloc(1, sizeof *sp);
	sp->h = Hunspell_create(aff, dic);
	sp->loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	for (char *w = strtok(list, "\n"); w; w = strtok(NULL, "\n")) {
		size_t n = strlen(w);
		while (n && (w[n - 1] == '\r' || w[n - 1] == ' '))
			w[--n] = '\0';
		if (n && w[0] != '#')
			Hunspell_add(sp->h, w);
	}
out:
	free(list);
	free(aff);
	free(dic);
	return sp;
}

void speller_free(struct speller *sp)
{
	if (!sp)
		return;
	Hunspell_destroy(sp->h);
	if (sp->loc)
		freelocale(sp->loc);
	free(sp);
}

enum { OTHER, LETTER, APOSTROPHE };

static int kind(const struct speller *sp, const unsigned char *s, size_t n, size_t *len)
{
	unsigned cp = '?';
	*len = utf8_decode(s, n, &cp);
	if (!*len)
		*len = 1;
	if (cp == '\'' || cp == 0x2019)
		return APOSTROPHE;
	if ((cp >= '0' && cp <= '9') || (cp < 0x80 ? ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') :
						     sp->loc && iswalpha_l((wint_t)cp, sp->loc)))
		return LETTER;
	return OTHER;
}

void speller_check(struct speller *sp, const char *text, size_t len, speller_fn fn, void *ctx)
{
	const unsigned char *t = (const unsigned char *)text;
	struct buf word = { 0 };
	size_t i = 0, n;
	while (i < len) {
		int k = kind(sp, t + i, len - i, &n);
		if (k == OTHER) {
			i += n;
			continue;
		}
		/* a run of letters and apostrophes; the word is from its first letter to its last */
		size_t first = len, end = 0;
		for (; i < len && (k = kind(sp, t + i, len - i, &n)) != OTHER; i += n) {
			if (k == LETTER) {
				first = first < i ? first : i;
				end = i + n;
			}
		}
		if (first >= end)
			continue;
		word.len = 0;
		buf_put(&word, text + first, end - first);
		if (!Hunspell_spell(sp->h, word.data))
			fn(ctx, first, end - first);
	}
	buf_free(&word);
}
