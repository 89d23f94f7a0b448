/*
 * tset.c - growable bitsets of event indices (see tset.h).
 */
#include "tset.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

static void grow(struct tset *s, int nw)
{
	if (nw <= s->nw)
		return;
	s->w = xrealloc(s->w, (size_t)nw * sizeof *s->w);
	memset(s->w + s->nw, 0, (size_t)(nw - s->nw) * sizeof *s->w);
	s->nw = nw;
}

void tset_clear(struct tset *s)
{
	if (s->nw)
		memset(s->w, 0, (size_t)s->nw * sizeof *s->w);
}

void tset_add(struct tset *s, int i)
{
	grow(s, i / 64 + 1);
	s->w[i / 64] |= 1ull << (i % 64);
}

void tset_union(struct tset *s, const struct tset *o)
{
	grow(s, o->nw);
	for (int i = 0; i < o->nw; i++)
		s->w[i] |= o->w[i];
}

void tset_copy(struct tset *s, const struct tset *o)
{
	tset_clear(s);
	tset_union(s, o);
}

int tset_empty(const struct tset *s)
{
	for (int i = 0; i < s->nw; i++)
		if (s->w[i])
			return 0;
	return 1;
}

int tset_has(const struct tset *s, int i)
{
	return i / 64 < s->nw && (s->w[i / 64] >> (i % 64) & 1);
}

int *tset_list(const struct tset *s, int *n)
{
	int k = 0;
	for (int i = 0; i < s->nw; i++)
		k += __builtin_popcountll(s->w[i]);
	*n = k;
	if (!k)
		return NULL;
	int *out = xmalloc((size_t)k * sizeof *out);
	k = 0;
	for (int i = 0; i < s->nw * 64; i++)
		if (tset_has(s, i))
			out[k++] = i;
	return out;
}

void tset_free(struct tset *s)
{
	free(s->w);
	s->w = NULL;
	s->nw = 0;
}
