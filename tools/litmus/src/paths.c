/*
 * paths.c - a thread run alone, read values chosen, one trace per path (see paths.h).
 *
 * Depth-first: local instructions run in place; at a shared read the walk branches on each value
 * of the location's set, saving the registers, their taints (the events each register's value was
 * computed from) and the control taint, and restoring them after each branch.
 */
#include "paths.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

struct walker {
	const struct prog_thread *pt;
	const struct mm_values *vals;
	int nw;	   /* words of a taint set (one bit per event of the path) */
	int maxev; /* events a path can have */
	int32_t regs[PROG_MAX_REGS];
	uint64_t *taint; /* [PROG_MAX_REGS][nw] */
	uint64_t *ctrl;	 /* [nw]: the reads the branches taken so far depend on */
	struct mm_event *ev;
	uint64_t *evdata, *evctrl; /* [maxev][nw]: each event's data and control dependencies */
	int nev;
	struct lit_paths *out;
	int max_paths;
};

/* What a branch restores. */
struct saved {
	int32_t regs[PROG_MAX_REGS];
	uint64_t *taint, *ctrl;
	int nev;
};

static uint64_t *tset(struct walker *w, int reg)
{
	return w->taint + (size_t)reg * (size_t)w->nw;
}

static void tclear(struct walker *w, uint64_t *s)
{
	memset(s, 0, (size_t)w->nw * sizeof *s);
}

static void tadd(uint64_t *s, int e)
{
	s[e / 64] |= (uint64_t)1 << (e % 64);
}

/* s |= the taint of the registers e reads. */
static void expr_taint(struct walker *w, const struct lit_expr *e, uint64_t *s)
{
	if (!e)
		return;
	if (e->kind == LE_REG)
		for (int k = 0; k < w->nw; k++)
			s[k] |= tset(w, e->reg)[k];
	expr_taint(w, e->a, s);
	expr_taint(w, e->b, s);
}

/* Pushes an event; its control dependencies are the branches taken so far. */
static struct mm_event *push(struct walker *w, enum mm_kind kind, const struct insn *in, int loc,
			     int32_t value, unsigned ord, const char *text)
{
	int i = w->nev++;
	struct mm_event *e = &w->ev[i];
	*e = (struct mm_event){ .kind = kind,
				.ord = ord,
				.addr = LIT_ADDR(loc),
				.size = 4,
				.value = (uint32_t)value,
				.rmw = -1,
				.line = in->line,
				.text = text };
	tclear(w, w->evdata + (size_t)i * (size_t)w->nw);
	memcpy(w->evctrl + (size_t)i * (size_t)w->nw, w->ctrl, (size_t)w->nw * sizeof *w->ctrl);
	return e;
}

static void push_fence(struct walker *w, const struct insn *in, enum mm_fence f, const char *text)
{
	push(w, MM_F, in, 0, 0, 0, text)->fence = f;
	w->ev[w->nev - 1].size = 0;
}

/* A write whose value expression is `e` (data dependencies: its registers' taint). */
static struct mm_event *push_write(struct walker *w, const struct insn *in,
				   const struct lit_expr *e, int32_t value, unsigned ord,
				   const char *text)
{
	struct mm_event *ev = push(w, MM_W, in, in->loc, value, ord, text);
	expr_taint(w, e, w->evdata + (size_t)(w->nev - 1) * (size_t)w->nw);
	return ev;
}

/* regs[dst] = v, computed from the reads in `from` (n of them). */
static void set_read_reg(struct walker *w, int dst, int32_t v, const int *from, int n)
{
	w->regs[dst] = v;
	tclear(w, tset(w, dst));
	for (int k = 0; k < n; k++)
		tadd(tset(w, dst), from[k]);
}

static int *taint_list(const struct walker *w, const uint64_t *s, int *n)
{
	int *v = xmalloc(((size_t)w->maxev + 1) * sizeof *v);
	*n = 0;
	for (int e = 0; e < w->nev; e++)
		if ((s[e / 64] >> (e % 64)) & 1)
			v[(*n)++] = e;
	return v;
}

/* The path so far as a trace (hung: the index of the read that saw the lock held, else -1). */
static void emit(struct walker *w, int hung)
{
	struct lit_paths *o = w->out;
	if (o->n == w->max_paths) {
		o->truncated = 1;
		return;
	}
	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 16;
		o->tr = xrealloc(o->tr, (size_t)o->cap * sizeof *o->tr);
	}
	struct mm_trace *t = &o->tr[o->n++];
	*t = (struct mm_trace){ .ev = xmalloc(((size_t)w->nev + 1) * sizeof *t->ev),
				.nev = w->nev };
	for (int i = 0; i < w->nev; i++) {
		t->ev[i] = w->ev[i];
		t->ev[i].data_deps =
			taint_list(w, w->evdata + (size_t)i * (size_t)w->nw, &t->ev[i].ndata);
		t->ev[i].ctrl_deps =
			taint_list(w, w->evctrl + (size_t)i * (size_t)w->nw, &t->ev[i].nctrl);
	}
	struct lit_path_end *end = xcalloc(1, sizeof *end);
	memcpy(end->regs, w->regs, sizeof end->regs);
	end->hung = hung >= 0;
	end->hung_event = hung;
	t->final = end;
}

static void save(struct walker *w, struct saved *s)
{
	memcpy(s->regs, w->regs, sizeof s->regs);
	s->taint = xmalloc((size_t)PROG_MAX_REGS * (size_t)w->nw * sizeof *s->taint);
	memcpy(s->taint, w->taint, (size_t)PROG_MAX_REGS * (size_t)w->nw * sizeof *s->taint);
	s->ctrl = xmalloc((size_t)w->nw * sizeof *s->ctrl);
	memcpy(s->ctrl, w->ctrl, (size_t)w->nw * sizeof *s->ctrl);
	s->nev = w->nev;
}

static void restore(struct walker *w, const struct saved *s)
{
	memcpy(w->regs, s->regs, sizeof w->regs);
	memcpy(w->taint, s->taint, (size_t)PROG_MAX_REGS * (size_t)w->nw * sizeof *s->taint);
	memcpy(w->ctrl, s->ctrl, (size_t)w->nw * sizeof *s->ctrl);
	w->nev = s->nev;
}

static void drop(struct saved *s)
{
	free(s->taint), free(s->ctrl);
}

static void walk(struct walker *w, int pc);

/* The values a read of loc may be given. */
static const struct mm_valset *values(const struct walker *w, int loc)
{
	static const struct mm_valset none = { 0 };
	const struct mm_valset *s = mm_values_get(w->vals, LIT_ADDR(loc));
	return s ? s : &none;
}

/* Barriers: paths.h's table. */
static void fence(struct walker *w, const struct insn *in)
{
	switch (in->fence) {
	case LF_MB:
	case LF_MB_BEFORE_ATOMIC:
	case LF_MB_AFTER_ATOMIC:
	case LF_MB_AFTER_SPINLOCK: push_fence(w, in, MM_FULL, "DMB ISH"); break;
	case LF_RMB: push_fence(w, in, MM_DMB_LD, "DMB ISHLD"); break;
	case LF_WMB: push_fence(w, in, MM_DMB_ST, "DMB ISHST"); break;
	case LF_BARRIER:
	case LF_MB_AFTER_UNLOCK_LOCK:
	case LF_MB_AFTER_SRCU_READ_UNLOCK: break; /* (SRCU tests are refused: armv8.c) */
	}
}

/* READ_ONCE, plain, spin_is_locked: LDR; smp_load_acquire: LDAR. */
static void load(struct walker *w, const struct insn *in, int pc, int32_t v)
{
	int acq = in->access == LA_ACQUIRE;
	push(w, MM_R, in, in->loc, v, acq ? MM_ACQ : 0, acq ? "LDAR" : "LDR");
	int r = w->nev - 1;
	set_read_reg(w, in->dst, v, &r, 1);
	walk(w, pc + 1);
}

static const char *const swp_text[] = {
	[LO_FULL] = "SWPAL", [LO_RELAXED] = "SWP", [LO_ACQUIRE] = "SWPA", [LO_RELEASE] = "SWPL"
};
static const char *const cas_text[] = {
	[LO_FULL] = "CASAL", [LO_RELAXED] = "CAS", [LO_ACQUIRE] = "CASA", [LO_RELEASE] = "CASL"
};

static unsigned read_ord(enum lit_order o)
{
	return o == LO_FULL || o == LO_ACQUIRE ? MM_ACQ : 0;
}

static unsigned write_ord(enum lit_order o)
{
	return o == LO_FULL || o == LO_RELEASE ? MM_REL : 0;
}

/* xchg: SWP{A,L,AL}, reading v and writing e. */
static void xchg(struct walker *w, const struct insn *in, int pc, int32_t v)
{
	push(w, MM_R, in, in->loc, v, read_ord(in->order), swp_text[in->order]);
	int r = w->nev - 1;
	w->ev[r].rmw = r + 1;
	push_write(w, in, in->e, lit_eval(in->e, w->regs), write_ord(in->order),
		   swp_text[in->order]);
	set_read_reg(w, in->dst, v, &r, 1);
	walk(w, pc + 1);
}

/* cmpxchg: CAS{A,L,AL}, reading v; writing e2 when v equals e. The compared value's registers
 * give the write no dependency here (only the new value's do). */
static void cmpxchg(struct walker *w, const struct insn *in, int pc, int32_t v)
{
	push(w, MM_R, in, in->loc, v, read_ord(in->order), cas_text[in->order]);
	int r = w->nev - 1;
	if (v == lit_eval(in->e, w->regs)) {
		w->ev[r].rmw = r + 1;
		push_write(w, in, in->e2, lit_eval(in->e2, w->regs), write_ord(in->order),
			   cas_text[in->order]);
	}
	set_read_reg(w, in->dst, v, &r, 1);
	walk(w, pc + 1);
}

static const char *const ldop_text[] = {
	[LO_FULL] = "LD<op>AL", [LO_RELAXED] = "LD<op>", [LO_ACQUIRE] = "LD<op>A", [LO_RELEASE] = "LD<op>L"
};

/* The ones that return nothing: ST<op> (relaxed, as the kernel's are); an LD<op> into the zero
 * register, the same events, except that the Arm ARM does not count their read for DMB ISHLD's
 * ordering: armv8.c refuses one that an smp_rmb() follows. */
static const char *const stop_text[] = { [LO_FULL] = "ST<op>L", /* (not used: no full form) */
					 [LO_RELAXED] = "ST<op>",
					 [LO_ACQUIRE] = "ST<op>",
					 [LO_RELEASE] = "ST<op>L" };

/* An atomic_t read-modify-write: LD<op>{A,L,AL} (LDADD, LDCLR, LDSET, LDEOR) or ST<op>, reading
 * v and writing e computed over it (its data dependency on the read). */
static void ldop(struct walker *w, const struct insn *in, int pc, int32_t v)
{
	const char *text = in->noret ? stop_text[in->order] : ldop_text[in->order];
	push(w, MM_R, in, in->loc, v, read_ord(in->order), text);
	int r = w->nev - 1;
	w->ev[r].rmw = r + 1;
	set_read_reg(w, in->dst, v, &r, 1);
	push_write(w, in, in->e, lit_eval(in->e, w->regs), write_ord(in->order), text);
	walk(w, pc + 1);
}

/* spin_lock: CASA of 0 to 1 when the lock reads free; else the thread waits forever. */
static void lock(struct walker *w, const struct insn *in, int pc, int32_t v)
{
	push(w, MM_R, in, in->loc, v, MM_ACQ, "CASA");
	if (v != 0) {
		emit(w, w->nev - 1);
		return;
	}
	w->ev[w->nev - 1].rmw = w->nev;
	push(w, MM_W, in, in->loc, 1, 0, "CASA");
	walk(w, pc + 1);
}

typedef void (*read_fn)(struct walker *w, const struct insn *in, int pc, int32_t v);

/* Runs f once for each value the location of `in` may hold, from the same state. */
static void each_value(struct walker *w, const struct insn *in, int pc, read_fn f)
{
	const struct mm_valset *s = values(w, in->loc);
	struct saved sv;
	save(w, &sv);
	for (int k = 0; k < s->n && !w->out->truncated; k++) {
		f(w, in, pc, (int32_t)(uint32_t)s->v[k]);
		restore(w, &sv);
	}
	drop(&sv);
}

/* spin_trylock's CASA, after its LDR (the event before) read the lock free. */
static void trylock_cas(struct walker *w, const struct insn *in, int pc, int32_t u)
{
	int from[2] = { w->nev - 1, w->nev };
	push(w, MM_R, in, in->loc, u, MM_ACQ, "CASA");
	if (u == 0) {
		w->ev[w->nev - 1].rmw = w->nev;
		push(w, MM_W, in, in->loc, 1, 0, "CASA");
	}
	set_read_reg(w, in->dst, u == 0, from, 2);
	walk(w, pc + 1);
}

/* spin_trylock: LDR; if the lock is held the result is 0, else CASA (a branch on the LDR). */
static void trylock(struct walker *w, const struct insn *in, int pc, int32_t v)
{
	push(w, MM_R, in, in->loc, v, 0, "LDR");
	int r = w->nev - 1;
	tadd(w->ctrl, r);
	if (v != 0) {
		set_read_reg(w, in->dst, 0, &r, 1);
		walk(w, pc + 1);
		return;
	}
	each_value(w, in, pc, trylock_cas);
}

/* The shared read at pc: a branch per value. */
static void read_access(struct walker *w, const struct insn *in, int pc)
{
	static const read_fn fns[] = { [OP_LOAD] = load, [OP_XCHG] = xchg, [OP_CMPXCHG] = cmpxchg,
				       [OP_RMW] = ldop,	 [OP_LOCK] = lock, [OP_TRYLOCK] = trylock };
	each_value(w, in, pc, fns[in->op]);
}

/* One local instruction or store; returns the next pc. */
static int local(struct walker *w, const struct insn *in, int pc)
{
	switch (in->op) {
	case OP_SET:
		w->regs[in->dst] = lit_eval(in->e, w->regs);
		tclear(w, tset(w, in->dst));
		expr_taint(w, in->e, tset(w, in->dst));
		return pc + 1;
	case OP_JZ:
		expr_taint(w, in->e, w->ctrl);
		return lit_eval(in->e, w->regs) ? pc + 1 : in->target;
	case OP_JMP: return in->target;
	case OP_FENCE: fence(w, in); return pc + 1;
	case OP_STORE:
		push_write(w, in, in->e, lit_eval(in->e, w->regs),
			   in->access == LA_RELEASE ? MM_REL : 0,
			   in->access == LA_RELEASE ? "STLR" : "STR");
		return pc + 1;
	case OP_UNLOCK: push(w, MM_W, in, in->loc, 0, MM_REL, "STLR"); return pc + 1;
	default: return pc; /* not reached: reads go to read_access */
	}
}

static void walk(struct walker *w, int pc)
{
	while (pc < w->pt->n) {
		const struct insn *in = &w->pt->code[pc];
		if (in->op == OP_LOAD || in->op == OP_XCHG || in->op == OP_CMPXCHG ||
		    in->op == OP_LOCK || in->op == OP_TRYLOCK || in->op == OP_RMW) {
			read_access(w, in, pc);
			return;
		}
		pc = local(w, in, pc);
	}
	emit(w, -1);
}

void lit_paths_walk(const struct lit_prog *p, int i, const struct mm_values *vals, int max_paths,
		    struct lit_paths *out)
{
	struct walker w = { .pt = p->th[i], .vals = vals, .out = out, .max_paths = max_paths };
	w.maxev = 3 * w.pt->n + 1; /* at most three events an instruction (spin_trylock) */
	w.nw = (w.maxev + 63) / 64;
	w.taint = xcalloc((size_t)PROG_MAX_REGS * (size_t)w.nw, sizeof *w.taint);
	w.ctrl = xcalloc((size_t)w.nw, sizeof *w.ctrl);
	w.ev = xcalloc((size_t)w.maxev, sizeof *w.ev);
	w.evdata = xcalloc((size_t)w.maxev * (size_t)w.nw, sizeof *w.evdata);
	w.evctrl = xcalloc((size_t)w.maxev * (size_t)w.nw, sizeof *w.evctrl);
	const struct lit_thread *lt = &p->t->threads[i];
	for (int r = 0; r < lt->nregs; r++)
		w.regs[r] = lt->regs[r].init;
	walk(&w, 0);
	free(w.taint), free(w.ctrl), free(w.ev), free(w.evdata), free(w.evctrl);
}

void lit_paths_free(struct lit_paths *ps)
{
	for (int k = 0; k < ps->n; k++) {
		struct mm_trace *t = &ps->tr[k];
		for (int i = 0; i < t->nev; i++)
			free(t->ev[i].data_deps), free(t->ev[i].ctrl_deps);
		free(t->ev), free(t->final);
	}
	free(ps->tr);
	memset(ps, 0, sizeof *ps);
}
