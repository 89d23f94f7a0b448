/*
 * rounds.c - a64_rounds (see rounds.h): the producer's side of tools/model's read-value fixpoint
 * (mm_rounds), with a thread's paths in struct a64_paths.
 */
#include "rounds.h"

#include <string.h>

struct adapter {
	a64_thread_fn run;
	void *ctx;
	struct a64_paths *paths;
};

static int run_thread(void *ctx, int t, const struct mm_values *in, struct mm_round_paths *out)
{
	struct adapter *a = ctx;
	a64_paths_free(&a->paths[t]);
	int rc = a->run(a->ctx, t, in, &a->paths[t]);
	*out = (struct mm_round_paths){ a->paths[t].traces, a->paths[t].ntraces,
					a->paths[t].partial, a->paths[t].why };
	return rc;
}

int a64_rounds(int nthreads, a64_thread_fn run, void *ctx, struct a64_paths *paths,
	       struct a64_rounds *r)
{
	struct adapter a = { run, ctx, paths };
	/* base: none (a read's initial value and its own thread's writes are the run's, run.h) */
	const struct mm_rounds_opts o = {
		.max_rounds = A64_ROUNDS,
		.max_rounds_why = "the values of the locations still grew after 16 rounds",
	};
	struct mm_rounds mr;
	int rc = mm_rounds(nthreads, run_thread, &a, &o, &mr);
	*r = (struct a64_rounds){ mr.rounds, mr.partial, mr.why };
	return rc;
}
