/*
 * a8live.c - registers live per instruction of one function (see a8live.h).
 */
#include "a8live.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "insn.h"

static uint64_t bit(int r)
{
	return r < 0 ? 0 : 1ull << r;
}

static uint64_t regs(const int *list, int n)
{
	uint64_t m = 0;
	for (int i = 0; i < n; i++)
		m |= bit(list[i]);
	return m;
}

static int64_t sext(uint32_t v, int bits)
{
	return (int64_t)((uint64_t)v << (64 - bits)) >> (64 - bits);
}

/* The target of a direct branch at pc (B, BL, B.cond, CBZ/CBNZ, TBZ/TBNZ). */
static uint64_t target(uint32_t w, uint64_t pc, enum a64_kind k)
{
	if (k == A64_BRANCH)
		return pc + (uint64_t)(sext(w & 0x3ffffff, 26) * 4);
	if ((w & 0x7e000000) == 0x36000000) /* TBZ/TBNZ: imm14 */
		return pc + (uint64_t)(sext(w >> 5 & 0x3fff, 14) * 4);
	return pc + (uint64_t)(sext(w >> 5 & 0x7ffff, 19) * 4); /* B.cond, CBZ/CBNZ */
}

/* What the instruction reads and writes (use, def), and whether it falls through and where else
 * it may go (*to, 0 if nowhere else); *fixed: its liveness is fixed (calls, returns...). */
struct step {
	uint64_t use, def, to, fixed_live;
	int falls, fixed;
};

static struct step transfer(const struct a8_live *l, uint32_t w, uint64_t pc)
{
	struct a64_insn in;
	a64_decode(w, &in);
	struct step s = { 0 };
	s.falls = 1;
	s.use = regs(in.src, in.nsrc) | regs(in.addr, in.naddr) | regs(in.data, in.ndata) |
		(in.flags_in ? bit(A64_NZCV) : 0);
	s.def = regs(in.dst, in.ndst) | regs(in.ld_dst, in.nld) |
		(in.flags_out ? bit(A64_NZCV) : 0);
	switch (in.kind) {
	case A64_UNKNOWN: s.fixed = 1, s.fixed_live = A8_ALL_LIVE; break;
	case A64_TRAP: s.fixed = 1, s.fixed_live = 0; break; /* a crash: no register matters */
	case A64_BRREG:
		s.fixed = 1;
		s.fixed_live = (w & 0xfffffc1f) == 0xd65f0000 && l->top ? 0 : A8_ALL_LIVE;
		break;
	case A64_BRANCH:
		if (in.ndst) /* BL: a call */
			s.fixed = 1, s.fixed_live = A8_ALL_LIVE;
		else
			s.falls = 0, s.to = target(w, pc, in.kind);
		break;
	case A64_BCOND:
	case A64_CBZ: s.to = target(w, pc, in.kind); break;
	default: break;
	}
	if (s.to && (s.to < l->lo || s.to >= l->hi)) /* a branch out of the function */
		s.fixed = 1, s.fixed_live = A8_ALL_LIVE;
	return s;
}

/* One backward pass; 1 if a set grew. */
static int pass(struct a8_live *l, const struct step *st, int n)
{
	int grew = 0;
	for (int i = n - 1; i >= 0; i--) {
		uint64_t out = 0;
		if (st[i].fixed) {
			out = st[i].fixed_live;
		} else {
			if (st[i].falls)
				out |= i + 1 < n ? l->live[i + 1] : A8_ALL_LIVE;
			if (st[i].to)
				out |= l->live[(st[i].to - l->lo) / 4];
			out = (out & ~st[i].def) | st[i].use;
		}
		if ((out | l->live[i]) != l->live[i])
			l->live[i] |= out, grew = 1;
	}
	return grew;
}

int a8_live_build(struct a8_live *l, const struct image *im, uint64_t pc, int top,
		  uint32_t (*fetch)(const void *ctx, uint64_t pc), const void *ctx)
{
	memset(l, 0, sizeof *l);
	const struct image_sym *f = image_at(im, pc);
	if (!f || !f->func || f->size < 4)
		return -1;
	l->lo = f->addr;
	l->hi = f->addr + (f->size & ~3ull);
	l->top = top;
	int n = (int)((l->hi - l->lo) / 4);
	l->live = xcalloc((size_t)n, sizeof *l->live);
	l->head = xcalloc((size_t)n, 1);
	struct step *st = xcalloc((size_t)n, sizeof *st);
	for (int i = 0; i < n; i++) {
		uint64_t at = l->lo + 4 * (uint64_t)i;
		st[i] = transfer(l, fetch(ctx, at), at);
		if (st[i].to && !st[i].fixed && st[i].to <= at)
			l->head[(st[i].to - l->lo) / 4] = 1;
	}
	while (pass(l, st, n))
		;
	free(st);
	return 0;
}

uint64_t a8_live_at(const struct a8_live *l, uint64_t pc)
{
	if (!l->live || pc < l->lo || pc >= l->hi)
		return A8_ALL_LIVE;
	return l->live[(pc - l->lo) / 4];
}

int a8_live_head(const struct a8_live *l, uint64_t pc)
{
	return l->head && pc >= l->lo && pc < l->hi && l->head[(pc - l->lo) / 4];
}

void a8_live_free(struct a8_live *l)
{
	free(l->live);
	free(l->head);
	memset(l, 0, sizeof *l);
}
