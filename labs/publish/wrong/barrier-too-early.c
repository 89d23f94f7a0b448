/* WRONG: the compiler barrier comes before the early look, so nothing separates the early look from the dereference and they are still fused [fails: r1 != 42] */
/*@example
 * title: Lab: dereference a published pointer (wrong fix)
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

SHARED(int *, gp);
SHARED(int, ready);
int slot = 42;
OBSERVED(int, r0);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(gp, &slot);
	WRITE_ONCE(ready, 1);
}

THREAD(t1)
{
	int *early;

	barrier();
	early = gp;
	r0 = early != 0;
	while (!READ_ONCE(ready))
		continue;
	r1 = *gp;
}
