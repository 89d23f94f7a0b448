/* mm_rel.c - bit-matrix relations and bit-vector event sets (rel.h). */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "rel.h"

static int words(int n)
{
	return n > 0 ? (n + 63) / 64 : 1;
}

struct rel rel_new(int n)
{
	struct rel r = { .n = n, .w = words(n) };
	r.m = xcalloc((size_t)(n > 0 ? n : 1) * (size_t)r.w, sizeof *r.m);
	return r;
}

void rel_free(struct rel *r)
{
	free(r->m);
	r->m = NULL;
}

struct rel rel_copy(const struct rel *r)
{
	struct rel c = rel_new(r->n);
	memcpy(c.m, r->m, (size_t)r->n * (size_t)r->w * sizeof *r->m);
	return c;
}

void rel_clear(struct rel *r)
{
	memset(r->m, 0, (size_t)r->n * (size_t)r->w * sizeof *r->m);
}

int rel_empty(const struct rel *r)
{
	for (size_t k = 0; k < (size_t)r->n * (size_t)r->w; k++)
		if (r->m[k])
			return 0;
	return 1;
}

void rel_union(struct rel *r, const struct rel *s)
{
	for (size_t k = 0; k < (size_t)r->n * (size_t)r->w; k++)
		r->m[k] |= s->m[k];
}

void rel_inter(struct rel *r, const struct rel *s)
{
	for (size_t k = 0; k < (size_t)r->n * (size_t)r->w; k++)
		r->m[k] &= s->m[k];
}

void rel_minus(struct rel *r, const struct rel *s)
{
	for (size_t k = 0; k < (size_t)r->n * (size_t)r->w; k++)
		r->m[k] &= ~s->m[k];
}

struct rel rel_seq(const struct rel *r, const struct rel *s)
{
	struct rel q = rel_new(r->n);
	for (int i = 0; i < r->n; i++) {
		uint64_t *out = rel_row(&q, i);
		const uint64_t *ri = rel_row(r, i);
		for (int x = 0; x < r->w; x++)
			for (uint64_t bits = ri[x]; bits; bits &= bits - 1) {
				const uint64_t *sj = rel_row(s, 64 * x + __builtin_ctzll(bits));
				for (int k = 0; k < r->w; k++)
					out[k] |= sj[k];
			}
	}
	return q;
}

struct rel rel_inverse(const struct rel *r)
{
	struct rel q = rel_new(r->n);
	for (int i = 0; i < r->n; i++)
		for (int j = 0; j < r->n; j++)
			if (rel_has(r, i, j))
				rel_add(&q, j, i);
	return q;
}

void rel_closure(struct rel *r)
{
	for (int k = 0; k < r->n; k++) {
		const uint64_t *rk = rel_row(r, k);
		for (int i = 0; i < r->n; i++) {
			uint64_t *ri = rel_row(r, i);
			if ((ri[k / 64] >> (k % 64)) & 1)
				for (int x = 0; x < r->w; x++)
					ri[x] |= rk[x];
		}
	}
}

void rel_restrict(struct rel *r, const struct set *d, const struct set *g)
{
	for (int i = 0; i < r->n; i++) {
		uint64_t *ri = rel_row(r, i);
		if (d && !set_has(d, i)) {
			memset(ri, 0, (size_t)r->w * sizeof *ri);
			continue;
		}
		if (g)
			for (int x = 0; x < r->w; x++)
				ri[x] &= g->b[x];
	}
}

struct set rel_range(const struct rel *r)
{
	struct set s = set_new(r->n);
	for (int i = 0; i < r->n; i++)
		for (int x = 0; x < r->w; x++)
			s.b[x] |= rel_row(r, i)[x];
	return s;
}

struct set rel_domain(const struct rel *r)
{
	struct set s = set_new(r->n);
	for (int i = 0; i < r->n; i++)
		for (int x = 0; x < r->w; x++)
			if (rel_row(r, i)[x])
				set_add(&s, i);
	return s;
}

int rel_irreflexive(const struct rel *r)
{
	for (int i = 0; i < r->n; i++)
		if (rel_has(r, i, i))
			return 0;
	return 1;
}

/* Removes from `left` every node with no successor in `left`, until none is removed; returns 1
 * when `left` ends empty. A graph is acyclic exactly when repeatedly removing its sinks empties
 * it. */
static int peel(const struct rel *r, uint64_t *left)
{
	for (int removed = 1; removed;) {
		removed = 0;
		for (int x = 0; x < r->w; x++)
			for (uint64_t bits = left[x]; bits; bits &= bits - 1) {
				int u = 64 * x + __builtin_ctzll(bits);
				const uint64_t *ru = rel_row(r, u);
				uint64_t any = 0;
				for (int k = 0; k < r->w; k++)
					any |= ru[k] & left[k];
				if (!any)
					left[x] &= ~((uint64_t)1 << (u % 64)), removed = 1;
			}
	}
	for (int x = 0; x < r->w; x++)
		if (left[x])
			return 0;
	return 1;
}

int rel_acyclic(const struct rel *r)
{
	uint64_t small[4], *left = r->w <= 4 ? small : xmalloc((size_t)r->w * sizeof *left);
	for (int x = 0; x < r->w; x++)
		left[x] = x < r->n / 64 ? ~(uint64_t)0 : ((uint64_t)1 << (r->n % 64)) - 1;
	int ok = peel(r, left);
	if (left != small)
		free(left);
	return ok;
}

struct set set_new(int n)
{
	struct set s = { .n = n, .w = words(n) };
	s.b = xcalloc((size_t)s.w, sizeof *s.b);
	return s;
}

void set_free(struct set *s)
{
	free(s->b);
	s->b = NULL;
}

void set_union(struct set *s, const struct set *t)
{
	for (int x = 0; x < s->w; x++)
		s->b[x] |= t->b[x];
}
