/* graph.h - the events of one combination of traces (one per thread), numbered for the relations of
 * rel.h, and the relations that do not depend on rf and co: program order, same location,
 * dependencies, rmw, the event classes herd's cat files name ([R], [W], [A], [L], fences...).
 * Internal to tools/model. */
#ifndef MODEL_GRAPH_H
#define MODEL_GRAPH_H
#include "model.h"
#include "rel.h"

/* One event. The initial writes come first, one per location (thread MM_INIT, ev NULL). */
struct gev {
	const struct mm_event *ev; /* NULL for an initial write */
	int thread, index;	   /* MM_INIT, location number for an initial write */
	enum mm_kind kind;
	int loc; /* location number for R and W; -1 for fences */
	uint64_t value;
};

/* One location: its initial write (event number == location number), then the other writes and
 * the reads, each in thread order and program order. */
struct gloc {
	uint64_t addr;
	unsigned size;
	uint64_t init;
	int *writes, nwrites; /* writes[0] is the initial write */
	int *reads, nreads;
};

struct graph {
	int n;
	struct gev *ev;
	int nlocs;
	struct gloc *locs;
	int nthreads;
	int *base; /* event number of thread t's event 0 */
	const struct mm_trace *const *trace;
	/* Static relations and sets (graph_build fills them). */
	struct rel po, poloc, addr, data, ctrl, rmw;
	/* pick-addr-dep, pick-data-dep, pick-ctrl-dep: each holds its plain relation too */
	struct rel paddr, pdata, pctrl;
	struct set R, W, M, acq, acqpc, rel, noret, excl, full, dmbld, dmbst, isb;
};

/* Builds the events of the traces `trace[t]` (one per thread) with the initial values `init`.
 * Returns 0, or -1 with *err (malloc'd, caller frees) for an input the model cannot judge:
 * mixed-size accesses to overlapping locations, a dependency on a non-read or a later event, an rmw
 * that does not pair a read with a later write of the same location. graph_free releases it. */
int graph_build(struct graph *g, int nthreads, const struct mm_trace *const *trace,
		const struct mm_init *init, int ninit, char **err);
void graph_free(struct graph *g);

/* Event number of thread t's event i. */
static inline int graph_id(const struct graph *g, int t, int i)
{
	return g->base[t] + i;
}
/* 1 when a and b are in the same thread (initial writes are in none). */
static inline int graph_same_thread(const struct graph *g, int a, int b)
{
	return g->ev[a].thread != MM_INIT && g->ev[a].thread == g->ev[b].thread;
}
/* "thread 1 event 3 ('ldr w0, [x1]', line 12)" or "the initial value of 0x1000", for messages. */
char *graph_describe(const struct graph *g, int e);

#endif
