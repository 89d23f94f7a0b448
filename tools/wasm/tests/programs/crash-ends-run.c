/*@example
 * title: A crash ends the run for every thread
 * page: none
 * shows: Schedules where another thread runs before the crash have outcomes of their own.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r0 y
 * expect.plain: reachable: crash(t0) && r0 == 0 && y == 0
 * expect.plain: reachable: crash(t0) && r0 == 0 && y == 1
 * expect.plain: reachable: done && r0 == 1 && y == 1
 * expect.fixed: reachable: crash(t1) && y == 0
 * expect.fixed: reachable: crash(t1) && y == 1
 * expect.fixed: reachable: done && r0 == 25
 * expect.transformed: reachable: crash(t0) && r0 == 0
 * expect.transformed: unreachable: hang(t1)
 */
#include "course.h"

SHARED(int, x);
SHARED(int, y);
SHARED(int, z);
OBSERVED(int, r0);

#if PLAIN
/* t0 crashes when it runs before t1's store: BUG_ON like a kernel assertion. */
THREAD(t0)
{
	r0 = READ_ONCE(x);
	BUG_ON(r0 == 0);
}

THREAD(t1)
{
	WRITE_ONCE(y, 1);
	WRITE_ONCE(x, 1);
}
#elif FIXED
/* t1 divides by what it reads (a trap when 0); t0's store is independent of that load. */
THREAD(t0)
{
	WRITE_ONCE(y, 1);
	WRITE_ONCE(x, 4);
}

THREAD(t1)
{
	int d = READ_ONCE(z);

	r0 = 100 / (d + READ_ONCE(x));
}
#else
/* t1 waits for y, which t0 would store after its BUG_ON: t1 spins until the crash ends the run. */
THREAD(t0)
{
	r0 = READ_ONCE(x);
	BUG_ON(r0 == 0);
	WRITE_ONCE(y, 1);
}

THREAD(t1)
{
	while (!READ_ONCE(y))
		;
	WRITE_ONCE(x, 1);
}
#endif
