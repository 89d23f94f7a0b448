/*@example
 * title: Crash outcomes
 * page: none
 * shows: BUG_ON, a trap and a failed CHECK become outcomes.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: x
 * expect.plain: reachable: crash(t1)
 * expect.plain: reachable: x == 2 && done
 * expect.plain: unreachable: crash(t0)
 * expect.fixed: reachable: crash(check)
 * expect.fixed: reachable: crash(t0)
 * expect.fixed: reachable: done
 */
#include "course.h"

SHARED(int, x);
SHARED(int, y);

THREAD(t0)
{
	WRITE_ONCE(x, 1);
#if FIXED
	if (READ_ONCE(y) == 5)
		__builtin_trap();
#endif
	WRITE_ONCE(x, 2);
}

THREAD(t1)
{
	BUG_ON(READ_ONCE(x) == 1);
	WRITE_ONCE(y, 5);
}

#if FIXED
CHECK()
{
	BUG_ON(READ_ONCE(x) == 2 && READ_ONCE(y) == 5);
}
#endif
