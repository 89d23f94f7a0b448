/*@example
 * title: Lab: dereference a published pointer (reference solution)
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

/* Reference: both loads of gp are marked, so the one after the wait is a real, fresh load; the
 * release store of ready and the acquire load in the wait order the publication on the processor
 * too (on Arm, STLR and LDAR): once t1 sees ready == 1, it sees gp. */
SHARED(int *, gp);
SHARED(int, ready);
int slot = 42;
OBSERVED(int, r0);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(gp, &slot);
	smp_store_release(&ready, 1);
}

THREAD(t1)
{
	int *early = READ_ONCE(gp);

	r0 = early != 0;
	while (!smp_load_acquire(&ready))
		continue;
	r1 = *READ_ONCE(gp);
}
