/*
 * explore.c - the paths of every thread, the value sets at a fixpoint (see explore.h).
 */
#include "explore.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"

/* Only whole locations, from their first byte (each is one 8-byte slot). */
static int check(void *ctx, uint64_t addr, int size, char *msg, size_t n)
{
	const struct a64_image *ai = ctx;
	const struct a64_test *t = ai->t;
	for (int i = 0; i < t->nlocs; i++) {
		if (addr == ai->loc_addr[i])
			return 0;
		if (addr > ai->loc_addr[i] && addr < ai->loc_addr[i] + 8) {
			fmt_msg(msg, n,
				"an access of %d bytes at %s+%d: mixed-size accesses "
				"(inside a location) are not modelled",
				size, t->locs[i].name, (int)(addr - ai->loc_addr[i]));
			return -1;
		}
	}
	fmt_msg(msg, n, "an access to shared address 0x%llx, which is no location",
		(unsigned long long)addr);
	return -1;
}

static void where(void *ctx, uint64_t pc, int *line, const char **text)
{
	a64_image_where(ctx, pc, line, text);
}

static void registers(const struct a64_image *ai, int th, uint64_t x[31])
{
	const struct a64_test *t = ai->t;
	memset(x, 0, 31 * sizeof *x);
	for (int i = 0; i < t->ninits; i++)
		if (t->inits[i].thread == th)
			x[t->inits[i].reg] = t->inits[i].loc >= 0 ? ai->loc_addr[t->inits[i].loc] :
								    t->inits[i].value;
}

static char *run_thread(const struct a64_image *ai, struct ucpu *cpu, const struct a64_bounds *b,
			const struct mm_values *vals, struct a64_paths *out, int th)
{
	struct mm_values init = { 0 };
	for (int i = 0; i < ai->t->nlocs; i++)
		mm_values_add(&init, ai->loc_addr[i], ai->t->locs[i].init);
	struct a64_prod p = { .entry = ai->entry[th],
			      .init = &init,
			      .shared_lo = ai->shared_lo,
			      .shared_hi = ai->shared_hi,
			      .vals = vals,
			      .max_steps = b->max_steps,
			      .max_paths = b->max_paths,
			      .check = check,
			      .where = where,
			      .ctx = (void *)ai };
	registers(ai, th, p.x);
	char msg[512];
	uint64_t pc;
	int rc = a64_run(&p, cpu, out, msg, sizeof msg, &pc);
	mm_values_free(&init);
	if (rc == 0)
		return NULL;
	int line;
	const char *text;
	a64_image_where(ai, pc, &line, &text);
	return xasprintf("%s:%d: P%d: %s%s%s%s", ai->t->file, line ? line : ai->t->threads_line, th,
			 *text ? "'" : "", text, *text ? "': " : "", msg);
}

struct thread_ctx {
	const struct a64_image *ai;
	struct ucpu *cpu;
	const struct a64_bounds *b;
	char *err;
};

static int one_thread(void *ctx, int th, const struct mm_values *others, struct a64_paths *out)
{
	struct thread_ctx *c = ctx;
	c->err = run_thread(c->ai, c->cpu, c->b, others, out, th);
	return c->err ? -1 : 0;
}

static char *rounds(const struct a64_image *ai, struct ucpu *cpu, const struct a64_bounds *b,
		    struct a64_explore *ex)
{
	struct thread_ctx c = { ai, cpu, b, NULL };
	struct a64_rounds r;
	a64_rounds(ai->t->nthreads, one_thread, &c, ex->paths, &r);
	ex->rounds = r.rounds, ex->partial = r.partial, ex->why = r.why;
	return c.err;
}

int a64_explore(const struct a64_image *ai, const struct a64_bounds *b, struct a64_explore *out,
		char **err)
{
	memset(out, 0, sizeof *out);
	struct ucpu *cpu;
	char msg[256];
	if (ucpu_new(&cpu, &ai->im, msg, sizeof msg) != 0) {
		ucpu_free(cpu);
		*err = xasprintf("%s:%d: %s", ai->t->file, ai->t->threads_line, msg);
		return -1;
	}
	*err = rounds(ai, cpu, b, out);
	ucpu_free(cpu);
	if (*err) {
		a64_explore_free(out);
		return -1;
	}
	return 0;
}

void a64_explore_free(struct a64_explore *ex)
{
	for (int i = 0; i < A64_MAX_THREADS; i++)
		a64_paths_free(&ex->paths[i]);
	memset(ex, 0, sizeof *ex);
}
