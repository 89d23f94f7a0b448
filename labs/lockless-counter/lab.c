/*@example
 * title: Lab: accessor helpers for a lockless field
 * page: labs/lockless-counter
 * shows: A field is updated by one writer and read without a lock; route every access through a pair of helpers that mark it.
 * threads: t0 t1
 * variants: student
 * outcome: r1 last_trans
 * cflags: -std=gnu11
 * evidence.student: stores(t0, last_trans) == 2
 * evidence.student: loads_in_loop(t1, last_trans) >= 1
 * expect.student: unreachable: hang(t1)
 * expect.student: unreachable: r1 == 0
 * expect.student: reachable: r1 == 1
 * expect.student: reachable: r1 == 2
 * expect-armv8.student: unreachable: hang(t1)
 * expect-armv8.student: unreachable: r1 == 0
 * expect-armv8.student: reachable: r1 == 1
 * expect-armv8.student: reachable: r1 == 2
 */
#include "course.h"

/* last_trans is the number of the last committed transaction. Only t0 updates it (imagine it
 * holds the commit lock, so its own plain read of the field is fine); t1 reads it without any
 * lock, waiting for the first commit and recording the number it saw. Every access already goes
 * through the two helpers. Fix the helpers, not the call sites, so that t1 always finishes and
 * can observe each committed value. */
SHARED(int, last_trans);
OBSERVED(int, r1);

static inline int get_last_trans(void)
{
	return last_trans;
}

static inline void set_last_trans(int value)
{
	last_trans = value;
}

/* t0: commits two transactions, one after the other. */
THREAD(t0)
{
	set_last_trans(last_trans + 1);
	set_last_trans(last_trans + 1);
}

/* t1: waits until something was committed, then records what it saw. */
THREAD(t1)
{
	int seen;

	while ((seen = get_last_trans()) == 0)
		continue;
	r1 = seen;
}
