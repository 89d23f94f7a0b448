/*
 * deps.c - the dependencies each instruction carries from its source registers to its
 * destination registers and flags, and into conditional branches (see runst.h).
 *
 * The rules are the Arm ARM's (B2.3, "Dependency definitions"; herd7's aarch64deps.cat states
 * them as relations): a register written by an instruction depends on every register it reads
 * (syntactically: EOR X1, X0, X0 still depends on X0), a loaded register on the read and on the
 * address registers, the status register of a store-exclusive on nothing; a conditional branch
 * (B.cond, CBZ/CBNZ, TBZ/TBNZ, and BR/BLR/RET on their target) makes every later event depend on
 * what it read. Conditional select and conditional compare take their data dependency from the
 * operand the condition selected only; what the condition (the flags) depended on becomes a
 * "pick" dependency of the result.
 */
#include "runst.h"

static const struct tset none;

const struct tset *deps_of(const struct runst *s, int r)
{
	return r < 0 ? &none : &s->dep[r];
}

const struct tset *picks_of(const struct runst *s, int r)
{
	return r < 0 ? &none : &s->pick[r];
}

/* res := the union of the sources (and the flags when the instruction reads them). */
static void sources(struct runst *s)
{
	const struct a64_insn *in = &s->in;
	tset_clear(&s->res_dep);
	tset_clear(&s->res_pick);
	for (int i = 0; i < in->nsrc; i++) {
		tset_union(&s->res_dep, deps_of(s, in->src[i]));
		tset_union(&s->res_pick, picks_of(s, in->src[i]));
	}
	if (in->flags_in) {
		tset_union(&s->res_dep, &s->dep[A64_NZCV]);
		tset_union(&s->res_pick, &s->pick[A64_NZCV]);
	}
}

/* CSEL and CCMP: the selected operand's dependencies; the flags' become pick dependencies. */
static void selected(struct runst *s)
{
	const struct a64_insn *in = &s->in;
	int holds = a64_cond_holds(in->cond, ucpu_reg(s->cpu, A64_NZCV));
	tset_clear(&s->res_dep);
	tset_clear(&s->res_pick);
	if (in->kind == A64_CSEL) {
		int r = holds ? in->src[0] : in->src[1];
		tset_copy(&s->res_dep, deps_of(s, r));
		tset_copy(&s->res_pick, picks_of(s, r));
	} else if (holds) {
		for (int i = 0; i < in->nsrc; i++) {
			tset_union(&s->res_dep, deps_of(s, in->src[i]));
			tset_union(&s->res_pick, picks_of(s, in->src[i]));
		}
	}
	tset_union(&s->res_pick, &s->dep[A64_NZCV]);
	tset_union(&s->res_pick, &s->pick[A64_NZCV]);
}

static void branch_on(struct runst *s, int r)
{
	tset_union(&s->ctrl, r == A64_NZCV ? &s->dep[r] : deps_of(s, r));
	tset_union(&s->ctrl_pick, r == A64_NZCV ? &s->pick[r] : picks_of(s, r));
}

void deps_before(struct runst *s)
{
	const struct a64_insn *in = &s->in;
	tset_clear(&s->a_dep);
	tset_clear(&s->a_pick);
	for (int i = 0; i < in->naddr; i++) {
		tset_union(&s->a_dep, deps_of(s, in->addr[i]));
		tset_union(&s->a_pick, picks_of(s, in->addr[i]));
	}
	s->nreads = s->nwrites = 0;
	for (int k = 0; k < 2; k++) {
		s->read_ev[k] = -1;
		tset_clear(&s->rd_dep[k]);
		tset_clear(&s->rd_pick[k]);
	}
	switch (in->kind) {
	case A64_ALU: sources(s); break;
	case A64_CSEL:
	case A64_CCMP: selected(s); break;
	case A64_BCOND: branch_on(s, A64_NZCV); break;
	case A64_CBZ:
	case A64_BRREG: branch_on(s, in->src[0]); break;
	default: break;
	}
}

static void set(struct runst *s, int r, const struct tset *dep, const struct tset *pick)
{
	if (r < 0)
		return;
	tset_copy(&s->dep[r], dep);
	tset_copy(&s->pick[r], pick);
}

/* A loaded register: the read event, the address registers, and for private memory what the
 * bytes were stored from (both already in rd_dep by access.c). */
static void loaded(struct runst *s)
{
	const struct a64_insn *in = &s->in;
	for (int k = 0; k < in->nld && k < s->nreads; k++) {
		if (s->read_ev[k] >= 0)
			tset_add(&s->rd_dep[k], s->read_ev[k]);
		set(s, in->ld_dst[k], &s->rd_dep[k], &s->rd_pick[k]);
	}
}

void deps_after(struct runst *s)
{
	const struct a64_insn *in = &s->in;
	switch (in->kind) {
	case A64_ALU:
	case A64_CSEL:
	case A64_CCMP:
		for (int i = 0; i < in->ndst; i++)
			set(s, in->dst[i], &s->res_dep, &s->res_pick);
		if (in->flags_out)
			set(s, A64_NZCV, &s->res_dep, &s->res_pick);
		break;
	case A64_BRANCH:
	case A64_BRREG:
		for (int i = 0; i < in->ndst; i++)
			set(s, in->dst[i], &none, &none); /* the return address: a constant */
		break;
	case A64_LOAD:
	case A64_RMW:
	case A64_CAS: loaded(s); break;
	default: break;
	}
}
