/* locs.h - the candidate rf and co of one location: every coherence order of its writes (the initial
 * write first) and every choice of write for each of its reads (a write of the read's value), kept
 * when the location satisfies internal visibility and atomicity. Both requirements relate events of
 * one location only, so they are checked here, location by location, before the locations'
 * candidates are combined (mm_enumerate.c). Internal to tools/model. */
#ifndef MODEL_LOCS_H
#define MODEL_LOCS_H
#include "graph.h"

/* One candidate: event numbers (graph.h). */
struct lcand {
	int *co; /* [nwrites]: the location's writes in coherence order; co[0] the initial write */
	int *rf; /* [nreads]: the write each read of gloc.reads reads from */
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

#endif
