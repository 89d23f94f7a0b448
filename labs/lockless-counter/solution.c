/*@example
 * title: Lab: accessor helpers for a lockless field (reference solution)
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

/* Reference: the getter marks the lockless load and the setter the store that races with it. */
SHARED(int, last_trans);
OBSERVED(int, r1);

static inline int get_last_trans(void)
{
	return READ_ONCE(last_trans);
}

static inline void set_last_trans(int value)
{
	WRITE_ONCE(last_trans, value);
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
