/*
 * a8paths.c - INIT, then every path of every thread with the values its reads may return grown
 * round by round (see a8.h): a read returns its location's value after INIT, a value another
 * thread wrote in the previous round, or the thread's own latest write there (tools/a64's
 * producer, run.h, and its rounds to the exact fixpoint, rounds.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define XXH_STATIC_LINKING_ONLY /* XXH3_state_t on the stack */
#include <xxhash.h>

#include "a8.h"
#include "rounds.h"
#include "insn.h"
#include "link.h"
#include "util.h"

const struct a64_final *a8_final(const struct mm_trace *tr)
{
	return tr->final;
}

const uint8_t *a8_end(const struct mm_trace *tr)
{
	return a8_final(tr)->user;
}

/* The private ranges: every writable section but course_shared. */
static void private_ranges(struct a8 *a)
{
	const struct image *im = a->cfg->im;
	for (int i = 0; i < im->nwritable; i++) {
		struct image_range r = im->writable[i];
		if (r.lo == im->shared.lo && r.hi == im->shared.hi)
			continue;
		a->priv = xrealloc(a->priv, (size_t)(a->npriv + 1) * sizeof *a->priv);
		a->priv[a->npriv++] = (struct a8_range){ r.lo, r.hi };
		a->priv_bytes += r.hi - r.lo;
	}
}

/* The private ranges' bytes now, concatenated (caller frees). */
static uint8_t *private_bytes(const struct a8 *a, const struct ucpu *cpu)
{
	uint8_t *b = xmalloc(a->priv_bytes + 1), *p = b;
	for (int i = 0; i < a->npriv; i++) {
		size_t n = a->priv[i].hi - a->priv[i].lo;
		const uint8_t *h = ucpu_host(cpu, a->priv[i].lo, n);
		if (h)
			memcpy(p, h, n);
		else
			memset(p, 0, n);
		p += n;
	}
	return b;
}

static void *end_hook(void *ctx, const struct ucpu *cpu)
{
	return private_bytes(ctx, cpu);
}

static uint32_t fetch(const void *cpu, uint64_t pc)
{
	return ucpu_fetch(cpu, pc);
}

/* The liveness of the function holding pc (a8live.h), built on first use; NULL when pc is in no
 * function. */
static const struct a8_live *live_of(struct a8 *a, const struct ucpu *cpu, uint64_t pc)
{
	for (int i = 0; i < a->nlive; i++)
		if (pc >= a->live[i].lo && pc < a->live[i].hi)
			return &a->live[i];
	const struct image_sym *f = image_at(a->cfg->im, pc);
	struct a8_live l;
	if (a8_live_build(&l, a->cfg->im, pc, f && f->addr == a->entry[a->cur], fetch, cpu) != 0)
		return NULL;
	a->live = xrealloc(a->live, (size_t)(a->nlive + 1) * sizeof *a->live);
	a->live[a->nlive++] = l;
	return &a->live[a->nlive - 1];
}

/* The thread's state beyond its events, at a loop head or after a backward branch (else 0): its
 * live registers and flags (a8live.h), pc, its stack above SP, the private ranges (spin.c adds
 * the open exclusive). */
static uint64_t state_hook(void *ctx, const struct ucpu *cpu, uint64_t from)
{
	struct a8 *a = ctx;
	uint64_t pc = ucpu_pc(cpu);
	const struct a8_live *l = live_of(a, cpu, pc);
	if (pc > from && !(l && a8_live_head(l, pc)))
		return 0;
	XXH3_state_t st;
	XXH3_64bits_reset(&st);
	uint64_t r[A64_NREG + 1], live = l ? a8_live_at(l, pc) : A8_ALL_LIVE;
	for (int i = 0; i < A64_NREG; i++)
		r[i] = live >> i & 1 ? ucpu_reg(cpu, i) : 0;
	r[A64_NREG] = ucpu_pc(cpu);
	XXH3_64bits_update(&st, r, sizeof r);
	uint64_t lo, hi, sp = ucpu_reg(cpu, A64_SP);
	ucpu_stack(cpu, &lo, &hi);
	if (sp >= lo && sp < hi)
		XXH3_64bits_update(&st, ucpu_host(cpu, sp, hi - sp), hi - sp);
	for (int i = 0; i < a->npriv; i++) {
		size_t n = a->priv[i].hi - a->priv[i].lo;
		const uint8_t *h = ucpu_host(cpu, a->priv[i].lo, n);
		if (h)
			XXH3_64bits_update(&st, h, n);
	}
	uint64_t h = XXH3_64bits_digest(&st);
	return h ? h : 1; /* 0 says "no state here" */
}

/* Events name their instruction by the classifier's family ("LDR (immediate)"), their line by
 * the variant's source (DWARF), as the SC traces do. */
static void where_hook(void *ctx, uint64_t pc, int *line, const char **text)
{
	const struct a8 *a = ctx;
	struct a64_insn in;
	a64_decode(ucpu_fetch(a->cpu, pc), &in);
	*line = image_line(a->cfg->im, pc);
	*text = in.name;
}

static void set_err(struct a8 *a, uint64_t pc, char *msg)
{
	if (a->err) {
		free(msg);
		return;
	}
	a->err = msg;
	a->err_pc = pc;
}

void a8_crash_of(const struct a64_final *f, struct crash *out)
{
	memset(out, 0, sizeof *out);
	out->pc = f->crash_pc;
	out->addr = f->crash_addr;
	switch (f->crash) {
	case A64_CRASH_TRAP: out->kind = CRASH_TRAP; break;
	case A64_CRASH_FAULT:
		out->kind = f->crash_addr < LINK_TEXT_BASE ? CRASH_NULL : CRASH_ACCESS;
		break;
	default: out->kind = CRASH_OTHER; break;
	}
}

int a8_run_alone(struct a8 *a, struct crash *crash)
{
	char msg[256];
	for (long n = 0; n < a->cfg->max_steps; n++) {
		uint64_t pc = ucpu_pc(a->cpu), addr = 0;
		if (ucpu_done(a->cpu))
			return 0;
		struct a64_insn in;
		a64_decode(ucpu_fetch(a->cpu, pc), &in);
		struct a64_final f = { .crash = A64_CRASH_TRAP, .crash_pc = pc };
		if (in.kind != A64_TRAP) {
			enum ucpu_stop st = ucpu_step(a->cpu, msg, sizeof msg);
			if (st == UCPU_DONE)
				return 0;
			if (st == UCPU_OK)
				continue;
			f.crash = ucpu_fault_addr(a->cpu, &addr) ? A64_CRASH_FAULT :
								   A64_CRASH_OTHER;
			f.crash_addr = addr;
		}
		a8_crash_of(&f, crash);
		if (f.crash == A64_CRASH_OTHER)
			fmt_msg(crash->what, sizeof crash->what, "%s", msg);
		return 1;
	}
	set_err(a, ucpu_pc(a->cpu),
		xasprintf("INIT or CHECK runs more than %ld instructions", a->cfg->max_steps));
	return -1;
}

int a8_init(struct a8 *a)
{
	const struct image *im = a->cfg->im;
	const struct nmeta *meta = a->cfg->meta;
	char msg[256];
	if (ucpu_new(&a->cpu, im, msg, sizeof msg) != 0) {
		set_err(a, 0, xstrdup(msg));
		return -1;
	}
	a->nthreads = meta->nthreads;
	for (int t = 0; t < meta->nthreads; t++) {
		const struct image_sym *s = image_find(im, meta->threads[t]);
		if (!s || !s->func) {
			set_err(a, 0, xasprintf("no thread function '%s'", meta->threads[t]));
			return -1;
		}
		a->entry[t] = s->addr;
	}
	const struct image_sym *chk = meta->has_check ? image_find(im, "course_check") : NULL;
	a->check_entry = chk ? chk->addr : 0;
	a->shared_lo = im->shared.lo;
	a->shared_hi = im->shared.hi;
	private_ranges(a);
	int rc = 0;
	const struct image_sym *init = meta->has_init ? image_find(im, "course_init") : NULL;
	if (init) {
		uint64_t x[31] = { 0 };
		ucpu_reset(a->cpu, init->addr, x);
		rc = a8_run_alone(a, &a->init_crash);
	}
	if (rc < 0)
		return -1;
	ucpu_keep_memory(a->cpu);
	a->priv_init = private_bytes(a, a->cpu);
	for (uint64_t x = a->shared_lo; x < a->shared_hi; x++) {
		uint8_t b[8] = { 0 };
		size_t n = a->shared_hi - x < 8 ? a->shared_hi - x : 8;
		memcpy(b, ucpu_host(a->cpu, x, n), n);
		uint64_t v = 0;
		for (int i = 7; i >= 0; i--)
			v = v << 8 | b[i];
		mm_values_add(&a->init, x, v);
	}
	return rc;
}

/* Thread t's paths with others (the other threads' writes) for its reads (rounds.h). 0, or -1
 * with a->err. */
static int run_thread(void *ctx, int t, const struct mm_values *others, struct a64_paths *out)
{
	struct a8 *a = ctx;
	struct a64_prod p = { .entry = a->entry[t],
			      .shared_lo = a->shared_lo,
			      .shared_hi = a->shared_hi,
			      .init = &a->init,
			      .vals = others,
			      .max_steps = a->cfg->max_steps,
			      .max_paths = a->cfg->max_paths,
			      .where = where_hook,
			      .ctx = a,
			      .state = state_hook,
			      .crashes = 1,
			      .end = end_hook };
	char msg[512];
	uint64_t pc = 0;
	a->cur = t;
	if (a64_run(&p, a->cpu, out, msg, sizeof msg, &pc) == 0)
		return 0;
	set_err(a, pc, xstrdup(msg));
	return -1;
}

int a8_paths(struct a8 *a)
{
	struct a64_rounds r;
	int rc = a64_rounds(a->nthreads, run_thread, a, a->paths, &r);
	a->rounds = r.rounds, a->partial = r.partial, a->why = r.why;
	return rc;
}

void a8_free(struct a8 *a)
{
	for (int t = 0; t < A8_MAX_THREADS; t++)
		a64_paths_free(&a->paths[t]);
	mm_values_free(&a->init);
	for (int i = 0; i < a->nlive; i++)
		a8_live_free(&a->live[i]);
	free(a->live);
	ucpu_free(a->cpu);
	free(a->priv);
	free(a->priv_init);
	free(a->err);
	memset(a, 0, sizeof *a);
}
