/*
 * armv8.c - the reference enumerator's Armv8 mode (see armv8.h): the value fixpoint, every
 * thread's paths, tools/model's enumeration, and the outcomes.
 */
#include "armv8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cond.h"
#include "paths.h"

struct collect {
	const struct lit_prog *p;
	struct lit_result *r;
	int cap;
};

static int writing_insns(const struct prog_thread *pt)
{
	int n = 0;
	for (int k = 0; k < pt->n; k++)
		n += pt->code[k].op == OP_STORE || pt->code[k].op == OP_UNLOCK ||
		     pt->code[k].op == OP_XCHG || pt->code[k].op == OP_CMPXCHG ||
		     pt->code[k].op == OP_LOCK || pt->code[k].op == OP_TRYLOCK ||
		     pt->code[k].op == OP_RMW;
	return n;
}

/* mm_rounds' check: a location with more values than the bound makes the result partial. */
static const char *too_many_values(void *ctx, const struct mm_values *vals)
{
	(void)ctx;
	for (int s = 0; s < vals->nsets; s++)
		if (vals->sets[s].n > LIT_ARMV8_MAX_VALUES)
			return "more values of one location than LIT_ARMV8_MAX_VALUES";
	return NULL;
}

struct walk {
	const struct lit_prog *p;
	struct lit_paths *ps;
};

/* mm_rounds' run: thread t's paths, each read given each value in holds for its location. */
static int walk_thread(void *ctx, int t, const struct mm_values *in, struct mm_round_paths *out)
{
	struct walk *w = ctx;
	lit_paths_free(&w->ps[t]);
	lit_paths_walk(w->p, t, in, LIT_ARMV8_MAX_PATHS, &w->ps[t]);
	*out = (struct mm_round_paths){ w->ps[t].tr, w->ps[t].n, w->ps[t].truncated,
					"more paths of one thread than LIT_ARMV8_MAX_PATHS" };
	return 0;
}

/* The threads' paths for the values each location may hold, by tools/model's one driver of the
 * rounds (armv8.h: why the rounds suffice): every read may return its location's initial value
 * (vals) or any value written, its own thread's included. ps[i] gets thread i's paths. */
static void fixpoint(const struct lit_prog *p, struct mm_values *vals, struct lit_paths *ps,
		     struct lit_result *r)
{
	struct mm_rounds_opts o = { .base = vals,
				    .own_writes = 1,
				    .bound = 1,
				    .stop_on_partial = 1,
				    .check = too_many_values };
	for (int l = 0; l < p->t->nlocs; l++)
		mm_values_add(vals, LIT_ADDR(l), (uint32_t)p->t->locs[l].init);
	for (int i = 0; i < p->nthreads; i++)
		o.bound += writing_insns(p->th[i]);
	struct walk w = { p, ps };
	struct mm_rounds mr;
	mm_rounds(p->nthreads, walk_thread, &w, &o, &mr);
	if (mr.partial && !r->partial)
		r->partial = 1, r->why = mr.why;
}

static const struct mm_event *event_of(const struct mm_exec *x, struct mm_ref ref)
{
	return &x->trace[ref.thread]->ev[ref.index];
}

static void put_ref(struct buf *b, const struct mm_exec *x, struct mm_ref ref)
{
	if (ref.thread == MM_INIT)
		buf_puts(b, "init");
	else
		buf_printf(b, "P%d:%d", ref.thread, event_of(x, ref)->line);
}

/* The execution in words: each read, the write it reads from ("P1:28 LDR x=0 from init", P1's
 * read on litmus line 28); then each location written more than once, its writes in coherence
 * order ("co x: P0:20 P1:31"). */
static char *format_witness(const struct lit_test *t, const struct mm_exec *x)
{
	struct buf b = { 0 };
	for (int th = 0; th < x->nthreads; th++)
		for (int i = 0; i < x->trace[th]->nev; i++) {
			const struct mm_event *e = &x->trace[th]->ev[i];
			if (e->kind != MM_R)
				continue;
			buf_printf(&b, "%sP%d:%d %s %s=%d from ", b.len ? "; " : "", th, e->line,
				   e->text, t->locs[LIT_LOC(e->addr)].name, (int)(int32_t)e->value);
			put_ref(&b, x, x->rf[th][i]);
		}
	for (int l = 0; l < x->nlocs; l++) {
		if (x->locs[l].nco < 2)
			continue;
		buf_printf(&b, "%sco %s:", b.len ? "; " : "",
			   t->locs[LIT_LOC(x->locs[l].addr)].name);
		for (int k = 0; k < x->locs[l].nco; k++)
			buf_putc(&b, ' '), put_ref(&b, x, x->locs[l].co[k]);
	}
	return buf_take(&b);
}

/* A hung thread waits forever only if the held value it read is the lock's last (co-final)
 * write; a read of an earlier one would later see a newer write. */
static int waits_forever(const struct mm_exec *x, int th, int ev)
{
	struct mm_ref from = x->rf[th][ev];
	uint64_t loc = x->trace[th]->ev[ev].addr;
	for (int l = 0; l < x->nlocs; l++)
		if (x->locs[l].addr == loc) {
			const struct mm_loc *m = &x->locs[l];
			struct mm_ref last = m->nco ? m->co[m->nco - 1] :
						      (struct mm_ref){ MM_INIT, 0 };
			return from.thread == last.thread && from.index == last.index;
		}
	return 0;
}

/* The outcome of an execution: the condition's locations; 0 when a hung thread's wait would end. */
static int outcome_of(const struct lit_test *t, const struct mm_exec *x, struct lit_outcome *o)
{
	memset(o, 0, sizeof *o);
	for (int th = 0; th < x->nthreads; th++) {
		const struct lit_path_end *end = x->trace[th]->final;
		if (end->hung && !waits_forever(x, th, end->hung_event))
			return 0;
		if (end->hung)
			o->hang |= 1u << th;
	}
	for (int c = 0; c < t->ncvars; c++) {
		const struct lit_cvar *v = &t->cvars[c];
		if (v->thread >= 0) {
			o->vals[c] = ((const struct lit_path_end *)x->trace[v->thread]->final)
					     ->regs[v->index];
			continue;
		}
		for (int l = 0; l < x->nlocs; l++)
			if (x->locs[l].addr == LIT_ADDR(v->index))
				o->vals[c] = (int32_t)(uint32_t)x->locs[l].final;
	}
	o->filtered = t->filter && !lit_cond_eval(t->filter, o->vals);
	o->satisfies = !o->hang && !o->filtered && lit_cond_eval(t->cond, o->vals);
	return 1;
}

static int on_exec(const struct mm_exec *x, void *ctx)
{
	struct collect *c = ctx;
	struct lit_result *r = c->r;
	struct lit_outcome o;
	if (!outcome_of(c->p->t, x, &o))
		return 0;
	r->schedules++;
	for (int k = 0; k < r->noutcomes; k++)
		if (r->outcomes[k].hang == o.hang &&
		    !memcmp(r->outcomes[k].vals, o.vals, sizeof o.vals)) {
			r->outcomes[k].count++;
			return 0;
		}
	if (r->noutcomes == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 16;
		r->outcomes = xrealloc(r->outcomes, (size_t)c->cap * sizeof *r->outcomes);
	}
	o.count = 1;
	o.witness = format_witness(c->p->t, x);
	r->outcomes[r->noutcomes++] = o;
	return 0;
}

/* An smp_rmb() (DMB ISHLD) after instruction k of thread pt: what an ST<op> must not meet. */
static int rmb_after(const struct prog_thread *pt, int k)
{
	for (int j = k + 1; j < pt->n; j++)
		if (pt->code[j].op == OP_FENCE && pt->code[j].fence == LF_RMB)
			return 1;
	return 0;
}

/* What paths.c has no arm64 mapping for (armv8.h), with its line: r->unsupported; 1 if any. */
static int unsupported(const struct lit_prog *p, struct lit_result *r)
{
	const struct lit_test *t = p->t;
	if (t->uses_rcu) {
		r->unsupported = "RCU and SRCU: the Armv8 mode has no grace periods";
		r->unsupported_line = t->rcu_line;
		return 1;
	}
	if (t->uses_ptr) {
		r->unsupported = "pointer values: the Armv8 mode's events have fixed addresses";
		r->unsupported_line = t->ptr_line;
		return 1;
	}
	for (int i = 0; i < p->nthreads; i++)
		for (int k = 0; k < p->th[i]->n; k++) {
			const struct insn *in = &p->th[i]->code[k];
			if (in->op == OP_ADD_UNLESS)
				r->unsupported =
					"atomic_add_unless: the Armv8 mode has no mapping of "
					"its loop of cmpxchg";
			else if (in->op == OP_RMW && in->noret && rmb_after(p->th[i], k))
				r->unsupported =
					"an atomic_t operation that returns nothing (LSE's ST<op>) "
					"before an smp_rmb(): the Arm ARM does not count its read for "
					"DMB ISHLD's ordering, which the Armv8 mode does not model";
			else
				continue;
			r->unsupported_line = in->line;
			return 1;
		}
	return 0;
}

int lit_armv8(const struct lit_prog *p, uint64_t max_states, struct lit_result *r, char *err,
	      size_t errlen)
{
	const struct lit_test *t = p->t;
	memset(r, 0, sizeof *r);
	r->model = LM_ARMV8;
	if (unsupported(p, r))
		return 0;
	struct mm_values vals = { 0 };
	struct lit_paths ps[LIT_MAX_THREADS];
	struct mm_thread th[LIT_MAX_THREADS];
	struct mm_init init[LIT_MAX_LOCS];
	memset(ps, 0, sizeof ps);
	fixpoint(p, &vals, ps, r);
	for (int i = 0; i < p->nthreads; i++)
		th[i] = (struct mm_thread){ ps[i].tr, ps[i].n };
	for (int l = 0; l < t->nlocs; l++)
		init[l] = (struct mm_init){ LIT_ADDR(l), 4, (uint32_t)t->locs[l].init };
	struct mm_problem prob = { MM_ARMV8, p->nthreads, th, init, t->nlocs, max_states, 0 };
	struct mm_stats st;
	struct collect c = { p, r, 0 };
	char *msg = NULL;
	int rc = mm_enumerate(&prob, on_exec, &c, &st, &msg);
	if (rc)
		fmt_msg(err, errlen, "%s:1: %s", t->file, msg);
	else if (st.partial && !r->partial)
		r->partial = 1, r->why = st.why;
	r->states = st.checked;
	free(msg);
	for (int i = 0; i < p->nthreads; i++)
		lit_paths_free(&ps[i]);
	mm_values_free(&vals);
	return rc ? -1 : 0;
}
