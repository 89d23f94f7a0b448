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
			snprintf(msg, n,
				 "an access of %d bytes at %s+%d: mixed-size accesses "
				 "(inside a location) are not modelled",
				 size, t->locs[i].name, (int)(addr - ai->loc_addr[i]));
			return -1;
		}
	}
	snprintf(msg, n, "an access to shared address 0x%llx, which is no location",
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

/* The values thread th's paths write, per address, into w (emptied first). */
static void written(const struct a64_paths *ps, struct mm_values *w, int *max_reads)
{
	mm_values_free(w);
	*max_reads = 0;
	for (int i = 0; i < ps->ntraces; i++) {
		int reads = 0;
		for (int j = 0; j < ps->traces[i].nev; j++) {
			const struct mm_event *e = &ps->traces[i].ev[j];
			reads += e->kind == MM_R;
			if (e->kind == MM_W)
				mm_values_add(w, e->addr, e->value);
		}
		if (reads > *max_reads)
			*max_reads = reads;
	}
}

static int add_all(struct mm_values *to, const struct mm_values *from)
{
	int grew = 0;
	for (int i = 0; i < from->nsets; i++)
		for (int j = 0; j < from->sets[i].n; j++)
			grew |= mm_values_add(to, from->sets[i].addr, from->sets[i].v[j]);
	return grew;
}

/* What the other threads wrote in the previous round, for thread th's reads. */
static void others(const struct a64_image *ai, const struct a64_explore *ex, int th,
		   struct mm_values *v)
{
	const struct a64_test *t = ai->t;
	for (int u = 0; u < t->nthreads; u++)
		if (u != th)
			add_all(v, &ex->written[u]);
}

/* One round: every thread's paths, with the previous round's writes. 1 when a thread wrote a
 * value it had not written before; *reads the sum of the threads' most reads on a path. */
static char *one_round(const struct a64_image *ai, struct ucpu *cpu, const struct a64_bounds *b,
		       struct a64_explore *ex, int *grew, int *reads)
{
	const struct a64_test *t = ai->t;
	struct mm_values in[A64_MAX_THREADS] = { 0 }, out = { 0 };
	char *err = NULL;
	for (int th = 0; th < t->nthreads; th++)
		others(ai, ex, th, &in[th]);
	*grew = 0, *reads = 0;
	for (int th = 0; th < t->nthreads && !err; th++) {
		int r;
		a64_paths_free(&ex->paths[th]);
		err = run_thread(ai, cpu, b, &in[th], &ex->paths[th], th);
		if (err)
			break;
		written(&ex->paths[th], &out, &r);
		*reads += r;
		*grew |= add_all(&ex->written[th], &out);
	}
	for (int th = 0; th < t->nthreads; th++)
		mm_values_free(&in[th]);
	mm_values_free(&out);
	return err;
}

static char *rounds(const struct a64_image *ai, struct ucpu *cpu, const struct a64_bounds *b,
		    struct a64_explore *ex)
{
	int grew, reads;
	for (ex->rounds = 1;; ex->rounds++) {
		char *err = one_round(ai, cpu, b, ex, &grew, &reads);
		if (err)
			return err;
		if (!grew || ex->rounds > reads)
			break; /* a fixpoint, or the chains of reads are longer than any execution's */
		if (ex->rounds == A64_ROUNDS) {
			ex->partial = 1;
			ex->why = "the values of the locations still grew after 16 rounds";
			break;
		}
	}
	for (int th = 0; th < ai->t->nthreads; th++)
		if (ex->paths[th].partial && !ex->partial)
			ex->partial = 1, ex->why = ex->paths[th].why;
	return NULL;
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
	for (int i = 0; i < A64_MAX_THREADS; i++) {
		a64_paths_free(&ex->paths[i]);
		mm_values_free(&ex->written[i]);
	}
	memset(ex, 0, sizeof *ex);
}
