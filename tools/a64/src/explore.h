/*
 * explore.h - every path of every thread of a litmus test (run.h), with the values each location
 * may hold grown to a fixpoint: the initial values, then every value a thread writes when its
 * reads are given the values known so far, until a round adds none (A64_ROUNDS rounds at most;
 * past that the result is partial and says so).
 */
#ifndef A64_EXPLORE_H
#define A64_EXPLORE_H

#include "asm.h"
#include "model.h"
#include "run.h"

#define A64_ROUNDS 8

struct a64_bounds {
	long max_steps; /* instructions per path */
	long max_paths; /* paths per thread */
};

struct a64_explore {
	struct a64_paths paths[A64_MAX_THREADS];
	struct mm_values vals;
	int rounds;
	int partial;
	const char *why; /* static */
};

/* Returns 0 with out filled (a64_explore_free), or -1 with *err a malloc'd "file:line: message". */
int a64_explore(const struct a64_image *ai, const struct a64_bounds *b, struct a64_explore *out,
		char **err);
void a64_explore_free(struct a64_explore *ex);

#endif
