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

/* Every value some path of some thread writes goes into vals; returns how many were new. */
static int add_written(struct mm_values *vals, const struct lit_paths *ps)
{
	int added = 0;
	for (int k = 0; k < ps->n; k++)
		for (int i = 0; i < ps->tr[k].nev; i++) {
			const struct mm_event *e = &ps->tr[k].ev[i];
			if (e->kind == MM_W)
				added += mm_values_add(vals, e->addr, e->value);
		}
	return added;
}

static int writing_insns(const struct prog_thread *pt)
{
	int n = 0;
	for (int k = 0; k < pt->n; k++)
		n += pt->code[k].op == OP_STORE || pt->code[k].op == OP_UNLOCK ||
		     pt->code[k].op == OP_XCHG || pt->code[k].op == OP_CMPXCHG ||
		     pt->code[k].op == OP_LOCK || pt->code[k].op == OP_TRYLOCK;
	return n;
}

static int too_many_values(const struct mm_values *vals)
{
	for (int s = 0; s < vals->nsets; s++)
		if (vals->sets[s].n > LIT_ARMV8_MAX_VALUES)
			return 1;
	return 0;
}

/* The threads' paths for the values each location may hold (armv8.h: why the rounds suffice).
 * ps[i] gets thread i's paths for the final sets. */
static void fixpoint(const struct lit_prog *p, struct mm_values *vals, struct lit_paths *ps,
		     struct lit_result *r)
{
	int rounds = 1;
	for (int l = 0; l < p->t->nlocs; l++)
		mm_values_add(vals, LIT_ADDR(l), (uint32_t)p->t->locs[l].init);
	for (int i = 0; i < p->nthreads; i++)
		rounds += writing_insns(p->th[i]);
	for (int round = 0;; round++) {
		int added = 0;
		for (int i = 0; i < p->nthreads; i++) {
			lit_paths_free(&ps[i]);
			lit_paths_walk(p, i, vals, LIT_ARMV8_MAX_PATHS, &ps[i]);
			if (ps[i].truncated && !r->partial)
				r->partial = 1,
				r->why = "more paths of one thread than LIT_ARMV8_MAX_PATHS";
		}
		for (int i = 0; i < p->nthreads && round < rounds; i++)
			added += add_written(vals, &ps[i]);
		if (too_many_values(vals) && !r->partial)
			r->partial = 1,
			r->why = "more values of one location than LIT_ARMV8_MAX_VALUES";
		if (!added || r->partial)
			return;
	}
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
	o->satisfies = !o->hang && lit_cond_eval(t->cond, o->vals);
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

int lit_armv8(const struct lit_prog *p, uint64_t max_states, struct lit_result *r, char *err,
	      size_t errlen)
{
	const struct lit_test *t = p->t;
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
	struct mm_problem prob = { MM_ARMV8, p->nthreads, th, init, t->nlocs, max_states };
	struct mm_stats st;
	struct collect c = { p, r, 0 };
	char *msg = NULL;
	int rc = mm_enumerate(&prob, on_exec, &c, &st, &msg);
	if (rc)
		snprintf(err, errlen, "%s:1: %s", t->file, msg);
	else if (st.partial && !r->partial)
		r->partial = 1, r->why = st.why;
	r->states = st.checked;
	free(msg);
	for (int i = 0; i < p->nthreads; i++)
		lit_paths_free(&ps[i]);
	mm_values_free(&vals);
	return rc ? -1 : 0;
}
