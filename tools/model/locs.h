/* locs.h - the candidate rf and co of one location: every coherence order of its writes (the initial
 * write first) and every choice of write for each of its reads (a write of the read's value), kept
 * when the location satisfies internal visibility and atomicity. Both requirements relate events of
 * one location only, so they are checked here, location by location, before the locations'
 * candidates are combined (mm_enumerate.c). Internal to tools/model. */
#ifndef MODEL_LOCS_H
#define MODEL_LOCS_H
#include "graph.h"

/* One candidate, in the location's own numbers: its writes 0..nwrites-1 (gloc.writes order, the
 * initial write 0), then its reads nwrites.. (gloc.reads order); locs_event maps them to events. */
struct lcand {
	int *co;    /* [nwrites]: the writes in coherence order; co[0] = 0, the initial write */
	int *rf;    /* [nreads]: the write each read reads from */
	int *edges; /* pairs (from, to): the dynamic edges (check.h's dyn) this candidate adds */
	int nedges;
};

struct lcands {
	struct lcand *c;
	int n, cap;
	int partial; /* the search stopped at the budget: c holds some of the candidates only */
};

/* A budget on the search's steps (each coherence order or read choice tried), shared by the
 * locations of one mm_enumerate run (mm_problem.max_searched): max 0 is none. The search is exponential in the writes of a
 * location (every interleaving of the threads' writes), so without it a location with many writes
 * (a lock whose every failed exchange writes) runs before any other bound is reached. */
struct lbudget {
	uint64_t max, spent;
};

/* Appends to `out` every candidate of location l satisfying internal visibility and atomicity, with
 * the edges of the kinds `dyn` names. Returns how many it appended. lcands_free releases them. Past
 * the budget b (NULL: none) it stops with out->partial set. */
int locs_candidates(const struct graph *g, int l, unsigned dyn, struct lbudget *b,
		    struct lcands *out);
void lcands_free(struct lcands *c);

/* The event number of location l's own number k. */
static inline int locs_event(const struct gloc *L, int k)
{
	return k < L->nwrites ? L->writes[k] : L->reads[k - L->nwrites];
}

/* Candidates depend only on the location's accesses: per thread, in program order, each one's
 * kind, value and RMW pairing, and the initial value. A cache keyed by that signature computes
 * each signature's candidates once over the combinations of one mm_enumerate run. */
struct lcache;
/* b: the run's budget (locs_candidates), or NULL; a partial entry stays partial. */
struct lcache *lcache_new(unsigned dyn, struct lbudget *b);
/* Location l's candidates (owned by the cache, valid until lcache_free). */
const struct lcands *lcache_get(struct lcache *c, const struct graph *g, int l);
void lcache_free(struct lcache *c);

#endif
