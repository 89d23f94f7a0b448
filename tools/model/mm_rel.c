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
		for (int j = 0; j < r->n; j++)
			if (rel_has(r, i, j))
				for (int k = 0; k < r->w; k++)
					out[k] |= rel_row(s, j)[k];
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

/* Iterative depth-first search from `root`; color 0 new, 1 on the stack, 2 done. Returns 0 when it
 * meets an edge back to a node on the stack (a cycle). */
static int dfs_acyclic(const struct rel *r, int root, char *color, int *stack, int *next)
{
	int top = 0;
	stack[top] = root, next[top] = 0, color[root] = 1;
	while (top >= 0) {
		int u = stack[top], v = next[top];
		while (v < r->n && !rel_has(r, u, v))
			v++;
		if (v == r->n) {
			color[u] = 2, top--;
			continue;
		}
		next[top] = v + 1;
		if (color[v] == 1)
			return 0;
		if (color[v] == 0) {
			top++;
			stack[top] = v, next[top] = 0, color[v] = 1;
		}
	}
	return 1;
}

int rel_acyclic(const struct rel *r)
{
	char *color = xcalloc((size_t)r->n + 1, 1);
	int *stack = xmalloc(((size_t)r->n + 1) * sizeof *stack);
	int *next = xmalloc(((size_t)r->n + 1) * sizeof *next);
	int ok = 1;
	for (int i = 0; i < r->n && ok; i++)
		if (color[i] == 0)
			ok = dfs_acyclic(r, i, color, stack, next);
	free(color), free(stack), free(next);
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
