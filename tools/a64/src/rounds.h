/*
 * rounds.h - the values a thread's reads may return, grown round by round to a fixpoint: tools/a64's
 * litmus tests (explore.c) and tools/native's Armv8 cells (a8paths.c) call a64_rounds, which runs
 * tools/model's one driver of the rounds (mm_rounds, model.h; tools/litmus's Armv8 mode runs it too). A thread's read returns its
 * location's initial value, a value another thread wrote in the previous round, or one its own path wrote before it (run.h). The rounds stop when no thread
 * writes a new value, or after 1 + (the most reads a path of each thread makes, summed over the
 * threads) rounds: a value first written in a later round is computed from a chain of more reads
 * than any execution has, each reading the write before it, which the model forbids (data
 * dependencies and reads-from external writes are ordered-before; a read's value is never
 * justified by itself). So both stops are exact. A64_ROUNDS bounds the rounds for tests with very
 * many reads; past it the result is partial and says so.
 */
#ifndef A64_ROUNDS_H
#define A64_ROUNDS_H

#include "model.h"
#include "run.h"

#define A64_ROUNDS 16

/* Runs thread t's paths into out (emptied: a64_paths_free first) with `others`, the values the
 * other threads wrote so far, for its reads. Returns 0, or -1 (the caller keeps its message). */
typedef int (*a64_thread_fn)(void *ctx, int t, const struct mm_values *others,
			     struct a64_paths *out);

struct a64_rounds {
	int rounds;
	int partial;	 /* A64_ROUNDS reached, or a thread's paths partial */
	const char *why; /* static, when partial */
};

/* Every thread's paths at the fixpoint into paths[0..nthreads) (nthreads at most 8; zeroed or freed before; the
 * caller frees them with a64_paths_free). A thread whose others' values did not grow since its
 * last run is not run again (its paths would be the same). Returns 0, or -1 when run failed. */
int a64_rounds(int nthreads, a64_thread_fn run, void *ctx, struct a64_paths *paths,
	       struct a64_rounds *r);

#endif
