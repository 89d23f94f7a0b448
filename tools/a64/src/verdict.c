/*
 * verdict.c - outcomes and verdict of a test under a model (see verdict.h).
 */
#include "verdict.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

struct vctx {
	const struct a64_image *ai;
	const struct mm_exec *x;
	struct a64_result *r;
};

static uint64_t reg_of(void *c, int th, int reg)
{
	const struct vctx *v = c;
	return ((const struct a64_final *)v->x->trace[th]->final)->x[reg];
}

static uint64_t loc_of(void *c, int i)
{
	const struct vctx *v = c;
	for (int k = 0; k < v->x->nlocs; k++)
		if (v->x->locs[k].addr == v->ai->loc_addr[i])
			return v->x->locs[k].final;
	return v->ai->t->locs[i].init;
}

static uint64_t addr_of(void *c, int i)
{
	const struct vctx *v = c;
	return v->ai->loc_addr[i];
}

/* A value as herd prints it: signed, or the name of the location it is the address of. */
static void value(struct buf *b, const struct a64_test *t, const uint64_t *loc_addr, uint64_t v)
{
	for (int i = 0; loc_addr && i < t->nlocs; i++)
		if (loc_addr[i] == v) {
			buf_puts(b, t->locs[i].name);
			return;
		}
	buf_printf(b, "%lld", (long long)v);
}

char *a64_state_key(const struct a64_test *t, const struct a64_state_fns *s,
		    const uint64_t *loc_addr)
{
	struct buf b = { 0 };
	for (int i = 0; i < t->nobs; i++) {
		const struct a64_obs *o = &t->obs[i];
		char rn[16];
		if (o->thread >= 0)
			buf_printf(&b, "%s%d:%s=", i ? " " : "", o->thread,
				   a64_reg_name(t->isa, o->reg, rn, sizeof rn));
		else
			buf_printf(&b, "%s%s=", i ? " " : "", t->locs[o->reg].name);
		value(&b, t, loc_addr,
		      o->thread >= 0 ? s->reg(s->ctx, o->thread, o->reg) : s->loc(s->ctx, o->reg));
		buf_putc(&b, ';');
	}
	return buf_take(&b);
}

void a64_result_count(struct a64_result *r, char *key, int holds, uint64_t n)
{
	for (int i = 0; i < r->nout; i++)
		if (!strcmp(r->out[i].key, key)) {
			r->out[i].count += n;
			free(key);
			return;
		}
	r->out = xrealloc(r->out, (size_t)(r->nout + 1) * sizeof *r->out);
	r->out[r->nout++] = (struct a64_outcome){ key, holds, n };
	if (holds)
		r->pos += n;
	else
		r->neg += n;
}

static int on_exec(const struct mm_exec *x, void *ctx)
{
	struct vctx *v = ctx;
	v->x = x;
	struct a64_state_fns s = { reg_of, loc_of, addr_of, v };
	const struct a64_test *t = v->ai->t;
	if (t->filter && !a64_cond_eval(t->filter, &s))
		return 0;
	if (x->partial) {
		v->r->cut++;
		return 0;
	}
	int holds = a64_cond_eval(t->cond, &s);
	a64_result_count(v->r, a64_state_key(t, &s, v->ai->loc_addr), holds, 1);
	return 0;
}

/* The initial writes: each location with the size of its accesses (one size per location). */
static char *initial(const struct a64_image *ai, const struct a64_explore *ex, struct mm_init *init)
{
	const struct a64_test *t = ai->t;
	for (int i = 0; i < t->nlocs; i++) {
		init[i] = (struct mm_init){ ai->loc_addr[i], 0, t->locs[i].init };
		for (int th = 0; th < t->nthreads; th++)
			for (int p = 0; p < ex->paths[th].ntraces; p++) {
				const struct mm_trace *tr = &ex->paths[th].traces[p];
				for (int j = 0; j < tr->nev; j++) {
					const struct mm_event *e = &tr->ev[j];
					if (e->kind == MM_F || e->addr != init[i].addr)
						continue;
					if (init[i].size && init[i].size != e->size)
						return xasprintf(
							"%s:%d: location %s is accessed with %u "
							"and %u bytes: mixed-size accesses "
							"are not modelled",
							t->file, e->line, t->locs[i].name,
							init[i].size, e->size);
					init[i].size = e->size;
				}
			}
		if (!init[i].size)
			init[i].size = 8;
	}
	return NULL;
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct a64_outcome *)a)->key, ((const struct a64_outcome *)b)->key);
}

void a64_result_conclude(const struct a64_test *t, struct a64_result *r)
{
	qsort(r->out, (size_t)r->nout, sizeof *r->out, by_key);
	if (r->pos && r->neg)
		r->word = "Sometimes";
	else if (!r->partial)
		r->word = r->pos ? "Always" : "Never";
	if (t->quant == A64_EXISTS)
		r->ok = r->pos > 0;
	else if (r->word)
		r->ok = !strcmp(r->word, t->quant == A64_NOT_EXISTS ? "Never" : "Always");
}

int a64_verdict(const struct a64_image *ai, const struct a64_explore *ex, enum mm_model_id model,
		struct a64_result *r, char **err)
{
	const struct a64_test *t = ai->t;
	memset(r, 0, sizeof *r);
	r->unit = "execution";
	struct mm_thread th[A64_MAX_THREADS];
	for (int i = 0; i < t->nthreads; i++)
		th[i] = (struct mm_thread){ ex->paths[i].traces, ex->paths[i].ntraces };
	struct mm_init *init = xcalloc((size_t)t->nlocs + 1, sizeof *init);
	*err = initial(ai, ex, init);
	struct mm_problem p = { model, t->nthreads, th, init, t->nlocs, 0, 0 };
	struct vctx v = { ai, NULL, r };
	char *why = NULL;
	if (!*err && mm_enumerate(&p, on_exec, &v, &r->stats, &why) != 0) {
		*err = xasprintf("%s:%d: the model cannot judge this test: %s", t->file,
				 t->threads_line, why);
		free(why);
	}
	free(init);
	if (*err) {
		a64_result_free(r);
		return -1;
	}
	r->partial = ex->partial || r->stats.partial || r->cut > 0;
	r->why = ex->partial	  ? ex->why :
		 r->stats.partial ? r->stats.why :
		 r->cut ? "an allowed execution with a path cut at the instruction bound" :
			  NULL;
	a64_result_conclude(t, r);
	return 0;
}

void a64_result_free(struct a64_result *r)
{
	for (int i = 0; i < r->nout; i++)
		free(r->out[i].key);
	free(r->out);
	memset(r, 0, sizeof *r);
}
