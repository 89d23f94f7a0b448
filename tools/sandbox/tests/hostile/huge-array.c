/* HOSTILE: a 1.5 GB zeroed static array (.bss): small native objects, but the wasm compile needs the memory
 * expect: MEMORY at wasm
 * unchecked: MEMORY at compile
 * leaks: no */
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

SHARED(int, need_to_stop);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(need_to_stop, 1);
}

static char ballast[1500000000];
void spill(void)
{
	WRITE_ONCE(ballast[READ_ONCE(need_to_stop)], 1);
}

THREAD(t1)
{
	while (!READ_ONCE(need_to_stop))
		continue;
	r1 = READ_ONCE(need_to_stop) + READ_ONCE(ballast[need_to_stop * 1000000]);
}
