/*
 * access.c - the memory accesses of the instruction being executed (see runst.h).
 *
 * A shared read is an event whose value is this path's choice among its location's values (the
 * bytes are replaced before the instruction reads them); a shared write is an event. Each is
 * paired by rmw with its read when it is an atomic's or a successful store-exclusive's. Private
 * memory makes no events: a store records what its bytes depend on (its data and address
 * registers) and a later load of those bytes depends on that, which is the Arm ARM's dependency
 * through memory (a write read by the same thread's later read). One ordering a private store can
 * give is kept too: a read it depends on is ordered before every write after a DMB ISHST that
 * follows it (the store is ordered before them by the barrier); those reads are added to the
 * later writes' ctrl dependencies, which order a read before a write exactly as that does.
 * And one a private access's address gives: a read its address depends on is ordered before
 * every later write and, through an ISB, every later read (`addr; po; [W]` and `addr; po;
 * [ISB]; po; [R]` in dob, with the private access in the middle); those reads are added to the
 * ctrl dependencies of every later event, which order exactly that (`ctrl; [W]`, `ctrl; [ISB]`).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "runst.h"

static int is_shared(const struct runst *s, uint64_t a)
{
	return a >= s->p->shared_lo && a < s->p->shared_hi;
}

static uint64_t mask(int size)
{
	return size >= 8 ? ~0ull : (1ull << (8 * size)) - 1;
}

static int *list(const struct tset *t, int *n)
{
	return tset_list(t, n);
}

static int new_event(struct runst *s, enum mm_kind k)
{
	if (s->nev == s->capev) {
		s->capev = s->capev ? 2 * s->capev : 16;
		s->ev = xrealloc(s->ev, (size_t)s->capev * sizeof *s->ev);
	}
	struct mm_event *e = &s->ev[s->nev];
	memset(e, 0, sizeof *e);
	e->kind = k;
	e->rmw = -1;
	e->pc = s->pc;
	if (s->p->where)
		s->p->where(s->p->ctx, s->pc, &e->line, &e->text);
	struct tset c = { 0 };
	tset_copy(&c, &s->ctrl);
	tset_union(&c, &s->priv_addr);
	if (k == MM_W)
		tset_union(&c, &s->st_fence);
	e->ctrl_deps = list(&c, &e->nctrl);
	tset_copy(&c, &s->ctrl_pick);
	tset_union(&c, &s->priv_pick);
	e->pick_ctrl_deps = list(&c, &e->npick_ctrl);
	tset_free(&c);
	return s->nev++;
}

static int check(struct runst *s, uint64_t addr, int size)
{
	char msg[256];
	if (s->p->check && s->p->check(s->p->ctx, addr, size, msg, sizeof msg) != 0)
		return rs_fail(s, "%s", msg);
	return 0;
}

/* The latest private store covering each byte of [addr, addr + size): into dep and pick. */
static void shadow_read(struct runst *s, uint64_t addr, int size, struct tset *dep,
			struct tset *pick)
{
	for (uint64_t b = addr; b < addr + (uint64_t)size; b++)
		for (int i = s->nsh - 1; i >= 0; i--)
			if (b >= s->sh[i].addr && b < s->sh[i].addr + (uint64_t)s->sh[i].size) {
				tset_union(dep, &s->sh[i].dep);
				tset_union(pick, &s->sh[i].pick);
				break;
			}
}

static void shadow_write(struct runst *s, uint64_t addr, int size, const struct tset *dep,
			 const struct tset *pick)
{
	if (s->nsh == s->capsh) {
		s->capsh = s->capsh ? 2 * s->capsh : 8;
		s->sh = xrealloc(s->sh, (size_t)s->capsh * sizeof *s->sh);
	}
	struct shadow *w = &s->sh[s->nsh++];
	*w = (struct shadow){ addr, size, { 0 }, { 0 } };
	tset_copy(&w->dep, dep);
	tset_copy(&w->pick, pick);
	tset_union(&s->priv_acc, dep);
	tset_union(&s->priv_acc, pick);
}

void access_reset(struct runst *s)
{
	for (int i = 0; i < s->nsh; i++) {
		tset_free(&s->sh[i].dep);
		tset_free(&s->sh[i].pick);
	}
	s->nsh = 0;
}

static void add_candidate(uint64_t **cand, int *n, int *cap, uint64_t x)
{
	for (int j = 0; j < *n; j++)
		if ((*cand)[j] == x)
			return;
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 8;
		*cand = xrealloc(*cand, (size_t)*cap * sizeof **cand);
	}
	(*cand)[(*n)++] = x;
}

/* The value this path gives a shared read of size bytes at addr (see run.h). 0 or -1. */
static int choose_value(struct runst *s, uint64_t addr, int size, uint64_t *v)
{
	const struct mm_valset *init = mm_values_get(s->p->init, addr),
			       *vs = mm_values_get(s->p->vals, addr);
	uint64_t *cand = NULL;
	int n = 0, cap = 0, own = -1;
	for (int i = 0; i < s->nev; i++)
		if (s->ev[i].kind == MM_W && s->ev[i].addr == addr)
			own = i;
	if (own >= 0)
		add_candidate(&cand, &n, &cap, s->ev[own].value & mask(size));
	else if (init && init->n)
		add_candidate(&cand, &n, &cap, init->v[0] & mask(size));
	else
		return rs_fail(s, "a read of shared address 0x%llx, which has no initial value",
			       (unsigned long long)addr);
	for (int i = 0; vs && i < vs->n; i++)
		add_candidate(&cand, &n, &cap, vs->v[i] & mask(size));
	*v = cand[rs_choose(s, n)];
	free(cand);
	return 0;
}

static void put_le(uint8_t *p, int size, uint64_t v)
{
	for (int i = 0; i < size; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

static void shared_read(struct runst *s, uint64_t addr, int size, uint8_t *host, int k)
{
	uint64_t v = 0;
	if (check(s, addr, size) != 0 || choose_value(s, addr, size, &v) != 0)
		return;
	put_le(host, size, v);
	int i = new_event(s, MM_R);
	struct mm_event *e = &s->ev[i];
	e->addr = addr;
	e->size = (unsigned)size;
	e->value = v;
	e->ord = s->in.ord & (MM_ACQ | MM_ACQPC | MM_EXCL);
	if (s->in.kind == A64_RMW && s->in.ld_dst[0] < 0 && strcmp(s->in.name, "SWP") != 0)
		e->ord |= MM_NORET; /* ST<op>: the LD<op> forms that discard the old value */
	e->addr_deps = list(&s->a_dep, &e->naddr);
	e->pick_addr_deps = list(&s->a_pick, &e->npick_addr);
	s->read_ev[k] = i;
	if (s->in.kind == A64_CAS) { /* the compared register (XZR: 0) */
		int rs = s->in.src[0];
		s->cas_equal = v == (rs < 0 ? 0 : ucpu_reg(s->cpu, rs) & mask(size));
	}
	if (s->in.kind == A64_LOAD && (s->in.ord & MM_EXCL))
		s->excl_ev = i;
}

static void on_read(void *ctx, uint64_t addr, int size, uint8_t *host)
{
	struct runst *s = ctx;
	int k = s->nreads;
	if (s->failed)
		return;
	if (k >= 2) {
		rs_fail(s, "an instruction that makes more than two reads");
		return;
	}
	s->nreads++;
	tset_union(&s->rd_dep[k], &s->a_dep);
	tset_union(&s->rd_pick[k], &s->a_pick);
	if (s->in.kind == A64_LOAD && (s->in.ord & MM_EXCL)) {
		s->excl_open = 1, s->excl_ev = -1;
		s->excl_addr = addr, s->excl_size = size;
	}
	if (is_shared(s, addr)) {
		shared_read(s, addr, size, host, k);
	} else {
		shadow_read(s, addr, size, &s->rd_dep[k], &s->rd_pick[k]);
		tset_union(&s->priv_addr, &s->a_dep);
		tset_union(&s->priv_pick, &s->a_pick);
	}
}

/* A write of value from register dreg at addr; returns its event or -1 (private, or failed). */
static int store(struct runst *s, uint64_t addr, int size, uint64_t value, int dreg, unsigned ord)
{
	struct tset d = { 0 }, p = { 0 };
	tset_copy(&d, deps_of(s, dreg));
	tset_copy(&p, picks_of(s, dreg));
	/* CAS: the comparison with Rs chooses whether it writes (iico_ctrl): a pick dependency */
	if (s->in.kind == A64_CAS) {
		tset_union(&p, deps_of(s, s->in.src[0]));
		tset_union(&p, picks_of(s, s->in.src[0]));
	}
	int i = -1;
	if (!is_shared(s, addr)) {
		tset_union(&d, &s->a_dep);
		tset_union(&p, &s->a_pick);
		shadow_write(s, addr, size, &d, &p);
		tset_union(&s->priv_addr, &s->a_dep);
		tset_union(&s->priv_pick, &s->a_pick);
	} else if (check(s, addr, size) == 0) {
		i = new_event(s, MM_W);
		struct mm_event *e = &s->ev[i];
		e->addr = addr;
		e->size = (unsigned)size;
		e->value = value & mask(size);
		e->ord = ord;
		e->addr_deps = list(&s->a_dep, &e->naddr);
		e->data_deps = list(&d, &e->ndata);
		e->pick_addr_deps = list(&s->a_pick, &e->npick_addr);
		e->pick_data_deps = list(&p, &e->npick_data);
	}
	tset_free(&d);
	tset_free(&p);
	return i;
}

static void on_write(void *ctx, uint64_t addr, int size, uint64_t value)
{
	struct runst *s = ctx;
	const struct a64_insn *in = &s->in;
	if (s->failed || (in->kind == A64_CAS && !s->cas_equal))
		return; /* a failed CAS writes nothing (the emulator writes the old value back) */
	int k = s->nwrites++, dreg = in->ndata ? in->data[k < in->ndata ? k : in->ndata - 1] : -1;
	int i = store(s, addr, size, value, dreg, in->ord & MM_REL);
	if (i >= 0 && (in->kind == A64_RMW || in->kind == A64_CAS) && s->read_ev[0] >= 0)
		s->ev[s->read_ev[0]].rmw = i;
}

struct ucpu_hooks access_hooks(struct runst *s)
{
	return (struct ucpu_hooks){ on_read, on_write, s };
}

int access_stxr(struct runst *s)
{
	const struct a64_insn *in = &s->in;
	uint64_t addr = ucpu_reg(s->cpu, in->addr[0]);
	if (!s->excl_open || s->excl_addr != addr || s->excl_size != in->size)
		return rs_fail(s,
			       "a store-exclusive with no load-exclusive of the same location and "
			       "size before it: the pair cannot be matched");
	int fail = rs_choose(s, 2);
	if (fail)
		s->stxr_fail_step = s->steps;
	if (!fail) {
		int dreg = in->data[0];
		uint64_t v = dreg < 0 ? 0 : ucpu_reg(s->cpu, dreg) & mask(in->size);
		uint8_t *host = ucpu_host(s->cpu, addr, (size_t)in->size);
		if (!host)
			return rs_fail(s, "a store-exclusive to unmapped memory at 0x%llx",
				       (unsigned long long)addr);
		put_le(host, in->size, v);
		int i = store(s, addr, in->size, v, dreg, in->ord & (MM_REL | MM_EXCL));
		if (i >= 0 && s->excl_ev >= 0)
			s->ev[s->excl_ev].rmw = i;
	}
	if (in->ndst) {
		ucpu_set_reg(s->cpu, in->dst[0], (uint64_t)fail);
		tset_clear(&s->dep[in->dst[0]]); /* the status carries no dependency */
		tset_clear(&s->pick[in->dst[0]]);
	}
	s->excl_open = 0;
	s->excl_ev = -1;
	ucpu_set_pc(s->cpu, s->pc + 4);
	return s->failed ? -1 : 0;
}

void access_fence(struct runst *s)
{
	int i = new_event(s, MM_F);
	s->ev[i].fence = s->in.fence;
	if (s->in.fence == MM_DMB_ST)
		tset_copy(&s->st_fence, &s->priv_acc);
}
