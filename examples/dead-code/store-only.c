/*@example
 * title: A variable only a debugger reads
 * page: dead-code
 * shows: A static variable that the program stores to but never loads is deleted along with its stores.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: r1 heartbeat
 * cflags: -std=gnu11
 * evidence.plain: stores(t0, heartbeat) == 0
 * evidence.fixed: stores(t0, heartbeat) >= 1
 * evidence-on: any/any/O1,O2,O3,Os
 * expect.plain: reachable: done && r1 == 3
 * expect.fixed: reachable: done && r1 == 3
 * expect.fixed: unreachable: done && heartbeat != 3
 * goal.plain: let both threads finish, then look for the heartbeat in the memory table: done && r1 == 3
 */
#include "course.h"

/* t0 does three steps of work and records its progress in heartbeat, which nothing in this
 * program reads: a watchdog or debugger is meant to find it through the symbol table.
 * t1 is ordinary work that runs alongside. */
STATIC_SHARED(int, heartbeat);
SHARED(int, work);
OBSERVED(int, r1);

THREAD(t0)
{
	int step;

	for (step = 1; step <= 3; step++) {
		WRITE_ONCE(work, step);
#if PLAIN
		heartbeat = step;		/* BUGGY: no load anywhere, so the store is dead */
#elif FIXED
		WRITE_ONCE(heartbeat, step);
#endif
	}
}

THREAD(t1)
{
	while (READ_ONCE(work) != 3)
		continue;
	r1 = READ_ONCE(work);
}
