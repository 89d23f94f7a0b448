/* mm_rounds.c - the read values' fixpoint, the one driver of every producer of traces (model.h): tools/a64
 * (its litmus tests and, through a64_rounds, tools/native's Armv8 cells) and tools/litmus's Armv8 mode. */
#include <string.h>

#include "model.h"

#define MAXT MM_ROUNDS_MAX_THREADS

static int add_all(struct mm_values *to, const struct mm_values *from)
{
	int grew = 0;
	for (int i = 0; from && i < from->nsets; i++)
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
static int written(const struct mm_round_paths *ps, struct mm_values *w, int *reads)
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

struct state {
	int n;
	mm_round_fn run;
	void *ctx;
	const struct mm_rounds_opts *o;
	struct mm_round_paths paths[MAXT];
	struct mm_values wr[MAXT]; /* what each thread wrote so far */
	int seen[MAXT]; /* how many values thread t's last run was given (-1: none yet) */
};

/* One round: each thread whose input grew runs with the writes of the rounds before. Sets *grew
 * (some thread wrote a new value) and *reads (the most reads of a path, summed over the threads). */
static int one_round(struct state *s, int *grew, int *reads)
{
	struct mm_values in[MAXT] = { 0 };
	for (int t = 0; t < s->n; t++) {
		add_all(&in[t], s->o->base);
		for (int u = 0; u < s->n; u++)
			if (u != t || s->o->own_writes)
				add_all(&in[t], &s->wr[u]);
	}
	int rc = 0, r;
	*grew = 0;
	for (int t = 0; t < s->n && rc == 0; t++) {
		if (s->seen[t] == count(&in[t])) /* nothing new to read: the same paths */
			continue;
		s->seen[t] = count(&in[t]);
		rc = s->run(s->ctx, t, &in[t], &s->paths[t]);
		if (rc == 0)
			*grew |= written(&s->paths[t], &s->wr[t], &r);
	}
	*reads = 0;
	for (int t = 0; t < s->n; t++) {
		written(&s->paths[t], &s->wr[t], &r);
		*reads += r;
		mm_values_free(&in[t]);
	}
	return rc;
}

/* The first thread's partial paths, into r (when r is not partial yet); 1 if there was one. */
static int paths_partial(const struct state *s, struct mm_rounds *r)
{
	for (int t = 0; t < s->n && !r->partial; t++)
		if (s->paths[t].partial)
			r->partial = 1, r->why = s->paths[t].why;
	return r->partial;
}

/* After a round: 1 to stop (r says whether the result is partial). */
static int done(struct state *s, struct mm_rounds *r, int grew, int reads)
{
	int bound = s->o->bound ? s->o->bound : reads;
	if (r->rounds > bound)
		return 1; /* the chains of reads are longer than any execution's */
	if (s->o->stop_on_partial && paths_partial(s, r))
		return 1;
	if (s->o->check) {
		struct mm_values all = { 0 };
		add_all(&all, s->o->base);
		for (int t = 0; t < s->n; t++)
			add_all(&all, &s->wr[t]);
		const char *why = s->o->check(s->ctx, &all);
		mm_values_free(&all);
		if (why && !r->partial)
			r->partial = 1, r->why = why;
		if (why)
			return 1;
	}
	if (!grew)
		return 1; /* a fixpoint */
	if (r->rounds == s->o->max_rounds) {
		r->partial = 1, r->why = s->o->max_rounds_why;
		return 1;
	}
	return 0;
}

int mm_rounds(int nthreads, mm_round_fn run, void *ctx, const struct mm_rounds_opts *o,
	      struct mm_rounds *r)
{
	static struct state zero;
	struct state s = zero;
	memset(r, 0, sizeof *r);
	if (nthreads > MAXT)
		return -1;
	s.n = nthreads, s.run = run, s.ctx = ctx, s.o = o;
	for (int t = 0; t < MAXT; t++)
		s.seen[t] = -1;
	int rc = 0, grew, reads;
	for (r->rounds = 1;; r->rounds++) {
		rc = one_round(&s, &grew, &reads);
		if (rc != 0 || done(&s, r, grew, reads))
			break;
	}
	if (rc == 0)
		paths_partial(&s, r);
	for (int t = 0; t < nthreads; t++)
		mm_values_free(&s.wr[t]);
	return rc;
}
