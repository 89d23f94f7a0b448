/*
 * explore.h - every path of every thread of a litmus test (run.h), with the values a read may
 * return grown round by round to a fixpoint (rounds.h: the rule, and why its stops are exact).
 */
#ifndef A64_EXPLORE_H
#define A64_EXPLORE_H

#include "asm.h"
#include "model.h"
#include "rounds.h"
#include "run.h"

struct a64_bounds {
	long max_steps; /* instructions per path */
	long max_paths; /* paths per thread */
};

struct a64_explore {
	struct a64_paths paths[A64_MAX_THREADS];
	int rounds;
	int partial;
	const char *why; /* static */
};

/* Returns 0 with out filled (a64_explore_free), or -1 with *err a malloc'd "file:line: message". */
int a64_explore(const struct a64_image *ai, const struct a64_bounds *b, struct a64_explore *out,
		char **err);
void a64_explore_free(struct a64_explore *ex);

#endif
