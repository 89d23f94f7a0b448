/* WRONG: the controller's wait loop still reads parked with a plain load, which is hoisted, so the controller never sees the worker park [fails: loads_in_loop(t0, parked)] */
/*@example
 * title: Lab: park the worker (wrong fix)
 * page: labs/shutdown
 * shows: A controller asks a worker to park, waits until it has, then releases it; the handshake must complete.
 * threads: t0 t1
 * variants: student
 * outcome: r1 paused parked
 * cflags: -std=gnu11
 * evidence.student: stores(t0, paused) == 2
 * evidence.student: loads_in_loop(t0, parked) >= 1
 * evidence.student: loads_in_loop(t1, paused) >= 2
 * expect.student: unreachable: hang(t0) || hang(t1)
 * expect.student: unreachable: !done
 * expect.student: unreachable: r1 == 1
 * expect.student: reachable: done && r1 == 0
 * expect-armv8.student: unreachable: hang(t0) || hang(t1)
 * expect-armv8.student: unreachable: !done
 * expect-armv8.student: unreachable: r1 == 1
 * expect-armv8.student: reachable: done && r1 == 0
 */
#include "course.h"

SHARED(int, paused);
SHARED(int, parked);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(paused, 1);
	while (!parked)
		continue;
	WRITE_ONCE(paused, 0);
}

THREAD(t1)
{
	while (!READ_ONCE(paused))
		continue;
	WRITE_ONCE(parked, 1);
	while (READ_ONCE(paused))
		continue;
	r1 = READ_ONCE(paused);
}
