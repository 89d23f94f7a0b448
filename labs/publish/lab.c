/*@example
 * title: Lab: dereference a published pointer
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

/* t0 publishes a pointer to a value, then raises `ready`. t1 takes an early look at the pointer
 * for its statistics (r0: was it already there?), waits for `ready`, then reads the value through
 * the pointer (r1). Keep the early look, and fix the threads so that r1 is always 42, on every
 * target's processor too. */
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
	int *early = gp;

	r0 = early != 0;
	while (!READ_ONCE(ready))
		continue;
	r1 = *gp;
}
