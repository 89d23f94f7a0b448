/*@example
 * title: Lab: park the worker
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

/* t0 is the controller: it asks the worker to park (paused = 1), waits until the worker says it
 * has parked, then releases it (paused = 0). t1 is the worker: it waits for the request, reports
 * that it is parked, waits to be released, then records the value of `paused` it sees (r1 == 1
 * would mean it left while still paused). Fix the code so the handshake always completes. */
SHARED(int, paused);
SHARED(int, parked);
OBSERVED(int, r1);

THREAD(t0)
{
	paused = 1;
	while (!parked)
		continue;
	paused = 0;
}

THREAD(t1)
{
	while (!paused)
		continue;
	parked = 1;
	while (paused)
		continue;
	r1 = paused;
}
