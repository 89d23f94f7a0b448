/*
 * convert.h - a parsed litmus test as a course example (examples/README.md): the @example
 * block, SHARED/OBSERVED/THREAD markers of course.h, and the test's condition as expect lines.
 *
 * Locations become SHARED ints (SHARED_INIT when the initial state sets them), every register
 * an OBSERVED int named P<thread>_<register> (registers start at 0 in herd and in the
 * explorer, and a global is never "set but unused"), each thread P<n> a THREAD. The outcome is
 * the condition's locations. Two variants: fixed is the test as written; plain is the same
 * test with its READ_ONCE/WRITE_ONCE/acquire/release accesses made plain C accesses and its
 * barriers removed (locks and xchg/cmpxchg have no plain form and stay), which is what the
 * course is about. Primitives course.h lacks (xchg, cmpxchg, spinlocks, the smp_mb__*()
 * barriers) are defined at the top of the file, portably: the file must build on every target.
 *
 * The expect lines of fixed state the reference enumerator's SC verdict for the condition (the
 * explorer runs the compiled code under sequential consistency), so `make explore-test` checks
 * the explorer against the reference: Never gives "unreachable: P", Sometimes "reachable: P"
 * and "reachable: !(P)", Always "reachable: P" and "unreachable: !(P)" (herd's condition is
 * about runs where every thread finishes: tests with spin_lock get "done &&"). The evidence
 * lines count each thread's marked loads and stores of a location where they are not inside a
 * conditional and the thread uses no read-modify-write or plain access on it, in threads that
 * take no spinlock (see evidence() in convert.c); plain gets the same lines, expected nowhere
 * (no evidence-on).
 */
#ifndef LITMUS_CONVERT_H
#define LITMUS_CONVERT_H

#include "litmus.h"
#include "buf.h"

/* What the examples list says of a test's condition (tools/litmus/examples.list). */
enum {
	LIT_GOAL_PLAIN = 1,	/* "goal": goal.plain, under sequential consistency */
	LIT_GOAL_TSO_PLAIN = 2, /* "goal-tso.plain": goal-tso.plain, under x86-TSO */
	LIT_GOAL_TSO_FIXED = 4, /* "goal-tso.fixed" */
	LIT_NEVER = 8 /* "never": no variant reaches it under SC or x86-TSO (expect lines for
			 plain too, and the example's text says there is no goal to play) */
};

/* Where the fixed variant's statements come from: litmus[k] is the litmus file's line of the
 * example file's line k + 1 (0: none), for n lines. The caller frees litmus. */
struct lit_line_map {
	int *litmus;
	size_t n;
};

struct lit_convert_info {
	const char *source;	 /* the litmus file as the generated comment names it */
	const char *page;	 /* the example's page slug */
	const char *sc_verdict;	 /* the reference's verdicts: "Never", "Sometimes", "Always" */
	const char *tso_verdict; /* may be NULL; else also expect-tso.fixed lines */
	int goal;		 /* LIT_GOAL_* flags: the list's words for the play mode (the
				    explorer checks each: no reference runs the plain variant) */
	int explore_only;	 /* for the explorer only (an import, the Litmus tests page), never
				    compiled on the matrix: no evidence line is needed */
	struct lit_line_map *lines; /* NULL, or filled with the fixed variant's line map */
};

/*
 * Appends the example's C text to out. 0, or -1 with "file:line: message" in err when the test
 * cannot be an example (RCU, pointer values, a filter, no condition location, a name the example
 * cannot use, no access to count for the evidence unless info->explore_only, a
 * goal-tso.fixed the reference's x86-TSO verdict does not reach, "never" where it does).
 */
int lit_convert(const struct lit_test *t, const struct lit_convert_info *info, struct buf *out,
		char *err, size_t errlen);

/* convatomic.c: appends to d the definitions of the atomic_t operations t calls (#define lines). */
void lit_atomic_defines(const struct lit_test *t, struct buf *d);

/*
 * The example's file name (without .c) for a test name: lower case, [a-z0-9-], a '-' for each
 * run of other characters ("SB+mb" is "sb-mb"). humps: an upper-case letter after a lower-case
 * one also starts a word ("poonceLock" is "poonce-lock"), for a test whose name differs from
 * another's only in case (the import uses it then). Cut to n - 1 characters.
 */
void lit_example_name(const char *test_name, int humps, char *buf, size_t n);

#endif
