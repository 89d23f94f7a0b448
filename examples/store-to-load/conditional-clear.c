/*@example
 * title: A store that became a load, a test and a store
 * page: store-to-load
 * shows: If a plain store of 0 is turned into "load, compare, store only if different", the load can be satisfied early and the store skipped.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 y
 * cflags: -std=gnu11
 * evidence.plain: loads(t1, y) >= 1 && stores(t1, y) == 1
 * evidence.fixed: loads(t1, y) == 0 && stores(t1, y) == 1
 * evidence.transformed: loads(t1, y) == 1 && stores(t1, y) == 1
 * evidence-on: none
 * expect.plain: unreachable: r1 == 1 && y == 1
 * expect.fixed: unreachable: r1 == 1 && y == 1
 * expect.transformed: reachable: r1 == 1 && y == 1
 * expect.fixed: reachable: r1 == 1 && y == 0
 * expect.transformed: reachable: r1 == 1 && y == 0
 * expect.transformed: reachable: r1 == 0 && y == 1
 * expect-tso.plain: unreachable: r1 == 1 && y == 1
 * expect-tso.fixed: unreachable: r1 == 1 && y == 1
 * expect-tso.transformed: reachable: r1 == 1 && y == 1
 * goal.transformed: make t1 see x set and still leave y set: r1 == 1 && y == 1
 */
#include "course.h"

/* t0 sets y, then (after a full barrier) x. t1 clears y if it saw x set, so when r1 == 1 the
 * programmer expects y to end up 0. */
SHARED(int, x);
SHARED(int, y);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(y, 1);
	smp_mb();
	WRITE_ONCE(x, 1);
}

THREAD(t1)
{
#if PLAIN
	r1 = READ_ONCE(x);
	if (r1 == 1)
		y = 0;		/* BUGGY: may become "if (y != 0) y = 0" */
#elif FIXED
	r1 = READ_ONCE(x);
	if (r1 == 1)
		WRITE_ONCE(y, 0);
#elif TRANSFORMED
	/* The compiler's "store only if needed", with the load of y performed early, as a weakly
	 * ordered CPU may do: it no longer depends on x, so nothing keeps it after the load of x. */
	int old_y = READ_ONCE(y);
	r1 = READ_ONCE(x);
	if (r1 == 1 && old_y != 0)
		WRITE_ONCE(y, 0);
#endif
}
