/* check.h - what a model checks, split into the part fixed by the chosen traces and the part that
 * rf and co add. Every model here is "a relation is acyclic": SC's po | rf | co | fr, Armv8's
 * ob = (obs | lob)+ (irreflexive ob is acyclic(obs | lob)). The traces fix `order` (SC: po; Armv8:
 * lob+), rf and co add the dynamic edges `dyn` names. Internal visibility and atomicity are checked
 * per location, before (locs.h). Internal to tools/model. */
#ifndef MODEL_CHECK_H
#define MODEL_CHECK_H
#include "graph.h"

enum { DYN_RFE = 1, DYN_RFI = 2, DYN_COE = 4, DYN_COI = 8, DYN_FRE = 16, DYN_FRI = 32 };

struct check {
	struct rel order; /* transitively closed and acyclic */
	unsigned dyn;
};

/* The check of model m on the events of g; check_free releases it. */
void check_prepare(struct check *c, const struct graph *g, enum mm_model_id m);
void check_free(struct check *c);

/* Armv8 (mm_armv8.c): lob+ of armv8-common.cat, with the broken variants' changes. */
struct rel armv8_lob(const struct graph *g, enum mm_model_id m);

#endif
