/*
 * enumerate.h - the reference enumerator: every outcome of a lowered litmus test (prog.h) under
 * sequential consistency or x86-TSO, by exhaustive search of the abstract machine. It shares no
 * code with the WebAssembly explorer, whose results it is there to check.
 *
 * SC: one memory; a step of a thread performs its next shared access on it.
 *
 * x86-TSO, as Owens, Sarkar and Sewell define it ("A better x86 memory model: x86-TSO",
 * TPHOLs 2009; CACM 53(7) 2010): each thread has a FIFO store buffer. A store goes into the
 * buffer. A load takes the value of the thread's newest buffered store to that location, if
 * any, else memory. A separate step, available whenever a buffer is not empty, writes the
 * oldest buffered store of one thread to memory ("drain"). mfence waits until the thread's
 * buffer is empty; a locked instruction (xchg, lock cmpxchg, and spin_lock, spin_trylock on
 * x86) needs an empty buffer and reads and writes memory in one step. (The model's global lock
 * only keeps the other threads out while a locked instruction runs; a step that is atomic here
 * gives the same outcomes.) The kernel primitives map as on x86: smp_mb() drains (mfence, or
 * a locked add); smp_rmb(), smp_wmb(), barrier(), smp_mb__{before,after}_atomic(),
 * smp_mb__after_spinlock() and smp_mb__after_unlock_lock() are compiler barriers only;
 * READ_ONCE, smp_load_acquire and plain loads are loads; WRITE_ONCE, smp_store_release, plain
 * stores and spin_unlock are (buffered) stores; xchg and cmpxchg in every ordering variant are
 * locked instructions.
 *
 * Steps and witnesses: a step runs one shared access of one thread (then the thread's local
 * code up to its next access; a thread waiting in mfence continues once its buffer is empty);
 * a witness is the string of steps in every explorer's alphabet (tools/lib/schedule.h):
 * '0'..'7' a thread's access, 'a'..'h' a drain of that thread's buffer (x86-TSO only). spin_lock is a step only when the lock is free; a run in
 * which no step is possible while some thread has not finished ends with those threads in
 * hang (they wait for a lock forever).
 *
 * Outcomes are the values of the condition's locations (test->cvars) at the end of a run.
 * Identical states reached by different schedules are explored once (memoised depth-first
 * search over a DAG: every step advances a program counter or empties a buffer slot).
 */
#ifndef LITMUS_ENUMERATE_H
#define LITMUS_ENUMERATE_H

#include <stdint.h>

#include "prog.h"

/* LM_ARMV8: the Arm ARM's model over candidate executions (armv8.h), not a machine: its
 * `schedules` count executions and its witnesses are executions. */
enum lit_model { LM_SC, LM_TSO, LM_ARMV8 };
#define LIT_NMODELS 3

/* Deliberately broken x86-TSO machines: the tests show that each asserted fact can fail. */
enum {
	LIT_MUT_NO_FORWARD = 1,	  /* loads ignore the thread's own buffer */
	LIT_MUT_LIFO = 2,	  /* the newest buffered store drains first */
	LIT_MUT_FENCE_NOP = 4,	  /* mfence does not wait for the buffer */
	LIT_MUT_RMW_NO_DRAIN = 8, /* locked instructions do not wait for the buffer */
	/* not a mutant: the partial-order reduction (reduce.h; with no mutant, no RCU): the same
	   outcomes, fewer states and schedules (what lit_run_file runs) */
	LIT_REDUCE = 256,
};

struct lit_outcome {
	int32_t vals[LIT_MAX_CVARS]; /* test->cvars */
	unsigned hang;		     /* bit i: thread i did not finish */
	int filtered;		     /* the test's filter rejects it: not judged */
	int satisfies;		     /* the condition holds (0 when hang or filtered: herd ignores
					such runs) */
	uint64_t count;		     /* schedules ending here (saturating) */
	char *witness;		     /* one schedule ending here */
};

struct lit_result {
	enum lit_model model;
	int partial;	 /* stopped at a bound: outcomes are those found, counts lower bounds */
	const char *why; /* the bound, in words, when partial (static) */
	const char *unsupported; /* the model cannot run the test: why (static), or NULL; then no
				    outcomes and no verdict */
	int unsupported_line;	 /* the litmus line of what it cannot run */
	uint64_t schedules;	 /* complete schedules (saturating at UINT64_MAX) */
	uint64_t states;	 /* distinct states explored */
	uint64_t bytes; /* memory the search held at its end (states, memo table, counts) */
	int noutcomes;
	struct lit_outcome *outcomes; /* in order of discovery */
};

/* The state budget when the caller gives none (litmus-tool --max-states): see README.md for the
 * measurement behind it (bytes per state, the largest tests it must finish). */
#define LIT_DEFAULT_MAX_STATES 10000000ull
#define LIT_MAX_STATES_LIMIT 4000000000ull /* states are numbered in 32 bits */

/*
 * Enumerates every outcome of p under model m (mutants: LIT_MUT_* bits, or LIT_REDUCE),
 * exploring at most max_states states (0: LIT_DEFAULT_MAX_STATES); beyond it r->partial is set.
 * 0 on success (r filled, free with lit_result_free); -1 with err on out of memory.
 */
int lit_enumerate(const struct lit_prog *p, enum lit_model m, unsigned mutants, uint64_t max_states,
		  struct lit_result *r, char *err, size_t errlen);
void lit_result_free(struct lit_result *r);

/* herd's words for the condition over the finished runs: "Never", "Sometimes", "Always";
 * "partial" for a search stopped at its budget, which proves no verdict (only that the outcomes
 * found are reachable); "unsupported" when the model cannot run the test (r->unsupported). */
const char *lit_verdict(const struct lit_result *r);
/* The test's quantifier holds (1) or not (0): exists: Sometimes or Always; ~exists: Never;
 * forall: Always. -1 for a partial search or an unsupported test. */
int lit_quantifier_holds(const struct lit_test *t, const struct lit_result *r);
const char *lit_model_name(enum lit_model m);  /* "sc", "tso", "armv8" */
const char *lit_model_title(enum lit_model m); /* "SC", "x86-TSO", "Armv8" */

#endif
