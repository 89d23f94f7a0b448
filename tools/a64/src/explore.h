/*
 * explore.h - every path of every thread of a litmus test (run.h), with the values a read may
 * return grown round by round: a thread's read returns its location's initial value, a value
 * another thread wrote in the previous round, or one its own path wrote before it. The rounds stop
 * when no thread writes a new value, or after 1 + (the most reads a path of each thread makes,
 * summed over the threads) rounds: a value first written in a later round is computed from a chain
 * of more reads than any execution has, each reading the write before it, which the model forbids
 * (data dependencies and reads-from external writes are ordered-before; a read's value is never
 * justified by itself). So both stops are exact. A64_ROUNDS bounds the rounds for tests with very
 * many reads; past it the result is partial and says so.
 */
#ifndef A64_EXPLORE_H
#define A64_EXPLORE_H

#include "asm.h"
#include "model.h"
#include "run.h"

#define A64_ROUNDS 16

struct a64_bounds {
	long max_steps; /* instructions per path */
	long max_paths; /* paths per thread */
};

struct a64_explore {
	struct a64_paths paths[A64_MAX_THREADS];
	struct mm_values written[A64_MAX_THREADS]; /* the values each thread writes */
	int rounds;
	int partial;
	const char *why; /* static */
};

/* Returns 0 with out filled (a64_explore_free), or -1 with *err a malloc'd "file:line: message". */
int a64_explore(const struct a64_image *ai, const struct a64_bounds *b, struct a64_explore *out,
		char **err);
void a64_explore_free(struct a64_explore *ex);

#endif
