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
};

/* Appends to `out` every candidate of location l satisfying internal visibility and atomicity, with
 * the edges of the kinds `dyn` names. Returns how many it appended. lcands_free releases them. */
int locs_candidates(const struct graph *g, int l, unsigned dyn, struct lcands *out);
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
struct lcache *lcache_new(unsigned dyn);
/* Location l's candidates (owned by the cache, valid until lcache_free). */
const struct lcands *lcache_get(struct lcache *c, const struct graph *g, int l);
void lcache_free(struct lcache *c);

#endif
