/*
 * a8exec.c - the executions of one cell under the model and their outcomes (see a8.h).
 *
 * tools/model combines one path per thread, enumerates reads-from and coherence, and hands back
 * each execution the model allows. Its outcome, as the SC explorer makes it:
 * - a thread whose path ends in a cycle (a8paths.c, spin.c) hangs when every read of the cycle
 *   reads its location's co-final write: it then reads the same values forever, as the SC
 *   explorer's blocked thread; if one reads an older write, a newer one reaches it eventually
 *   and that execution is not an outcome (the paths that leave the loop are others);
 * - a thread whose path crashed ends the run with that crash (with several, each is an outcome);
 * - the memory is INIT's, then the co-final value of every location of course_shared, then what
 *   each path left in its private memory (course_observed, other writable data); CHECK runs on
 *   it when every thread returned; the values of the outcome variables are read from it.
 * Outcomes are merged by key; an outcome's witness is its execution with the fewest events.
 * The outcome of a final memory is memoised (paths and co-final values decide it).
 */
#include <stdlib.h>
#include <string.h>
#define XXH_STATIC_LINKING_ONLY /* XXH3_state_t on the stack */
#include <xxhash.h>

#include "a8.h"
#include "util.h"

struct outc {
	char *key;
	json_t *values;
	unsigned hang;
	char *crash_thread, *crash_msg;
	int done;
	uint64_t count;
	int size; /* the witness's events */
	char *witness;
	json_t *execution;
};

struct memo {
	XXH128_hash_t h;
	int outc; /* -1: no outcome */
	int used;
};

struct ex {
	struct a8 *a;
	struct outc *o;
	int no;
	struct memo *memo; /* open addressing, capmemo a power of 2 */
	int nmemo, capmemo;
	uint8_t *mem, *set; /* private bytes being merged */
	int failed;
	const struct mm_init *init; /* the problem's, for the witness's missing orders */
	int ninit;
};

/* Every read of thread t's trace from event `from` reads its location's co-final write. */
static int waits_forever(const struct mm_exec *x, int t, int from)
{
	const struct mm_trace *tr = x->trace[t];
	for (int i = from; i < tr->nev; i++) {
		if (tr->ev[i].kind != MM_R)
			continue;
		struct mm_ref r = x->rf[t][i];
		for (int l = 0; l < x->nlocs; l++) {
			const struct mm_loc *m = &x->locs[l];
			if (m->addr != tr->ev[i].addr)
				continue;
			struct mm_ref last = m->nco ? m->co[m->nco - 1] :
						      (struct mm_ref){ MM_INIT, 0 };
			if (r.thread != last.thread ||
			    (r.thread != MM_INIT && r.index != last.index))
				return 0;
		}
	}
	return 1;
}

static XXH128_hash_t final_hash(const struct mm_exec *x)
{
	XXH3_state_t st;
	XXH3_128bits_reset(&st);
	XXH3_128bits_update(&st, x->path, (size_t)x->nthreads * sizeof *x->path);
	for (int l = 0; l < x->nlocs; l++) {
		uint64_t v[2] = { x->locs[l].addr, x->locs[l].final };
		XXH3_128bits_update(&st, v, sizeof v);
	}
	return XXH3_128bits_digest(&st);
}

int a8_read(const void *cpu, uint64_t addr, void *buf, size_t n)
{
	const uint8_t *h = ucpu_host(cpu, addr, n);
	if (!h)
		return -1;
	memcpy(buf, h, n);
	return 0;
}

/* The final memory of x in the cpu. 0, or -1 with e->a->err (two threads wrote a private byte). */
static int final_memory(struct ex *e, const struct mm_exec *x)
{
	struct a8 *a = e->a;
	uint64_t regs[31] = { 0 };
	ucpu_reset(a->cpu, a->check_entry, regs);
	for (int l = 0; l < x->nlocs; l++) {
		uint8_t *h = ucpu_host(a->cpu, x->locs[l].addr, x->locs[l].size);
		for (unsigned i = 0; h && i < x->locs[l].size; i++)
			h[i] = (uint8_t)(x->locs[l].final >> (8 * i));
	}
	memcpy(e->mem, a->priv_init, a->priv_bytes);
	memset(e->set, 0, a->priv_bytes);
	for (int t = 0; t < x->nthreads; t++) {
		const uint8_t *end = a8_end(x->trace[t]);
		for (size_t i = 0; i < a->priv_bytes; i++) {
			if (end[i] == a->priv_init[i])
				continue;
			if (e->set[i] && e->mem[i] != end[i])
				return -1;
			e->set[i] = 1;
			e->mem[i] = end[i];
		}
	}
	const uint8_t *p = e->mem;
	for (int r = 0; r < a->npriv; p += a->priv[r].hi - a->priv[r].lo, r++) {
		uint8_t *h = ucpu_host(a->cpu, a->priv[r].lo, a->priv[r].hi - a->priv[r].lo);
		if (h)
			memcpy(h, p, a->priv[r].hi - a->priv[r].lo);
	}
	return 0;
}

static int find_key(const struct ex *e, const char *key)
{
	for (int i = 0; i < e->no; i++)
		if (!strcmp(e->o[i].key, key))
			return i;
	return -1;
}

/* The outcome of x (new or merged by key): its index, -1 when x is none, -2 on an error. */
static int outcome_of(struct ex *e, const struct mm_exec *x, int crash_t, unsigned hang)
{
	struct a8 *a = e->a;
	const struct oview *ov = a->cfg->ov;
	if (final_memory(e, x) != 0) {
		a->err =
			xstrdup("two threads write the same byte outside course_shared (the model "
				"runs each thread alone: memory outside course_shared is its own)");
		return -2;
	}
	struct crash c;
	const char *who = NULL;
	if (crash_t >= 0) {
		a8_crash_of(a8_final(x->trace[crash_t]), &c);
		who = a->cfg->meta->threads[crash_t];
	} else if (!hang && a->check_entry) {
		int rc = a8_run_alone(a, &c);
		if (rc < 0)
			return -2;
		who = rc ? "check" : NULL;
	}
	char *msg = who ? crash_message(ov, &c) : NULL;
	json_t *values;
	char *text = outcome_values_from(ov, a8_read, a->cpu, &values);
	char *key = outcome_key(ov, text, hang, who, msg);
	free(text);
	int i = find_key(e, key);
	if (i >= 0) {
		free(key), free(msg), json_decref(values);
		return i;
	}
	e->o = xrealloc(e->o, (size_t)(e->no + 1) * sizeof *e->o);
	e->o[e->no] = (struct outc){ key,  values,	  hang, who ? xstrdup(who) : NULL,
				     msg,  !who && !hang, 0,	0,
				     NULL, NULL };
	return e->no++;
}

static int events(const struct mm_exec *x)
{
	int n = 0;
	for (int t = 0; t < x->nthreads; t++)
		n += x->trace[t]->nev;
	return n;
}

static void count(struct ex *e, int i, const struct mm_exec *x)
{
	struct outc *o = &e->o[i];
	o->count++;
	int n = events(x);
	if (o->witness && n >= o->size)
		return;
	free(o->witness);
	json_decref(o->execution);
	o->size = n;
	o->witness = a8_execution_text(e->a, x);
	o->execution = e->a->cfg->executions ? a8_execution_json(e->a, x, e->init, e->ninit) : NULL;
}

static struct memo *memo_slot(struct memo *tab, int cap, XXH128_hash_t h)
{
	int i = (int)(h.low64 & (uint64_t)(cap - 1));
	while (tab[i].used && !XXH128_isEqual(tab[i].h, h))
		i = (i + 1) & (cap - 1);
	return &tab[i];
}

/* The memoised outcome of h; -3 when none. */
static int memo_find(const struct ex *e, XXH128_hash_t h)
{
	if (!e->capmemo)
		return -3;
	const struct memo *m = memo_slot(e->memo, e->capmemo, h);
	return m->used ? m->outc : -3;
}

static void memo_put(struct ex *e, XXH128_hash_t h, int outc)
{
	if (2 * (e->nmemo + 1) > e->capmemo) {
		int cap = e->capmemo ? 2 * e->capmemo : 256;
		struct memo *tab = xcalloc((size_t)cap, sizeof *tab);
		for (int i = 0; i < e->capmemo; i++)
			if (e->memo[i].used)
				*memo_slot(tab, cap, e->memo[i].h) = e->memo[i];
		free(e->memo);
		e->memo = tab;
		e->capmemo = cap;
	}
	*memo_slot(e->memo, e->capmemo, h) = (struct memo){ h, outc, 1 };
	e->nmemo++;
}

/* The outcome of x with thread crash_t's crash (-1: none) and the hung threads: memoised by the
 * final memory when memo. 0, or 1 to stop on an error. */
static int one_outcome(struct ex *e, const struct mm_exec *x, int crash_t, unsigned hang, int memo)
{
	XXH128_hash_t h = final_hash(x);
	int i = memo ? memo_find(e, h) : -3;
	if (i == -3) {
		i = outcome_of(e, x, crash_t, hang);
		if (i == -2) {
			e->failed = 1;
			return 1;
		}
		if (memo)
			memo_put(e, h, i);
	}
	if (i >= 0)
		count(e, i, x);
	return 0;
}

static int on_exec(const struct mm_exec *x, void *ctx)
{
	struct ex *e = ctx;
	if (x->partial) /* a path cut at a bound: no outcome (the result says partial) */
		return 0;
	unsigned hang = 0, crashed = 0;
	for (int t = 0; t < x->nthreads; t++) {
		const struct a64_final *f = a8_final(x->trace[t]);
		if (f->crash)
			crashed |= 1u << t;
		if (f->spin_from >= 0)
			hang |= 1u << t;
	}
	if (crashed) { /* a crash ends the run: each crashed thread's may be the first */
		int memo = !(crashed & (crashed - 1)), rc = 0;
		for (int t = 0; t < x->nthreads && !rc; t++)
			if (crashed & (1u << t))
				rc = one_outcome(e, x, t, 0, memo);
		return rc;
	}
	for (int t = 0; t < x->nthreads; t++)
		if ((hang & (1u << t)) && !waits_forever(x, t, a8_final(x->trace[t])->spin_from))
			return 0;
	return one_outcome(e, x, -1, hang, 1);
}

static int by_addr(const void *x, const void *y)
{
	const struct mm_event *a = *(const struct mm_event *const *)x,
			      *b = *(const struct mm_event *const *)y;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	return (a->size > b->size) - (a->size < b->size);
}

static char *access_text(const struct a8 *a, const struct mm_event *ev)
{
	char *var = addr_name(a->cfg->im, ev->addr);
	char *s = xasprintf("a %u-byte %s of %s (line %d)", ev->size,
			    ev->kind == MM_W ? "write" : "read", var,
			    nmeta_file_line(a->cfg->meta, a->cfg->variant, ev->line));
	free(var);
	return s;
}

/* Two accesses of course_shared that overlap without being the same location: the model is the
 * non-mixed one. 0, or -1 with a->err. */
static int mixed_sizes(struct a8 *a)
{
	const struct mm_event **all = NULL;
	size_t n = 0, cap = 0;
	for (int t = 0; t < a->nthreads; t++)
		for (int p = 0; p < a->paths[t].ntraces; p++)
			for (int i = 0; i < a->paths[t].traces[p].nev; i++) {
				const struct mm_event *ev = &a->paths[t].traces[p].ev[i];
				if (ev->kind == MM_F)
					continue;
				if (n == cap) {
					cap = cap ? 2 * cap : 64;
					all = xrealloc(all, cap * sizeof *all);
				}
				all[n++] = ev;
			}
	if (n)
		qsort(all, n, sizeof *all, by_addr);
	const struct mm_event *reach = NULL; /* the access reaching furthest so far */
	for (size_t i = 0; i < n; i++) {
		const struct mm_event *ev = all[i];
		if (reach && ev->addr < reach->addr + reach->size &&
		    (ev->addr != reach->addr || ev->size != reach->size)) {
			char *x = access_text(a, reach), *y = access_text(a, ev);
			a->err =
				xasprintf("mixed-size accesses: %s and %s overlap: the Armv8 model "
					  "here is the non-mixed one",
					  x, y);
			a->err_pc = ev->pc;
			free(x), free(y), free(all);
			return -1;
		}
		if (!reach || ev->addr + ev->size > reach->addr + reach->size)
			reach = ev;
	}
	free(all);
	return 0;
}

/* One mm_init per location (address and size) the paths access: its value after INIT. */
static struct mm_init *inits(const struct a8 *a, int *n)
{
	struct mm_init *in = NULL;
	*n = 0;
	for (int t = 0; t < a->nthreads; t++)
		for (int p = 0; p < a->paths[t].ntraces; p++)
			for (int i = 0; i < a->paths[t].traces[p].nev; i++) {
				const struct mm_event *ev = &a->paths[t].traces[p].ev[i];
				int k = 0;
				while (k < *n && (in[k].addr != ev->addr || in[k].size != ev->size))
					k++;
				if (ev->kind == MM_F || k < *n)
					continue;
				const struct mm_valset *v = mm_values_get(&a->init, ev->addr);
				uint64_t m = ev->size >= 8 ? ~0ull : (1ull << (8 * ev->size)) - 1;
				in = xrealloc(in, (size_t)(*n + 1) * sizeof *in);
				in[(*n)++] = (struct mm_init){ ev->addr, ev->size,
							       v && v->n ? v->v[0] & m : 0 };
			}
	return in;
}

static json_t *outcome_json(const struct ex *e, const struct outc *o)
{
	const struct nmeta *meta = e->a->cfg->meta;
	json_t *hang = json_array();
	for (int t = 0; t < meta->nthreads; t++)
		if (o->hang & (1u << t))
			json_array_append_new(hang, json_string(meta->threads[t]));
	json_t *crash = o->crash_thread ? json_pack("{s:s, s:s}", "thread", o->crash_thread,
						    "message", o->crash_msg) :
					  json_null();
	json_t *j = json_pack("{s:s, s:O, s:o, s:o, s:b, s:s, s:I}", "key", o->key, "values",
			      o->values, "hang", hang, "crash", crash, "done", o->done, "witness",
			      o->witness, "executions", (json_int_t)o->count);
	if (o->execution)
		json_object_set(j, "execution", o->execution);
	return j;
}

static void ex_free(struct ex *e)
{
	for (int i = 0; i < e->no; i++) {
		free(e->o[i].key);
		json_decref(e->o[i].values);
		free(e->o[i].crash_thread);
		free(e->o[i].crash_msg);
		free(e->o[i].witness);
		json_decref(e->o[i].execution);
	}
	free(e->o);
	free(e->memo);
	free(e->mem);
	free(e->set);
}

/* The broken producer of the tests: no event depends on anything (the lists stay allocated for
 * a64_paths_free). */
static void drop_deps(struct a8 *a)
{
	for (int t = 0; t < a->nthreads; t++)
		for (int p = 0; p < a->paths[t].ntraces; p++)
			for (int i = 0; i < a->paths[t].traces[p].nev; i++) {
				struct mm_event *ev = &a->paths[t].traces[p].ev[i];
				ev->naddr = ev->ndata = ev->nctrl = 0;
				ev->npick_addr = ev->npick_data = ev->npick_ctrl = 0;
			}
}

json_t *a8_outcomes(struct a8 *a, struct mm_stats *st)
{
	if (mixed_sizes(a) != 0)
		return NULL;
	if (a->cfg->drop_deps)
		drop_deps(a);
	struct mm_thread th[A8_MAX_THREADS];
	for (int t = 0; t < a->nthreads; t++)
		th[t] = (struct mm_thread){ a->paths[t].traces, a->paths[t].ntraces };
	int ninit;
	struct mm_init *init = inits(a, &ninit);
	struct mm_problem p = { a->cfg->model,	     a->nthreads,	  th, init, ninit,
				a->cfg->max_checked, a->cfg->max_searched };
	struct ex e = { .a = a,
			.mem = xmalloc(a->priv_bytes + 1),
			.set = xmalloc(a->priv_bytes + 1),
			.init = init,
			.ninit = ninit };
	char *err = NULL;
	json_t *out = NULL;
	if (mm_enumerate(&p, on_exec, &e, st, &err) != 0) {
		a->err = err;
	} else if (!e.failed) {
		out = json_array();
		for (int i = 0; i < e.no; i++)
			json_array_append_new(out, outcome_json(&e, &e.o[i]));
	}
	ex_free(&e);
	free(init);
	return out;
}
