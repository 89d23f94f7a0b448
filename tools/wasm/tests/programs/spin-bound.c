/*@example
 * title: A spin that counts, and one that never sees the store
 * page: none
 * shows: A loop that changes its own state on every iteration ends at the step bound.
 * threads: t0 t1
 * variants: plain
 * outcome: r1 go
 * expect.plain: reachable: hang(t1)
 * expect.plain: reachable: done && r1 > 0
 * expect.plain: reachable: done && r1 == 0
 */
#include "course.h"

SHARED(int, go);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(go, 1);
	WRITE_ONCE(go, 0);
}

THREAD(t1)
{
	int n = 0;

	while (!READ_ONCE(go))
		n++;
	r1 = n;
}
