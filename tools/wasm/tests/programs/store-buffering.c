/*@example
 * title: Store buffering under interleaving
 * page: none
 * shows: With one shared access per step, at least one thread sees the other's store.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: r0 r1
 * expect.plain: unreachable: r0 == 0 && r1 == 0
 * expect.plain: reachable: r0 == 1 && r1 == 1
 * expect.plain: reachable: r0 == 0 && r1 == 1
 * expect.fixed: reachable: done
 * expect.fixed: unreachable: crash || hang(t0)
 * quiz.plain: r0 == 1 && r1 == 0
 */
#include "course.h"

SHARED(int, x);
SHARED(int, y);
OBSERVED(int, r0);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(x, 1);
#if FIXED
	smp_mb();
#endif
	r0 = READ_ONCE(y);
}

THREAD(t1)
{
	WRITE_ONCE(y, 1);
#if FIXED
	smp_mb();
#endif
	r1 = READ_ONCE(x);
}
