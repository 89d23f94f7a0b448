/*@example
 * title: Deep recursion between scheduling points
 * page: none
 * shows: A thread reaches a shared access 2000 calls deep; deeper, the explorer's limits say so.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r0 x
 * expect.plain: reachable: done && r0 == 2000
 * expect.plain: reachable: done && r0 == 2001
 * expect.fixed: reachable: crash(t0)
 * expect.transformed: reachable: crash(t0)
 */
#include "course.h"

SHARED(int, x);
OBSERVED(int, r0);

static volatile int level; /* not shared: a store after the call keeps each level a real frame */

__attribute__((noinline)) static int depth(int n)
{
	int r;

	if (n == 0)
		return READ_ONCE(x);
	r = depth(n - 1) + 1;
	level = n;
	return r;
}

THREAD(t0)
{
#if PLAIN
	r0 = depth(2000);	/* within every limit */
#elif FIXED
	r0 = depth(8500);	/* its frames do not fit the asyncify buffer */
#else
	r0 = depth(1000000);	/* the engine's own call stack is full first */
#endif
}

THREAD(t1)
{
	WRITE_ONCE(x, 1);
}
