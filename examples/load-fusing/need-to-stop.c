/*@example
 * title: A stop flag polled in a loop (C11)
 * page: load-fusing
 * shows: A plain flag in a polling loop is loaded once, or, with C11's forward-progress rule, the loop disappears.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 need_to_stop
 * cflags: -std=gnu11
 * evidence.plain: loads_in_loop(t1, need_to_stop) == 0 && loads(t1, need_to_stop) >= 1
 * evidence.fixed: loads_in_loop(t1, need_to_stop) >= 1
 * evidence.transformed: loads(t1, need_to_stop) == 1 && loads_in_loop(t1, need_to_stop) == 0
 * evidence-on: any/any/O1,O2,O3,Os
 * expect.plain: reachable: done && r1 == 0
 * expect.plain: reachable: done && r1 == 1
 * expect.fixed: unreachable: r1 == 0
 * expect.fixed: unreachable: hang(t1)
 * expect.transformed: reachable: done && r1 == 0
 * goal.plain: make t1 finish without ever seeing the stop flag: done && r1 == 0
 */
#include "course.h"

/* t0 asks t1 to stop; t1 polls the flag, then records what it saw after leaving the loop. */
SHARED(int, need_to_stop);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(need_to_stop, 1);
}

THREAD(t1)
{
#if PLAIN
	while (!need_to_stop)		/* BUGGY: nothing forces a fresh load */
		continue;
#elif FIXED
	while (!READ_ONCE(need_to_stop))
		continue;
#elif TRANSFORMED
	/* What clang makes of the plain loop under C11: a side-effect-free loop may be assumed
	 * to terminate, so it is deleted and t1 goes on without waiting. */
#endif
	r1 = READ_ONCE(need_to_stop);
}
