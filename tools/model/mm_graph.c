/* mm_graph.c - the events of one combination of traces and their static relations (graph.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "graph.h"

/* One use of a location, for building the location table and naming the uses in messages. */
struct use {
	uint64_t addr;
	unsigned size;
	int thread, index; /* thread MM_INIT: index of the mm_init entry */
};

static char *describe(const struct mm_trace *const *trace, int t, int i)
{
	if (t == MM_INIT)
		return xasprintf("the initial value (entry %d)", i);
	const struct mm_event *e = &trace[t]->ev[i];
	struct buf b = { 0 };
	buf_printf(&b, "thread %d event %d", t, i);
	if (e->text && e->line)
		buf_printf(&b, " ('%s', line %d)", e->text, e->line);
	else if (e->text)
		buf_printf(&b, " ('%s')", e->text);
	else if (e->line)
		buf_printf(&b, " (line %d)", e->line);
	return buf_take(&b);
}

char *graph_describe(const struct graph *g, int e)
{
	if (g->ev[e].thread == MM_INIT)
		return xasprintf("the initial value of 0x%" PRIx64, g->locs[g->ev[e].loc].addr);
	return describe(g->trace, g->ev[e].thread, g->ev[e].index);
}

static int cmp_use(const void *a, const void *b)
{
	const struct use *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return (x->size > y->size) - (x->size < y->size);
}

static struct use *collect_uses(const struct graph *g, const struct mm_init *init, int ninit,
				int *nuses)
{
	int cap = ninit, k = 0;
	for (int t = 0; t < g->nthreads; t++)
		cap += g->trace[t]->nev;
	struct use *u = xmalloc(((size_t)cap + 1) * sizeof *u);
	for (int i = 0; i < ninit; i++)
		u[k++] = (struct use){ init[i].addr, init[i].size, MM_INIT, i };
	for (int t = 0; t < g->nthreads; t++)
		for (int i = 0; i < g->trace[t]->nev; i++) {
			const struct mm_event *e = &g->trace[t]->ev[i];
			if (e->kind != MM_F)
				u[k++] = (struct use){ e->addr, e->size, t, i };
		}
	qsort(u, (size_t)k, sizeof *u, cmp_use);
	*nuses = k;
	return u;
}

static char *mixed_size(const struct graph *g, const struct use *a, const struct use *b)
{
	char *da = describe(g->trace, a->thread, a->index);
	char *db = describe(g->trace, b->thread, b->index);
	char *m = xasprintf("mixed-size accesses to overlapping locations are not modelled: %s: %u "
			    "bytes at 0x%" PRIx64 "; %s: %u bytes at 0x%" PRIx64,
			    da, a->size, a->addr, db, b->size, b->addr);
	free(da), free(db);
	return m;
}

/* The location table from the sorted uses; -1 with *err when two distinct ones overlap. */
static int make_locs(struct graph *g, const struct use *u, int nu, char **err)
{
	g->locs = xcalloc((size_t)nu + 1, sizeof *g->locs);
	const struct use *widest = NULL; /* the use reaching furthest so far */
	for (int k = 0; k < nu; k++) {
		if (widest && (u[k].addr != widest->addr || u[k].size != widest->size) &&
		    u[k].addr < widest->addr + widest->size) {
			*err = mixed_size(g, widest, &u[k]);
			return -1;
		}
		if (!widest || u[k].addr != widest->addr || u[k].size != widest->size)
			g->locs[g->nlocs++] = (struct gloc){ .addr = u[k].addr, .size = u[k].size };
		if (!widest || u[k].addr + u[k].size > widest->addr + widest->size)
			widest = &u[k];
	}
	return 0;
}

static int find_loc(const struct graph *g, uint64_t addr)
{
	int lo = 0, hi = g->nlocs - 1;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (g->locs[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Events: the initial writes, then each thread's events; each location's writes and reads. */
static void make_events(struct graph *g, const struct mm_init *init, int ninit)
{
	for (int i = 0; i < ninit; i++)
		g->locs[find_loc(g, init[i].addr)].init = init[i].value;
	g->base = xmalloc(((size_t)g->nthreads + 1) * sizeof *g->base);
	g->n = g->nlocs;
	for (int t = 0; t < g->nthreads; t++)
		g->base[t] = g->n, g->n += g->trace[t]->nev;
	g->ev = xcalloc((size_t)g->n + 1, sizeof *g->ev);
	for (int l = 0; l < g->nlocs; l++) {
		g->ev[l] = (struct gev){ NULL, MM_INIT, l, MM_W, l, g->locs[l].init };
		g->locs[l].writes = xmalloc(((size_t)g->n + 1) * sizeof(int));
		g->locs[l].reads = xmalloc(((size_t)g->n + 1) * sizeof(int));
		g->locs[l].writes[g->locs[l].nwrites++] = l;
	}
	for (int t = 0; t < g->nthreads; t++)
		for (int i = 0; i < g->trace[t]->nev; i++) {
			const struct mm_event *e = &g->trace[t]->ev[i];
			int id = graph_id(g, t, i), l = e->kind == MM_F ? -1 : find_loc(g, e->addr);
			g->ev[id] = (struct gev){ e, t, i, e->kind, l, e->value };
			if (e->kind == MM_W)
				g->locs[l].writes[g->locs[l].nwrites++] = id;
			else if (e->kind == MM_R)
				g->locs[l].reads[g->locs[l].nreads++] = id;
		}
}

/* A dependency list of event i: earlier reads of the same trace, sorted. */
static int check_deps(const struct mm_trace *tr, int i, const int *deps, int nd, const char *what,
		      char **err, const struct graph *g, int t)
{
	for (int k = 0; k < nd; k++)
		if (deps[k] < 0 || deps[k] >= i || tr->ev[deps[k]].kind != MM_R ||
		    (k > 0 && deps[k] <= deps[k - 1])) {
			char *d = describe(g->trace, t, i);
			*err = xasprintf(
				"%s: %s dependency on event %d, which is not an earlier read "
				"(or the list is not sorted)",
				d, what, deps[k]);
			free(d);
			return -1;
		}
	return 0;
}

/* An rmw index: a read paired with a later write of the same location and size. */
static int check_rmw(const struct graph *g, int t, int i, char **err)
{
	const struct mm_trace *tr = g->trace[t];
	const struct mm_event *e = &tr->ev[i];
	if (e->rmw < 0)
		return 0;
	int j = e->rmw;
	if (e->kind == MM_R && j > i && j < tr->nev && tr->ev[j].kind == MM_W &&
	    tr->ev[j].addr == e->addr && tr->ev[j].size == e->size)
		return 0;
	char *d = describe(g->trace, t, i);
	*err = xasprintf("%s: rmw names event %d, which is not a later write of the same location "
			 "(or the event is not a read)",
			 d, j);
	free(d);
	return -1;
}

static int check_trace(const struct graph *g, int t, char **err)
{
	const struct mm_trace *tr = g->trace[t];
	for (int i = 0; i < tr->nev; i++) {
		const struct mm_event *e = &tr->ev[i];
		if (check_deps(tr, i, e->addr_deps, e->naddr, "address", err, g, t) ||
		    check_deps(tr, i, e->data_deps, e->ndata, "data", err, g, t) ||
		    check_deps(tr, i, e->ctrl_deps, e->nctrl, "control", err, g, t) ||
		    check_deps(tr, i, e->pick_addr_deps, e->npick_addr, "pick address", err, g,
			       t) ||
		    check_deps(tr, i, e->pick_data_deps, e->npick_data, "pick data", err, g, t) ||
		    check_deps(tr, i, e->pick_ctrl_deps, e->npick_ctrl, "pick control", err, g,
			       t) ||
		    check_rmw(g, t, i, err))
			return -1;
	}
	return 0;
}

static void add_deps(struct rel *r, const struct graph *g, int t, int i, const int *deps, int nd)
{
	for (int k = 0; k < nd; k++)
		rel_add(r, graph_id(g, t, deps[k]), graph_id(g, t, i));
}

static void make_sets(struct graph *g, int id, const struct mm_event *e)
{
	if (e->kind != MM_F)
		set_add(e->kind == MM_R ? &g->R : &g->W, id);
	if (e->kind == MM_F) {
		struct set *f[] = { [MM_FULL] = &g->full,
				    [MM_DMB_LD] = &g->dmbld,
				    [MM_DMB_ST] = &g->dmbst,
				    [MM_ISB] = &g->isb };
		if (e->fence >= MM_FULL && e->fence <= MM_ISB)
			set_add(f[e->fence], id);
		return;
	}
	unsigned o = e->ord;
	if (o & MM_ACQ)
		set_add(&g->acq, id);
	if (o & MM_ACQPC)
		set_add(&g->acqpc, id);
	if (o & MM_REL)
		set_add(&g->rel, id);
	if (o & MM_EXCL)
		set_add(&g->excl, id);
	if (o & MM_NORET)
		set_add(&g->noret, id);
}

static void alloc_static(struct graph *g)
{
	struct rel *r[] = { &g->po,  &g->poloc, &g->addr,  &g->data, &g->ctrl,
			    &g->rmw, &g->paddr, &g->pdata, &g->pctrl };
	for (size_t k = 0; k < sizeof r / sizeof r[0]; k++)
		*r[k] = rel_new(g->n);
	struct set *s[] = { &g->R,     &g->W,	 &g->M,	   &g->acq,   &g->acqpc, &g->rel,
			    &g->noret, &g->excl, &g->full, &g->dmbld, &g->dmbst, &g->isb };
	for (size_t k = 0; k < sizeof s / sizeof s[0]; k++)
		*s[k] = set_new(g->n);
}

/* po, po-loc, addr, data, ctrl, their pick forms, rmw and the event classes; M = R | W, the initial writes included. */
static void make_static(struct graph *g)
{
	alloc_static(g);
	for (int l = 0; l < g->nlocs; l++)
		set_add(&g->W, l);
	for (int t = 0; t < g->nthreads; t++)
		for (int i = 0; i < g->trace[t]->nev; i++) {
			const struct mm_event *e = &g->trace[t]->ev[i];
			int id = graph_id(g, t, i);
			make_sets(g, id, e);
			for (int j = i + 1; j < g->trace[t]->nev; j++) {
				rel_add(&g->po, id, graph_id(g, t, j));
				if (e->kind != MM_F &&
				    g->ev[graph_id(g, t, j)].loc == g->ev[id].loc)
					rel_add(&g->poloc, id, graph_id(g, t, j));
			}
			add_deps(&g->addr, g, t, i, e->addr_deps, e->naddr);
			add_deps(&g->data, g, t, i, e->data_deps, e->ndata);
			add_deps(&g->ctrl, g, t, i, e->ctrl_deps, e->nctrl);
			add_deps(&g->paddr, g, t, i, e->pick_addr_deps, e->npick_addr);
			add_deps(&g->pdata, g, t, i, e->pick_data_deps, e->npick_data);
			add_deps(&g->pctrl, g, t, i, e->pick_ctrl_deps, e->npick_ctrl);
			if (e->rmw >= 0)
				rel_add(&g->rmw, id, graph_id(g, t, e->rmw));
		}
	for (int x = 0; x < g->M.w; x++)
		g->M.b[x] = g->R.b[x] | g->W.b[x];
	/* pick-dtrm = (dtrm | iico_ctrl)+ holds dtrm: each pick dependency holds the plain one */
	rel_union(&g->paddr, &g->addr);
	rel_union(&g->pdata, &g->data);
	rel_union(&g->pctrl, &g->ctrl);
}

int graph_build(struct graph *g, int nthreads, const struct mm_trace *const *trace,
		const struct mm_init *init, int ninit, char **err)
{
	*g = (struct graph){ .nthreads = nthreads, .trace = trace };
	int nu;
	struct use *u = collect_uses(g, init, ninit, &nu);
	int rc = make_locs(g, u, nu, err);
	free(u);
	for (int t = 0; rc == 0 && t < nthreads; t++)
		rc = check_trace(g, t, err);
	if (rc) {
		free(g->locs);
		*g = (struct graph){ 0 };
		return -1;
	}
	make_events(g, init, ninit);
	make_static(g);
	return 0;
}

void graph_free(struct graph *g)
{
	for (int l = 0; l < g->nlocs; l++)
		free(g->locs[l].writes), free(g->locs[l].reads);
	free(g->locs), free(g->ev), free(g->base);
	struct rel *r[] = { &g->po,  &g->poloc, &g->addr,  &g->data, &g->ctrl,
			    &g->rmw, &g->paddr, &g->pdata, &g->pctrl };
	for (size_t k = 0; k < sizeof r / sizeof r[0]; k++)
		rel_free(r[k]);
	struct set *s[] = { &g->R,     &g->W,	 &g->M,	   &g->acq,   &g->acqpc, &g->rel,
			    &g->noret, &g->excl, &g->full, &g->dmbld, &g->dmbst, &g->isb };
	for (size_t k = 0; k < sizeof s / sizeof s[0]; k++)
		set_free(s[k]);
	*g = (struct graph){ 0 };
}
