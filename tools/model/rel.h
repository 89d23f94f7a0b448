/* rel.h - binary relations over the events of one candidate execution, as bit matrices, and sets of
 * events as bit vectors: the algebra herd's cat language writes (Alglave, Maranget, Tautschnig,
 * "Herding cats", TOPLAS 2014, section 4): union `|`, intersection `&`, sequence `;`, inverse `^-1`,
 * transitive closure `+`, the identity on a set `[S]`, and the checks `acyclic`, `irreflexive`,
 * `empty`. Events are numbered 0..n-1. Everything is allocated (never truncated); the caller frees
 * with rel_free / set_free. */
#ifndef MODEL_REL_H
#define MODEL_REL_H
#include <stdint.h>

struct rel {
	int n, w;    /* n events; w 64-bit words a row */
	uint64_t *m; /* row i: the successors of i */
};

/* A set of events: n bits. */
struct set {
	int n, w;
	uint64_t *b;
};

struct rel rel_new(int n); /* empty */
void rel_free(struct rel *r);
struct rel rel_copy(const struct rel *r);
void rel_clear(struct rel *r);
static inline uint64_t *rel_row(const struct rel *r, int i)
{
	return r->m + (size_t)i * (size_t)r->w;
}
static inline int rel_has(const struct rel *r, int i, int j)
{
	return (int)((rel_row(r, i)[j / 64] >> (j % 64)) & 1);
}
static inline void rel_add(struct rel *r, int i, int j)
{
	rel_row(r, i)[j / 64] |= (uint64_t)1 << (j % 64);
}
int rel_empty(const struct rel *r);
/* r |= s; r &= s; r &= ~s (same n). */
void rel_union(struct rel *r, const struct rel *s);
void rel_inter(struct rel *r, const struct rel *s);
void rel_minus(struct rel *r, const struct rel *s);
/* r; s (a new relation): i -> k when i r j and j s k for some j. */
struct rel rel_seq(const struct rel *r, const struct rel *s);
struct rel rel_inverse(const struct rel *r);
/* In place: r becomes r+ (Warshall over bit rows, O(n^3/64)). */
void rel_closure(struct rel *r);
/* [d]; r; [g] in place: keep the pairs whose source is in d (NULL: any) and target in g (NULL: any). */
void rel_restrict(struct rel *r, const struct set *d, const struct set *g);
/* The range (targets) and domain (sources) of r, as new sets. */
struct set rel_range(const struct rel *r);
struct set rel_domain(const struct rel *r);
int rel_irreflexive(const struct rel *r);
/* 1 when r has no cycle (a depth-first search; r is unchanged). */
int rel_acyclic(const struct rel *r);

struct set set_new(int n); /* empty */
void set_free(struct set *s);
static inline int set_has(const struct set *s, int i)
{
	return (int)((s->b[i / 64] >> (i % 64)) & 1);
}
static inline void set_add(struct set *s, int i)
{
	s->b[i / 64] |= (uint64_t)1 << (i % 64);
}
/* s |= t (same n). */
void set_union(struct set *s, const struct set *t);

#endif
