/*
 * explore.h - exhaustive stateful search of a cell's schedules.
 *
 * Depth-first over machine states (machine.h), every paused thread tried at every state, a
 * state seen before (equal hash) is not explored again: the result is the whole graph of
 * reachable states. Outcomes are read from it:
 *  - a state where no thread can step (all returned, spun away or crashed) ends a run: its
 *    outcome is the values then (after CHECK when every thread returned);
 *  - a thread is blocked in a state that lies on the loop it goes round forever when it runs
 *    alone, with shared memory the same all the way round (it spins on values only another
 *    thread could change): the WebAssembly explorer's blocked thread. A state where every
 *    thread that can step is blocked is a hang outcome: those threads "do not terminate".
 * Each outcome gets the shortest schedule that reaches it (breadth-first over the graph),
 * followed for a hang by one turn of each hung thread's loop.
 * Under x86-TSO (mconfig.tso) the drain of each non-empty store buffer is a move too (its
 * contents are part of the state): a run ends only when every buffer is empty, and a state
 * where a store can still drain is not a hang.
 */
#ifndef NATIVE_EXPLORE_H
#define NATIVE_EXPLORE_H

#include <jansson.h>

#include "machine.h"
#include "outcome.h"

struct explore_config {
	long max_states; /* states explored before the result is partial */
	int max_depth;	 /* steps in one schedule before the result is partial */
};

struct found {
	char *key;
	json_t *values;
	unsigned hang;	    /* bit t: thread t does not terminate */
	char *crash_thread; /* NULL, a thread name, "init" or "check" */
	char *crash_message;
	int done; /* every thread returned */
	/* a schedule reaching it, in the shared alphabet (tools/lib/schedule.h): a digit (the thread
	 * that steps) or, under x86-TSO, a letter a-h (the drain of thread 0-7's oldest store) */
	char *witness;
	long states; /* explored states with this outcome */
};

struct explore_result {
	struct found *found; /* in the order the search found them */
	int nfound;
	int partial;
	char why[160]; /* when partial */
	long states, transitions;
	int depth; /* longest schedule explored */
};

/* Explores m, which must be in its initial state (just after machine_start). Returns 0, or -1
 * when a step failed (machine_error(m) says why). m is back in the initial state afterwards
 * (root, a snapshot of it, stays owned by the caller). */
int explore_run(struct machine *m, const struct snapshot *root, const struct oview *ov,
		const struct explore_config *cfg, struct explore_result *res);
void explore_result_free(struct explore_result *r);

#endif
