/*@example
 * title: Lab: stop the worker
 * page: labs/polling
 * shows: A worker polls a stop flag that another thread raises; make sure it notices.
 * threads: t0 t1
 * variants: student
 * outcome: r1 need_to_stop
 * cflags: -std=gnu11
 * evidence.student: loads_in_loop(t1, need_to_stop) >= 1
 * expect.student: unreachable: hang(t1)
 * expect.student: unreachable: done && r1 == 0
 * expect.student: reachable: done && r1 == 1
 * expect-armv8.student: unreachable: hang(t1)
 * expect-armv8.student: unreachable: done && r1 == 0
 * expect-armv8.student: reachable: done && r1 == 1
 */
#include "course.h"

/* t0 is the supervisor: it raises the stop flag once. t1 is the worker: it polls the flag and,
 * once it leaves its loop, records the value it saw. Fix the code so the worker always stops,
 * and stops only after the flag was raised. */
SHARED(int, need_to_stop);
OBSERVED(int, r1);

THREAD(t0)
{
	need_to_stop = 1;
}

THREAD(t1)
{
	while (!need_to_stop)
		continue;
	r1 = need_to_stop;
}
