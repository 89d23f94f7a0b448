/* WRONG: marks (B), which never races, and (D), but leaves the two stores to state plain, so they are merged and t1 can never see state 1 [fails: stores(t0, state)] */
/*@example
 * title: Lab: which accesses need marking? (wrong fix)
 * page: labs/which-access
 * shows: Four accesses to shared variables, and only some of them race; mark exactly those.
 * threads: t0 t1
 * variants: student
 * outcome: r0 r1 state
 * cflags: -std=gnu11
 * evidence.student: stores(t0, state) == 2
 * evidence.student: loads_in_loop(t1, state) >= 1
 * expect.student: unreachable: hang(t1)
 * expect.student: unreachable: r1 == 0
 * expect.student: reachable: r1 == 1
 * expect.student: reachable: r1 == 2
 * expect.student: unreachable: done && r0 != 3
 * expect-armv8.student: unreachable: hang(t1)
 * expect-armv8.student: unreachable: r1 == 0
 * expect-armv8.student: reachable: r1 == 1
 * expect-armv8.student: reachable: r1 == 2
 * expect-armv8.student: unreachable: done && r0 != 3
 */
#include "course.h"

SHARED(int, state);
SHARED(int, budget);
OBSERVED(int, r0);
OBSERVED(int, r1);

INIT()
{
	budget = 3;
}

THREAD(t0)
{
	int i, sum = 0;

	state = 1;		/* (A) */
	for (i = 0; i < READ_ONCE(budget); i++)	/* (B) */
		sum += i;
	r0 = sum;
	state = 2;		/* (C) */
}

THREAD(t1)
{
	int seen;

	while ((seen = READ_ONCE(state)) == 0)	/* (D) */
		continue;
	r1 = seen;
}
