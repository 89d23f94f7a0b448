/* mm_armv8.c - the Armv8 "locally-ordered-before" relation lob, from the events of one combination of
 * traces (check.h). Each relation is one function implementing one definition of the Arm ARM's
 * B2.3 "Definition of the Armv8 memory model" as herd7's arm-models/non-mixed/armv8-common.cat
 * (Deacon, Alglave, 2016-2020) writes it; the cat text is quoted above each. The model is the one
 * of Pulte et al., "Simplifying ARM concurrency", POPL 2018, section 3, with the later revision the
 * Arm ARM adopted: local write successor (lws) and local read successor (lrs) in place of
 * "(ctrl | data); coi", "po; [L]; coi" and "(addr | data); rfi".
 *
 * Not modelled (each needs something traces do not carry): tob (memory tagging), mixed-size
 * accesses (graph.c refuses them). The shareability domains (ISH, OSH, SY) are one, as in the cat
 * file. */
#include "check.h"

/* [d]; r; [g] as a new relation. */
static struct rel restricted(const struct rel *r, const struct set *d, const struct set *g)
{
	struct rel c = rel_copy(r);
	rel_restrict(&c, d, g);
	return c;
}

/* r; [s]; q as a new relation: through an event of s. */
static struct rel through(const struct rel *r, const struct set *s, const struct rel *q)
{
	struct rel a = restricted(r, NULL, s);
	struct rel b = rel_seq(&a, q);
	rel_free(&a);
	return b;
}

/* B2.3 "Local read successor":
 * let lrs = [W]; (po-loc \ (po-loc;[W];po-loc)) ; [R]
 * a read after a write of the same location, in program order, with no write of that location
 * between them. */
static struct rel lrs(const struct graph *g)
{
	struct rel r = restricted(&g->poloc, &g->W, &g->R);
	struct rel between = through(&g->poloc, &g->W, &g->poloc);
	rel_minus(&r, &between);
	rel_free(&between);
	return r;
}

/* B2.3 "Local write successor": let lws = po-loc; [W] */
static struct rel lws(const struct graph *g)
{
	return restricted(&g->poloc, NULL, &g->W);
}

/* B2.3 "Dependency-ordered-before":
 * let dob = addr | data
 *	| ctrl; [W]
 *	| (ctrl | (addr; po)); [ISB]; po; [M]
 *	| addr; po; [W]
 *	| (addr | data); lrs
 * MM_ARMV8_BROKEN_NODEPS: empty (dependencies order nothing). */
static struct rel dob(const struct graph *g, const struct rel *lr, enum mm_model_id m)
{
	struct rel d = rel_new(g->n);
	if (m == MM_ARMV8_BROKEN_NODEPS)
		return d;
	struct rel addr_data = rel_copy(&g->addr), ctrl_w = restricted(&g->ctrl, NULL, &g->W);
	rel_union(&addr_data, &g->data);
	struct rel addr_po = rel_seq(&g->addr, &g->po);
	struct rel to_isb = rel_copy(&g->ctrl);
	rel_union(&to_isb, &addr_po);
	struct rel isb_m = through(&to_isb, &g->isb, &g->po);
	rel_restrict(&isb_m, NULL, &g->M);
	struct rel addr_po_w = restricted(&addr_po, NULL, &g->W);
	struct rel dep_lrs = rel_seq(&addr_data, lr);
	struct rel *parts[] = { &addr_data, &ctrl_w, &isb_m, &addr_po_w, &dep_lrs };
	for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
		rel_union(&d, parts[k]);
	struct rel *tmp[] = { &addr_data, &ctrl_w, &addr_po, &to_isb, &isb_m, &addr_po_w, &dep_lrs };
	for (size_t k = 0; k < sizeof tmp / sizeof tmp[0]; k++)
		rel_free(tmp[k]);
	return d;
}

/* B2.3 "Pick-ordered-before" (the pick dependencies are aarch64deps.cat's, model.h):
 * let pob = pick-dep; [W]
 *	| (pick-ctrl-dep | pick-addr-dep; po); [ISB]; po; [M]
 *	| pick-addr-dep; [M]; po; [W]
 * with pick-dep = pick-basic-dep | pick-addr-dep | pick-data-dep | pick-ctrl-dep. A pick
 * dependency orders later writes (and, through an ISB, every later access), never a later read by
 * itself. pick-basic-dep; [W] (a read to a write through registers only) is pick-data-dep here:
 * traces carry no register events. MM_ARMV8_BROKEN_NODEPS: empty, as dob. */
static struct rel pob(const struct graph *g, enum mm_model_id m)
{
	struct rel p = rel_new(g->n);
	if (m == MM_ARMV8_BROKEN_NODEPS)
		return p;
	rel_union(&p, &g->paddr), rel_union(&p, &g->pdata), rel_union(&p, &g->pctrl);
	rel_restrict(&p, NULL, &g->W);
	struct rel addr_po = rel_seq(&g->paddr, &g->po);
	struct rel to_isb = rel_copy(&g->pctrl);
	rel_union(&to_isb, &addr_po);
	struct rel isb_m = through(&to_isb, &g->isb, &g->po);
	rel_restrict(&isb_m, NULL, &g->M);
	struct rel addr_m_po = through(&g->paddr, &g->M, &g->po);
	rel_restrict(&addr_m_po, NULL, &g->W);
	rel_union(&p, &isb_m), rel_union(&p, &addr_m_po);
	rel_free(&addr_po), rel_free(&to_isb), rel_free(&isb_m), rel_free(&addr_m_po);
	return p;
}

/* [A | Q]: acquire and acquirePC reads. */
static struct set acquires(const struct graph *g)
{
	struct set s = set_new(g->n);
	set_union(&s, &g->acq);
	set_union(&s, &g->acqpc);
	return s;
}

/* B2.3 "Atomic-ordered-before":
 * let aob = rmw
 *	| rmw; lrs; [A | Q]
 * the read of an atomic, then an acquire read of the same thread that reads the location the
 * atomic wrote, with no write between. */
static struct rel aob(const struct graph *g, const struct rel *lr)
{
	struct rel a = rel_copy(&g->rmw);
	struct set aq = acquires(g);
	struct rel s = rel_seq(&g->rmw, lr);
	rel_restrict(&s, NULL, &aq);
	rel_union(&a, &s);
	rel_free(&s), set_free(&aq);
	return a;
}

/* [range([A]; amo; [L])]: the writes of atomics (not exclusives) with both acquire and release
 * (SWPAL, CASAL, LDADDAL, ...). */
static struct set amo_al_writes(const struct graph *g)
{
	struct rel amo = restricted(&g->rmw, &g->acq, &g->rel);
	for (int i = 0; i < g->n; i++)
		if (set_has(&g->excl, i))
			for (int x = 0; x < amo.w; x++)
				rel_row(&amo, i)[x] = 0;
	struct set s = rel_range(&amo);
	rel_free(&amo);
	return s;
}

/* po; [f]; po restricted to [d] before and [r] after (NULL: any event). */
static struct rel po_fence(const struct graph *g, const struct set *d, const struct set *f,
			   const struct set *r)
{
	struct rel x = through(&g->po, f, &g->po);
	rel_restrict(&x, d, r);
	return x;
}

/* [R \ NoRet]: reads, less the reads of atomics that return nothing. */
static struct set reads_ret(const struct graph *g)
{
	struct set s = set_new(g->n);
	for (int x = 0; x < s.w; x++)
		s.b[x] = g->R.b[x] & ~g->noret.b[x];
	return s;
}

/* B2.3 "Barrier-ordered-before", the barriers:
 *	po; [dmb.full]; po
 *	| [R\NoRet]; po; [dmb.ld]; po
 *	| [W]; po; [dmb.st]; po; [W]
 * MM_ARMV8_BROKEN_LDST: "po; [dmb.ld]; po" (DMB ISHLD orders earlier stores too). */
static struct rel bob_fences(const struct graph *g, enum mm_model_id m)
{
	struct rel b = po_fence(g, NULL, &g->full, NULL);
	struct set rr = reads_ret(g);
	struct rel ld = po_fence(g, m == MM_ARMV8_BROKEN_LDST ? NULL : &rr, &g->dmbld, NULL);
	struct rel st = po_fence(g, &g->W, &g->dmbst, &g->W);
	rel_union(&b, &ld), rel_union(&b, &st);
	rel_free(&ld), rel_free(&st), set_free(&rr);
	return b;
}

/* B2.3 "Barrier-ordered-before", acquire and release:
 *	| [range([A];amo;[L])]; po
 *	| [L]; po; [A]
 *	| [A | Q]; po
 *	| po; [L]
 * the release-acquire line orders STLR before LDAR but not before LDAPR (Q). */
static struct rel bob_acqrel(const struct graph *g)
{
	struct set al = amo_al_writes(g), aq = acquires(g);
	struct rel b = restricted(&g->po, &al, NULL);
	struct rel rel_acq = restricted(&g->po, &g->rel, &g->acq);
	struct rel after_acq = restricted(&g->po, &aq, NULL);
	struct rel before_rel = restricted(&g->po, NULL, &g->rel);
	rel_union(&b, &rel_acq), rel_union(&b, &after_acq), rel_union(&b, &before_rel);
	rel_free(&rel_acq), rel_free(&after_acq), rel_free(&before_rel);
	set_free(&al), set_free(&aq);
	return b;
}

/* B2.3 "Locally-ordered-before":
 * let rec lob = lws | dob | pob | aob | bob | tob | lob; lob
 * (tob is empty here: see the top of the file). */
struct rel armv8_lob(const struct graph *g, enum mm_model_id m)
{
	struct rel lr = lrs(g);
	struct rel parts[] = { lws(g),	    dob(g, &lr, m),   pob(g, m),
			       aob(g, &lr), bob_fences(g, m), bob_acqrel(g) };
	struct rel lob = rel_new(g->n);
	for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
		rel_union(&lob, &parts[k]);
		rel_free(&parts[k]);
	}
	rel_free(&lr);
	rel_closure(&lob);
	return lob;
}
