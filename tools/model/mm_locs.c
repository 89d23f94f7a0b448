/* mm_locs.c - one location's candidate rf and co, checked for internal visibility and atomicity
 * (locs.h). */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check.h"
#include "locs.h"

/* The search state for one location. Local numbers: writes 0..nw-1 (gloc.writes order), reads
 * nw..nw+nr-1. */
struct search {
	const struct graph *g;
	const struct gloc *L;
	int nw, nr;
	int *co;  /* [nw] local write numbers in coherence order */
	int *pos; /* [nw] position of each write in co */
	int *rf;  /* [nr] local write number, -1 while unassigned */
	char *used;
	struct rel poloc, work; /* po-loc among the location's events (local numbers); scratch */
	unsigned dyn;
	struct lbudget *b;
	struct lcands *out;
	int found;
};

/* One more step of the search: 0 while the budget allows it; past it, 1 with out->partial set
 * (every caller returns, so the search unwinds). */
static int spent(struct search *s)
{
	if (s->out->partial)
		return 1;
	if (!s->b || !s->b->max || ++s->b->spent <= s->b->max)
		return 0;
	s->out->partial = 1;
	return 1;
}

static int gid(const struct search *s, int local)
{
	return local < s->nw ? s->L->writes[local] : s->L->reads[local - s->nw];
}

/* B2.3 "Internal visibility requirement" (armv8-common.cat: "acyclic po-loc | ca | rf as
 * internal", with "let ca = fr | co"), on this location's events, with the reads assigned so far.
 * co is a chain, so its successive pairs and each read's fr to the write right after its source
 * in co give the same cycles as the whole relations. */
static int internal(struct search *s)
{
	struct rel *r = &s->work;
	memcpy(r->m, s->poloc.m, (size_t)r->n * (size_t)r->w * sizeof *r->m);
	for (int i = 0; i + 1 < s->nw; i++)
		rel_add(r, s->co[i], s->co[i + 1]);
	for (int i = 0; i < s->nr; i++) {
		if (s->rf[i] < 0)
			continue;
		rel_add(r, s->rf[i], s->nw + i);
		int p = s->pos[s->rf[i]];
		if (p + 1 < s->nw)
			rel_add(r, s->nw + i, s->co[p + 1]);
	}
	return rel_acyclic(r);
}

/* po-loc among the location's events, in local numbers. */
static void local_poloc(struct search *s)
{
	int k = s->nw + s->nr;
	s->poloc = rel_new(k), s->work = rel_new(k);
	for (int a = 0; a < k; a++)
		for (int b = 0; b < k; b++)
			if (rel_has(&s->g->poloc, gid(s, a), gid(s, b)))
				rel_add(&s->poloc, a, b);
}

/* B2.3 atomicity (armv8-common.cat: "empty rmw & (fre; coe) as atomic"): no write of another thread
 * is coherence-between the write an RMW's read reads and the RMW's write. */
static int atomic(const struct search *s)
{
	const struct graph *g = s->g;
	for (int i = 0; i < s->nr; i++) {
		int r = gid(s, s->nw + i), w = -1;
		for (int j = 0; j < s->nw; j++)
			if (rel_has(&g->rmw, r, gid(s, j)))
				w = j;
		if (w < 0)
			continue;
		for (int p = s->pos[s->rf[i]] + 1; p < s->pos[w]; p++)
			if (!graph_same_thread(g, r, gid(s, s->co[p])))
				return 0;
	}
	return 1;
}

static void push_edge(struct buf *b, int from, int to)
{
	int e[2] = { from, to };
	buf_put(b, e, sizeof e);
}

/* The dynamic edges of the candidate: rf, co, fr pairs split by internal / external. */
static void candidate_edges(const struct search *s, struct lcand *c)
{
	const struct graph *g = s->g;
	struct buf b = { 0 };
	for (int i = 0; i < s->nw; i++)
		for (int j = i + 1; j < s->nw; j++) {
			int x = c->co[i], y = c->co[j];
			int in = graph_same_thread(g, gid(s, x), gid(s, y));
			if (s->dyn & (in ? DYN_COI : DYN_COE))
				push_edge(&b, x, y);
		}
	for (int i = 0; i < s->nr; i++) {
		int r = s->nw + i, w = c->rf[i];
		int in = graph_same_thread(g, gid(s, w), gid(s, r));
		if (s->dyn & (in ? DYN_RFI : DYN_RFE))
			push_edge(&b, w, r);
		for (int p = s->pos[s->rf[i]] + 1; p < s->nw; p++) {
			int y = c->co[p];
			if (s->dyn &
			    (graph_same_thread(g, gid(s, r), gid(s, y)) ? DYN_FRI : DYN_FRE))
				push_edge(&b, r, y);
		}
	}
	c->nedges = (int)(b.len / (2 * sizeof(int)));
	c->edges = b.data ? (int *)(void *)buf_take(&b) : xmalloc(1);
}

static void record(struct search *s)
{
	if (!atomic(s))
		return;
	struct lcands *o = s->out;
	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 16;
		o->c = xrealloc(o->c, (size_t)o->cap * sizeof *o->c);
	}
	struct lcand *c = &o->c[o->n++];
	c->co = xmalloc((size_t)s->nw * sizeof(int));
	c->rf = xmalloc(((size_t)s->nr + 1) * sizeof(int));
	memcpy(c->co, s->co, (size_t)s->nw * sizeof(int));
	memcpy(c->rf, s->rf, (size_t)s->nr * sizeof(int));
	candidate_edges(s, c);
	s->found++;
}

/* A read may take write w: same value; not a write after it in its own thread (that is the
 * cycle rf; po-loc at once). */
static int may_read(const struct search *s, int i, int w)
{
	int r = gid(s, s->nw + i), wg = gid(s, w);
	return s->g->ev[wg].value == s->g->ev[r].value && !rel_has(&s->g->po, r, wg);
}

static void choose_rf(struct search *s, int i)
{
	if (spent(s))
		return;
	if (i == s->nr) {
		record(s);
		return;
	}
	for (int w = 0; w < s->nw; w++) {
		if (!may_read(s, i, w))
			continue;
		s->rf[i] = w;
		if (internal(s))
			choose_rf(s, i + 1);
		s->rf[i] = -1;
	}
}

/* Write w may come next in co when every write of its thread before it in po is placed (else
 * po-loc and co make a cycle). */
static int may_place(const struct search *s, int w)
{
	for (int v = 1; v < s->nw; v++)
		if (!s->used[v] && v != w && rel_has(&s->g->po, gid(s, v), gid(s, w)))
			return 0;
	return 1;
}

static void choose_co(struct search *s, int p)
{
	if (spent(s))
		return;
	if (p == s->nw) {
		if (internal(s))
			choose_rf(s, 0);
		return;
	}
	for (int w = 1; w < s->nw; w++) {
		if (s->used[w] || !may_place(s, w))
			continue;
		s->used[w] = 1, s->co[p] = w, s->pos[w] = p;
		choose_co(s, p + 1);
		s->used[w] = 0;
	}
}

int locs_candidates(const struct graph *g, int l, unsigned dyn, struct lbudget *b,
		    struct lcands *out)
{
	const struct gloc *L = &g->locs[l];
	struct search s = {
		.g = g, .L = L, .nw = L->nwrites, .nr = L->nreads, .dyn = dyn, .b = b, .out = out
	};
	s.co = xmalloc((size_t)s.nw * sizeof(int));
	s.pos = xmalloc((size_t)s.nw * sizeof(int));
	s.rf = xmalloc(((size_t)s.nr + 1) * sizeof(int));
	s.used = xcalloc((size_t)s.nw, 1);
	for (int i = 0; i < s.nr; i++)
		s.rf[i] = -1;
	s.co[0] = 0, s.pos[0] = 0, s.used[0] = 1;
	local_poloc(&s);
	choose_co(&s, 1);
	free(s.co), free(s.pos), free(s.rf), free(s.used);
	rel_free(&s.poloc), rel_free(&s.work);
	return s.found;
}

void lcands_free(struct lcands *c)
{
	for (int i = 0; i < c->n; i++)
		free(c->c[i].co), free(c->c[i].rf), free(c->c[i].edges);
	free(c->c);
	*c = (struct lcands){ 0 };
}
