/* mm_explain.c - why an allowed execution is not sequentially consistent: the program-order pairs it
 * contradicts that the model leaves unordered (mm_unordered, model.h). For the pages' witness
 * pictures: the ordering edge that is missing. */
#include <stdlib.h>

#include "check.h"

/* The event number of w, a write of location loc (the initial write when w.thread == MM_INIT). */
static int write_id(const struct graph *g, struct mm_ref w, int loc)
{
	return w.thread == MM_INIT ? loc : graph_id(g, w.thread, w.index);
}

static int loc_of(const struct graph *g, uint64_t addr)
{
	for (int l = 0; l < g->nlocs; l++)
		if (g->locs[l].addr == addr)
			return l;
	return -1;
}

/* The location of x with addr; NULL when none. */
static const struct mm_loc *xloc(const struct mm_exec *x, uint64_t addr)
{
	for (int k = 0; k < x->nlocs; k++)
		if (x->locs[k].addr == addr)
			return &x->locs[k];
	return NULL;
}

/* co as consecutive pairs from each location's initial write (the closure adds the rest). */
static void add_co(struct rel *r, const struct graph *g, const struct mm_exec *x)
{
	for (int k = 0; k < x->nlocs; k++) {
		int l = loc_of(g, x->locs[k].addr), prev = l;
		for (int c = 0; l >= 0 && c < x->locs[k].nco; c++) {
			int w = write_id(g, x->locs[k].co[c], l);
			rel_add(r, prev, w);
			prev = w;
		}
	}
}

/* rf, and fr from each read to the write coherence-next after the one it reads. */
static void add_rf_fr(struct rel *r, const struct graph *g, const struct mm_exec *x)
{
	for (int t = 0; t < x->nthreads; t++)
		for (int i = 0; i < x->trace[t]->nev; i++) {
			int e = graph_id(g, t, i), l = g->ev[e].loc;
			if (g->ev[e].kind != MM_R)
				continue;
			struct mm_ref w = x->rf[t][i];
			rel_add(r, write_id(g, w, l), e);
			const struct mm_loc *m = xloc(x, g->locs[l].addr);
			int next = 0; /* after the initial write: the first of co */
			for (int c = 0; m && w.thread != MM_INIT && c < m->nco; c++)
				if (m->co[c].thread == w.thread && m->co[c].index == w.index)
					next = c + 1;
			if (m && next < m->nco)
				rel_add(r, e, write_id(g, m->co[next], l));
		}
}

static void collect(const struct graph *g, const struct rel *back, const struct rel *order,
		    struct mm_pair **out, int *n)
{
	for (int t = 0; t < g->nthreads; t++)
		for (int i = 0; i < g->trace[t]->nev; i++)
			for (int j = i + 1; j < g->trace[t]->nev; j++) {
				int a = graph_id(g, t, i), b = graph_id(g, t, j);
				if (g->ev[a].kind == MM_F || g->ev[b].kind == MM_F ||
				    !rel_has(back, b, a) || rel_has(order, a, b))
					continue;
				*out = realloc(*out, (size_t)(*n + 1) * sizeof **out);
				if (!*out)
					abort();
				(*out)[(*n)++] = (struct mm_pair){ t, i, j };
			}
}

int mm_unordered(enum mm_model_id m, const struct mm_exec *x, const struct mm_init *init, int ninit,
		 struct mm_pair **out, char **err)
{
	struct graph g;
	*out = NULL;
	if (graph_build(&g, x->nthreads, x->trace, init, ninit, err) != 0)
		return -1;
	struct check c;
	check_prepare(&c, &g, m);
	struct rel back = rel_copy(&g.po);
	add_co(&back, &g, x);
	add_rf_fr(&back, &g, x);
	rel_closure(&back);
	int n = 0;
	collect(&g, &back, &c.order, out, &n);
	rel_free(&back);
	check_free(&c);
	graph_free(&g);
	return n;
}
