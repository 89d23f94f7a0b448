/*@example
 * title: A stop flag polled in a loop (GNU C89)
 * page: load-fusing
 * shows: Without C11's forward-progress rule the loop stays, but the flag is loaded once before it: t1 can spin forever.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 need_to_stop
 * cflags: -std=gnu89
 * evidence.plain: loads_in_loop(t1, need_to_stop) == 0 && loads(t1, need_to_stop) >= 1
 * evidence.fixed: loads_in_loop(t1, need_to_stop) >= 1
 * evidence.transformed: loads_in_loop(t1, need_to_stop) == 0
 * evidence-on: any/any/O1,O2,O3,Os
 * expect.plain: reachable: hang(t1)
 * expect.plain: unreachable: done && r1 == 0
 * expect.fixed: unreachable: hang(t1)
 * expect.fixed: unreachable: done && r1 == 0
 * expect.transformed: reachable: hang(t1)
 * goal.plain: make t1 spin forever after t0 has asked it to stop: hang(t1)
 */
#include "course.h"

/* The same polling loop as need-to-stop.c, compiled as GNU C89. */
SHARED(int, need_to_stop);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(need_to_stop, 1);
}

THREAD(t1)
{
#if PLAIN
	while (!need_to_stop)		/* BUGGY: the load may be hoisted out of the loop */
		continue;
#elif FIXED
	while (!READ_ONCE(need_to_stop))
		continue;
#elif TRANSFORMED
	/* The hoisted load: one look at the flag, then an endless loop that never looks again. */
	if (!READ_ONCE(need_to_stop))
		for (;;)
			barrier();
#endif
	r1 = READ_ONCE(need_to_stop);
}
