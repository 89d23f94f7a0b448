/*@example
 * title: A static variable kept with the used attribute
 * page: dead-code
 * shows: The used attribute keeps a static variable that nothing loads, and with it the last store; the stores that a later one overwrites may still be dropped.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 heartbeat
 * cflags: -std=gnu11
 * transformation: store-fusing
 * evidence.plain: stores(t0, heartbeat) == 1 && stores_in_loop(t0, heartbeat) == 0
 * evidence.fixed: stores(t0, heartbeat) >= 1
 * evidence.transformed: stores(t0, heartbeat) == 1
 * evidence-on: gcc-12/any/O1,O2,O3,Os clang-14,clang-19,clang-22/any/O2,O3
 * expect.plain: reachable: done && heartbeat == 3
 * expect.plain: unreachable: done && heartbeat != 3
 * expect.fixed: reachable: done && heartbeat == 3
 * expect.fixed: unreachable: done && heartbeat != 3
 * expect.transformed: reachable: done && heartbeat == 3
 */
#include "course.h"

/* The heartbeat of dead-code/store-only, now with the kernel's __used (the used attribute): the
 * compiler must emit the variable even though nothing in this file loads it. t0 does three steps
 * of work and records each in heartbeat for a reader outside the program; t1 is ordinary work. */
STATIC_SHARED(int, heartbeat) __attribute__((__used__));
SHARED(int, work);
OBSERVED(int, r1);

THREAD(t0)
{
#if PLAIN || FIXED
	int step;

	for (step = 1; step <= 3; step++) {
		WRITE_ONCE(work, step);
#if PLAIN
		heartbeat = step;		/* BUGGY: only the last value is sure to reach memory */
#else
		WRITE_ONCE(heartbeat, step);
#endif
	}
#elif TRANSFORMED
	/* The loop unrolled and the first two stores to heartbeat dropped: only the last is kept. */
	WRITE_ONCE(work, 1);
	WRITE_ONCE(work, 2);
	WRITE_ONCE(work, 3);
	WRITE_ONCE(heartbeat, 3);
#endif
}

THREAD(t1)
{
	while (READ_ONCE(work) != 3)
		continue;
	r1 = READ_ONCE(work);
}
