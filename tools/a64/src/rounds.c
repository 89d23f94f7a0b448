/*
 * rounds.c - the read values' fixpoint (see rounds.h).
 */
#include "rounds.h"

#include <string.h>

#define MAXT 8

static int add_all(struct mm_values *to, const struct mm_values *from)
{
	int grew = 0;
	for (int i = 0; i < from->nsets; i++)
		for (int j = 0; j < from->sets[i].n; j++)
			grew |= mm_values_add(to, from->sets[i].addr, from->sets[i].v[j]);
	return grew;
}

static int count(const struct mm_values *v)
{
	int n = 0;
	for (int i = 0; i < v->nsets; i++)
		n += v->sets[i].n;
	return n;
}

/* Adds the values ps writes to w (1 if one was new); the most reads of a path. */
static int written(const struct a64_paths *ps, struct mm_values *w, int *reads)
{
	int grew = 0;
	*reads = 0;
	for (int i = 0; i < ps->ntraces; i++) {
		int r = 0;
		for (int j = 0; j < ps->traces[i].nev; j++) {
			const struct mm_event *e = &ps->traces[i].ev[j];
			r += e->kind == MM_R;
			if (e->kind == MM_W)
				grew |= mm_values_add(w, e->addr, e->value);
		}
		if (r > *reads)
			*reads = r;
	}
	return grew;
}

/* One round: each thread whose input grew runs with the others' writes of the rounds before. */
static int one_round(int n, a64_thread_fn run, void *ctx, struct a64_paths *paths,
		     struct mm_values *wr, int *seen, int *grew, int *reads)
{
	struct mm_values in[MAXT] = { 0 };
	for (int t = 0; t < n; t++)
		for (int u = 0; u < n; u++)
			if (u != t)
				add_all(&in[t], &wr[u]);
	int rc = 0, r;
	*grew = 0;
	for (int t = 0; t < n && rc == 0; t++) {
		if (seen[t] == count(&in[t])) /* nothing new to read: the same paths */
			continue;
		seen[t] = count(&in[t]);
		a64_paths_free(&paths[t]);
		rc = run(ctx, t, &in[t], &paths[t]);
		if (rc == 0)
			*grew |= written(&paths[t], &wr[t], &r);
	}
	*reads = 0;
	for (int t = 0; t < n; t++) {
		written(&paths[t], &wr[t], &r);
		*reads += r;
		mm_values_free(&in[t]);
	}
	return rc;
}

int a64_rounds(int nthreads, a64_thread_fn run, void *ctx, struct a64_paths *paths,
	       struct a64_rounds *r)
{
	struct mm_values wr[MAXT] = { 0 };
	int seen[MAXT], grew = 0, reads = 0, rc = 0;
	memset(r, 0, sizeof *r);
	for (int t = 0; t < MAXT; t++)
		seen[t] = -1;
	if (nthreads > MAXT)
		return -1;
	for (r->rounds = 1;; r->rounds++) {
		rc = one_round(nthreads, run, ctx, paths, wr, seen, &grew, &reads);
		if (rc != 0 || !grew || r->rounds > reads)
			break; /* a fixpoint, or the chains of reads are longer than any execution's */
		if (r->rounds == A64_ROUNDS) {
			r->partial = 1;
			r->why = "the values of the locations still grew after 16 rounds";
			break;
		}
	}
	for (int t = 0; t < nthreads; t++) {
		mm_values_free(&wr[t]);
		if (rc == 0 && paths[t].partial && !r->partial)
			r->partial = 1, r->why = paths[t].why;
	}
	return rc;
}
