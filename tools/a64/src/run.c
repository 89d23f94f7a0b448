/*
 * run.c - every path of one thread (see run.h): a depth-first walk of the tree of choices, each
 * path run again from the start (litmus threads and kernel-style thread functions are short), one
 * instruction at a time, classified before it executes (insn.h) so that its dependencies are
 * computed from the registers it reads (deps.c) and its accesses become events (access.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "runst.h"

int rs_fail(struct runst *s, const char *fmt, ...)
{
	if (s->failed)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vfmt_msg(s->err, sizeof s->err, fmt, ap);
	va_end(ap);
	s->failed = 1;
	return -1;
}

int rs_choose(struct runst *s, int n)
{
	if (s->depth == s->nch) {
		if (s->nch == s->capch) {
			s->capch = s->capch ? 2 * s->capch : 16;
			s->ch = xrealloc(s->ch, (size_t)s->capch * sizeof *s->ch);
		}
		s->ch[s->nch++] = (struct choice){ n, 0 };
	} else if (s->ch[s->depth].n != n) {
		rs_fail(s,
			"a choice point changed between runs of the same path (%d, then %d "
			"alternatives)",
			n, s->ch[s->depth].n);
		return 0;
	}
	return s->ch[s->depth++].k;
}

/* The next path: the deepest choice with an alternative left takes it. 0 when none is left. */
static int next_path(struct runst *s)
{
	while (s->nch && s->ch[s->nch - 1].k == s->ch[s->nch - 1].n - 1)
		s->nch--;
	if (!s->nch)
		return 0;
	s->ch[s->nch - 1].k++;
	return 1;
}

static void start_path(struct runst *s)
{
	for (int r = 0; r < A64_NREG; r++) {
		tset_clear(&s->dep[r]);
		tset_clear(&s->pick[r]);
	}
	tset_clear(&s->ctrl);
	tset_clear(&s->ctrl_pick);
	tset_clear(&s->priv_acc);
	tset_clear(&s->st_fence);
	tset_clear(&s->priv_addr);
	tset_clear(&s->priv_pick);
	access_reset(s);
	s->nev = 0;
	s->depth = 0;
	s->steps = 0;
	s->excl_open = 0;
	s->excl_ev = -1;
	s->crash = A64_NO_CRASH;
	spin_reset(s);
	ucpu_reset(s->cpu, s->p->entry, s->p->x);
}

/* With prod.crashes: the path ends here, crashed. 2. */
static int crashed(struct runst *s, enum a64_crash how, uint64_t addr)
{
	s->crash = how;
	s->crash_addr = addr;
	return 2;
}

/* One instruction. 1: the thread returned; 2: it crashed (prod.crashes); 0: go on; -1: error. */
static int step(struct runst *s)
{
	char msg[256];
	s->pc = ucpu_pc(s->cpu);
	if (ucpu_done(s->cpu))
		return 1;
	a64_decode(ucpu_fetch(s->cpu, s->pc), &s->in);
	if (s->in.kind == A64_UNKNOWN)
		return rs_fail(s, "%s: the model does not know this instruction", s->in.name);
	if (s->in.kind == A64_TRAP)
		return s->p->crashes ?
			       crashed(s, A64_CRASH_TRAP, 0) :
			       rs_fail(s, "a trap (%s): the thread would stop here", s->in.name);
	deps_before(s);
	if (s->in.kind == A64_STXR) {
		if (access_stxr(s) != 0)
			return -1;
		deps_after(s);
		return 0;
	}
	if (s->in.kind == A64_FENCE)
		access_fence(s);
	if (s->in.kind == A64_CLREX)
		s->excl_open = 0, s->excl_ev = -1;
	enum ucpu_stop st = ucpu_step(s->cpu, msg, sizeof msg);
	if (st == UCPU_DONE)
		return 1;
	uint64_t fault_addr;
	if (st == UCPU_FAULT && s->p->crashes)
		return ucpu_fault_addr(s->cpu, &fault_addr) ?
			       crashed(s, A64_CRASH_FAULT, fault_addr) :
			       crashed(s, A64_CRASH_OTHER, 0);
	if (st == UCPU_FAULT)
		return rs_fail(s, "%s", msg);
	if (s->failed)
		return -1;
	deps_after(s);
	return 0;
}

static struct mm_event *copy_events(const struct runst *s)
{
	struct mm_event *ev = xmalloc((size_t)(s->nev ? s->nev : 1) * sizeof *ev);
	memcpy(ev, s->ev, (size_t)s->nev * sizeof *ev);
	return ev;
}

static void add_trace(struct runst *s, struct a64_paths *out, int partial)
{
	out->traces = xrealloc(out->traces, (size_t)(out->ntraces + 1) * sizeof *out->traces);
	struct a64_final *f = xcalloc(1, sizeof *f);
	for (int r = 0; r < 31; r++)
		f->x[r] = ucpu_reg(s->cpu, r);
	f->spin_from = s->spin_from;
	f->crash = s->crash;
	f->crash_pc = s->crash ? s->pc : 0;
	f->crash_addr = s->crash_addr;
	f->user = s->p->end ? s->p->end(s->p->ctx, s->cpu) : NULL;
	out->traces[out->ntraces++] = (struct mm_trace){
		copy_events(s), s->nev, partial,
		partial ? "a path longer than the instruction bound (a loop)" : NULL, f
	};
	s->nev = 0; /* the trace owns the events' dependency lists now */
}

static void drop_events(struct runst *s)
{
	for (int i = 0; i < s->nev; i++) {
		free(s->ev[i].addr_deps);
		free(s->ev[i].data_deps);
		free(s->ev[i].ctrl_deps);
		free(s->ev[i].pick_addr_deps);
		free(s->ev[i].pick_data_deps);
		free(s->ev[i].pick_ctrl_deps);
	}
	s->nev = 0;
}

/* Runs the current path to its end, or its bound. 0 or -1. */
static int run_path(struct runst *s, struct a64_paths *out)
{
	start_path(s);
	for (;;) {
		if (s->steps++ >= s->p->max_steps) {
			s->nch = s->depth; /* the choices below the cut are not this path's */
			add_trace(s, out, 1);
			out->partial = 1;
			out->why = "a path longer than the instruction bound (a loop)";
			return 0;
		}
		int rc = step(s);
		if (rc < 0)
			return -1;
		if (rc > 0)
			break;
		if (s->p->state && spin_repeats(s)) {
			/* as at the bound: the choices below are not this path's */
			s->nch = s->depth;
			if (s->spin_livelock) { /* no path (spin.c) */
				drop_events(s);
				return 0;
			}
			break;
		}
	}
	if (s->depth != s->nch)
		return rs_fail(s, "a path took fewer choices when run again");
	add_trace(s, out, 0);
	return 0;
}

static void free_state(struct runst *s)
{
	for (int r = 0; r < A64_NREG; r++) {
		tset_free(&s->dep[r]);
		tset_free(&s->pick[r]);
	}
	struct tset *sets[] = { &s->ctrl,	&s->ctrl_pick, &s->priv_acc,  &s->st_fence,
				&s->priv_addr,	&s->a_dep,     &s->a_pick,    &s->res_dep,
				&s->res_pick,	&s->rd_dep[0], &s->rd_dep[1], &s->rd_pick[0],
				&s->rd_pick[1], &s->priv_pick };
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
		tset_free(sets[i]);
	drop_events(s); /* a failed path's */
	access_reset(s);
	spin_free(s);
	free(s->sh);
	free(s->ev);
	free(s->ch);
}

int a64_run(const struct a64_prod *p, struct ucpu *cpu, struct a64_paths *out, char *err,
	    size_t errlen, uint64_t *err_pc)
{
	struct runst s = { .p = p, .cpu = cpu, .excl_ev = -1 };
	struct ucpu_hooks h = access_hooks(&s);
	memset(out, 0, sizeof *out);
	ucpu_set_hooks(cpu, &h);
	int rc = 0;
	do {
		if (out->ntraces >= p->max_paths) {
			out->partial = 1;
			out->why = "more paths than the path bound";
			break;
		}
		rc = run_path(&s, out);
	} while (rc == 0 && next_path(&s));
	if (rc != 0) {
		fmt_msg(err, errlen, "%s", s.err);
		*err_pc = s.pc;
		a64_paths_free(out);
	}
	struct ucpu_hooks none = { 0 };
	ucpu_set_hooks(cpu, &none);
	free_state(&s);
	return rc;
}

void a64_paths_free(struct a64_paths *ps)
{
	for (int i = 0; i < ps->ntraces; i++) {
		struct mm_trace *t = &ps->traces[i];
		for (int j = 0; j < t->nev; j++) {
			free(t->ev[j].addr_deps);
			free(t->ev[j].data_deps);
			free(t->ev[j].ctrl_deps);
			free(t->ev[j].pick_addr_deps);
			free(t->ev[j].pick_data_deps);
			free(t->ev[j].pick_ctrl_deps);
		}
		free(t->ev);
		if (t->final)
			free(((struct a64_final *)t->final)->user);
		free(t->final);
	}
	free(ps->traces);
	memset(ps, 0, sizeof *ps);
}
