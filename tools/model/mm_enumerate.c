/* mm_enumerate.c - candidate executions: every combination of one trace per thread, then every
 * combination of the locations' rf and co candidates (locs.h), each judged by the model's
 * acyclicity check (check.h); the allowed ones go to the caller (model.h). Cost: README.md. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "check.h"
#include "locs.h"

/* One combination of traces, being enumerated. */
struct combo {
	const struct mm_problem *p;
	const int *path;
	struct graph g;
	struct check chk;
	const struct lcands **cand; /* [nlocs], owned by the run's cache */
	int *pick;		    /* [nlocs] the candidate chosen for each location */
	/* The compact graph: the events the dynamic edges touch (map: event -> compact number). */
	int *map, k;
	struct rel base; /* chk.order restricted to those events */
	/* The execution handed to the callback. */
	struct mm_ref **rf;
	struct mm_loc *locs;
	struct mm_ref *co;
	int partial;
	const char *why;
};

struct run {
	mm_exec_fn fn;
	void *ctx;
	struct mm_stats *st;
	int halt;	      /* 1: stop everything (callback or budget) */
	struct lcache *cache; /* the locations' candidates by signature (locs.h) */
	struct lbudget lb;    /* their search's steps (max_searched) */
};

/* The events some candidate's dynamic edges touch, numbered 0..k-1, and the fixed order among
 * them. A cycle of order | edges passes through such events only: order is transitively closed and
 * acyclic, so every stretch of it between two dynamic edges is one of its pairs. */
static void compact(struct combo *c)
{
	c->map = xmalloc(((size_t)c->g.n + 1) * sizeof(int));
	for (int i = 0; i < c->g.n; i++)
		c->map[i] = -1;
	c->k = 0;
	for (int l = 0; l < c->g.nlocs; l++)
		for (int j = 0; j < c->cand[l]->n; j++)
			for (int e = 0; e < 2 * c->cand[l]->c[j].nedges; e++) {
				int v = locs_event(&c->g.locs[l], c->cand[l]->c[j].edges[e]);
				if (c->map[v] < 0)
					c->map[v] = c->k++;
			}
	c->base = rel_new(c->k);
	for (int a = 0; a < c->g.n; a++)
		for (int b = 0; b < c->g.n; b++)
			if (c->map[a] >= 0 && c->map[b] >= 0 && rel_has(&c->chk.order, a, b))
				rel_add(&c->base, c->map[a], c->map[b]);
}

/* The model's check on the chosen candidates. */
static int allowed(struct combo *c, struct rel *work)
{
	memcpy(work->m, c->base.m, (size_t)c->k * (size_t)c->base.w * sizeof *work->m);
	for (int l = 0; l < c->g.nlocs; l++) {
		const struct lcand *x = &c->cand[l]->c[c->pick[l]];
		const struct gloc *L = &c->g.locs[l];
		for (int e = 0; e < x->nedges; e++)
			rel_add(work, c->map[locs_event(L, x->edges[2 * e])],
				c->map[locs_event(L, x->edges[2 * e + 1])]);
	}
	return rel_acyclic(work);
}

static struct mm_ref ref_of(const struct graph *g, int e)
{
	return (struct mm_ref){ g->ev[e].thread, g->ev[e].thread == MM_INIT ? 0 : g->ev[e].index };
}

/* Fills the execution's rf and co from the chosen candidates and calls back. */
static void emit(struct combo *c, struct run *r)
{
	const struct graph *g = &c->g;
	int nco = 0;
	for (int l = 0; l < g->nlocs; l++) {
		const struct lcand *x = &c->cand[l]->c[c->pick[l]];
		const struct gloc *L = &g->locs[l];
		for (int i = 0; i < L->nreads; i++) {
			struct gev *rd = &g->ev[L->reads[i]];
			c->rf[rd->thread][rd->index] = ref_of(g, L->writes[x->rf[i]]);
		}
		c->locs[l] =
			(struct mm_loc){ L->addr,     L->size,
					 L->init,     g->ev[L->writes[x->co[L->nwrites - 1]]].value,
					 c->co + nco, L->nwrites - 1 };
		for (int i = 1; i < L->nwrites; i++)
			c->co[nco++] = ref_of(g, L->writes[x->co[i]]);
	}
	struct mm_exec x = { g->nthreads, g->trace, c->path,	(const struct mm_ref *const *)c->rf,
			     c->locs,	  g->nlocs, c->partial, c->why };
	r->st->allowed++;
	if (c->partial && !r->st->partial)
		r->st->partial = 1, r->st->why = c->why;
	if (r->fn && r->fn(&x, r->ctx))
		r->halt = 1, r->st->stopped = 1;
}

/* Next choice of candidates, as an odometer; 0 after the last. */
static int next_pick(struct combo *c)
{
	for (int l = 0; l < c->g.nlocs; l++) {
		if (++c->pick[l] < c->cand[l]->n)
			return 1;
		c->pick[l] = 0;
	}
	return 0;
}

static void product(struct combo *c, struct run *r)
{
	struct rel work = rel_new(c->k);
	uint64_t max = c->p->max_checked;
	do {
		if (max && r->st->checked >= max) {
			r->st->partial = 1, r->halt = 1;
			r->st->why = "the budget of candidate executions (max_checked) was reached";
			break;
		}
		r->st->checked++;
		if (allowed(c, &work))
			emit(c, r);
	} while (!r->halt && next_pick(c));
	rel_free(&work);
}

/* The callback's buffers: rf per thread and event, co for all locations. */
static void alloc_exec(struct combo *c)
{
	const struct graph *g = &c->g;
	c->rf = xcalloc((size_t)g->nthreads + 1, sizeof *c->rf);
	for (int t = 0; t < g->nthreads; t++) {
		int nev = g->trace[t]->nev;
		c->rf[t] = xmalloc(((size_t)nev + 1) * sizeof **c->rf);
		for (int i = 0; i < nev; i++)
			c->rf[t][i] = (struct mm_ref){ MM_INIT, -1 };
	}
	c->locs = xcalloc((size_t)g->nlocs + 1, sizeof *c->locs);
	c->co = xcalloc((size_t)g->n + 1, sizeof *c->co);
	c->pick = xcalloc((size_t)g->nlocs + 1, sizeof *c->pick);
}

static void free_combo(struct combo *c)
{
	for (int t = 0; c->rf && t < c->g.nthreads; t++)
		free(c->rf[t]);
	free(c->rf), free(c->locs), free(c->co), free(c->pick), free(c->cand), free(c->map);
	rel_free(&c->base);
	check_free(&c->chk);
	graph_free(&c->g);
}

/* Every candidate location choice of one combination of traces. */
static int run_combo(const struct mm_problem *p, const int *path, struct run *r, char **err)
{
	const struct mm_trace **tr = xmalloc(((size_t)p->nthreads + 1) * sizeof *tr);
	struct combo c = { .p = p, .path = path };
	for (int t = 0; t < p->nthreads; t++) {
		tr[t] = &p->threads[t].traces[path[t]];
		if (tr[t]->partial && !c.partial)
			c.partial = 1,
			c.why = tr[t]->why ? tr[t]->why : "a path was cut at a bound";
	}
	r->st->combos++;
	if (graph_build(&c.g, p->nthreads, tr, p->init, p->ninit, err)) {
		free(tr);
		return -1;
	}
	check_prepare(&c.chk, &c.g, p->model);
	if (!r->cache)
		r->cache = lcache_new(c.chk.dyn, &r->lb);
	c.cand = xcalloc((size_t)c.g.nlocs + 1, sizeof *c.cand);
	int none = 0;
	for (int l = 0; l < c.g.nlocs && !none && !r->halt; l++) {
		none = (c.cand[l] = lcache_get(r->cache, &c.g, l))->n == 0;
		if (c.cand[l]->partial) /* the search stopped at the budget: no verdict from here on */
			r->st->partial = 1, r->halt = 1,
			r->st->why =
				"the budget of steps searching one location's coherence orders "
				"(max_searched) was reached";
	}
	if (!none && !r->halt) {
		compact(&c);
		alloc_exec(&c);
		product(&c, r);
	}
	free_combo(&c);
	free(tr);
	return 0;
}

/* Next combination of one trace per thread, as an odometer; 0 after the last. */
static int next_path(const struct mm_problem *p, int *path)
{
	for (int t = 0; t < p->nthreads; t++) {
		if (++path[t] < p->threads[t].ntraces)
			return 1;
		path[t] = 0;
	}
	return 0;
}

int mm_enumerate(const struct mm_problem *p, mm_exec_fn fn, void *ctx, struct mm_stats *stats,
		 char **err)
{
	*stats = (struct mm_stats){ 0 };
	*err = NULL;
	struct run r = { fn, ctx, stats, 0, NULL, { p->max_searched, 0 } };
	for (int t = 0; t < p->nthreads; t++)
		if (p->threads[t].ntraces <= 0)
			return 0;
	int *path = xcalloc((size_t)p->nthreads + 1, sizeof *path);
	int rc = 0;
	do
		rc = run_combo(p, path, &r, err);
	while (rc == 0 && !r.halt && next_path(p, path));
	free(path);
	if (r.cache)
		lcache_free(r.cache);
	return rc;
}
