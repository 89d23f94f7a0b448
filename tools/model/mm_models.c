/* mm_models.c - each model's check, as the fixed order and the dynamic edges that join it (check.h). */
#include "check.h"

/* SC (Lamport 1979; herd's sc.cat): acyclic po | rf | co | fr. po is transitively closed. Atomicity
 * (rmw & (fre; coe) empty) is checked per location, as for every model here. */
static void sc(struct check *c, const struct graph *g)
{
	c->order = rel_copy(&g->po);
	c->dyn = DYN_RFE | DYN_RFI | DYN_COE | DYN_COI | DYN_FRE | DYN_FRI;
}

/* Armv8 (Arm ARM B2.3, "External visibility requirement"; herd's arm-models/non-mixed/ev.cat:
 * "let rec ob = obs | lob | ob; ob", "irreflexive ob as external"), with
 * "let obs = rfe | fre | coe" (armv8-common.cat, Observed-by). The broken model
 * MM_ARMV8_BROKEN_NOMCA drops rfe from obs: a write seen by one thread need not be seen by all (not
 * multi-copy atomic). */
static void armv8(struct check *c, const struct graph *g, enum mm_model_id m)
{
	c->order = armv8_lob(g, m);
	c->dyn = DYN_FRE | DYN_COE | (m == MM_ARMV8_BROKEN_NOMCA ? 0 : DYN_RFE);
}

void check_prepare(struct check *c, const struct graph *g, enum mm_model_id m)
{
	if (m == MM_SC)
		sc(c, g);
	else
		armv8(c, g, m);
}

void check_free(struct check *c)
{
	rel_free(&c->order);
}
