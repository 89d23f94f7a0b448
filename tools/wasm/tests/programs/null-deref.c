/*@example
 * title: A pointer that may be NULL when it is used
 * page: none
 * shows: A load or store through NULL is a crash outcome, as it would be in the kernel.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: r1
 * expect.plain: reachable: crash(t1)
 * expect.plain: reachable: done && r1 == 7
 * expect.fixed: reachable: crash(t1)
 * expect.fixed: unreachable: done && r1 == 7
 */
#include "course.h"

int value = 7;
SHARED_INIT(int *, p, &value);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(p, 0);
}

THREAD(t1)
{
#if PLAIN
	r1 = *READ_ONCE(p);
#else
	int *q = READ_ONCE(p);

	*q = 3;
#endif
}
