/* PASSES: write and read barriers instead of release and acquire: correct on every processor, at the cost of two barriers */
/*@example
 * title: Lab: dereference a published pointer (another fix)
 * page: labs/publish
 * shows: A reader takes an early look at a pointer, waits until the writer says it is published, then dereferences it; the dereference must use a fresh load.
 * threads: t0 t1
 * variants: student
 * outcome: r0 r1
 * cflags: -std=gnu11
 * evidence.student: loads(t1, gp) >= 2
 * expect.student: unreachable: r1 != 42
 * expect.student: reachable: r0 == 0
 * expect.student: unreachable: hang(t1)
 * expect-armv8.student: unreachable: r1 != 42
 * expect-armv8.student: reachable: r0 == 0
 * expect-armv8.student: unreachable: hang(t1)
 */
#include "course.h"

/* Both loads of gp are marked; smp_wmb() orders the two stores and smp_rmb() the load of ready
 * before the load of gp (on Arm, DMB ISHST and DMB ISHLD). */
SHARED(int *, gp);
SHARED(int, ready);
int slot = 42;
OBSERVED(int, r0);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(gp, &slot);
	smp_wmb();
	WRITE_ONCE(ready, 1);
}

THREAD(t1)
{
	int *early = READ_ONCE(gp);

	r0 = early != 0;
	while (!READ_ONCE(ready))
		continue;
	smp_rmb();
	r1 = *READ_ONCE(gp);
}
