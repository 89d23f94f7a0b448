/* OVERFENCED: correct, but a full fence after every marked access costs a locked instruction in both wait loops */
/*@example
 * title: Lab: park the worker (over-fenced fix)
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
	smp_mb();
	while (!READ_ONCE(parked))
		smp_mb();
	WRITE_ONCE(paused, 0);
	smp_mb();
}

THREAD(t1)
{
	while (!READ_ONCE(paused))
		smp_mb();
	WRITE_ONCE(parked, 1);
	smp_mb();
	while (READ_ONCE(paused))
		smp_mb();
	smp_mb();
	r1 = READ_ONCE(paused);
}
