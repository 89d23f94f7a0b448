/*@example
 * title: Threads with stack frames
 * page: none
 * shows: Each thread keeps its own shadow stack across scheduling points.
 * threads: t0 t1
 * variants: plain
 * outcome: r0 r1 s
 * expect.plain: unreachable: r0 != 36 || r1 != 132
 * expect.plain: reachable: s == 1
 * expect.plain: reachable: s == 2
 */
#include "course.h"

SHARED(int, s);
OBSERVED(int, r0);
OBSERVED(int, r1);

__attribute__((noinline)) static int fill_and_sum(int base)
{
	volatile int buf[8];
	int i, sum = 0;

	for (i = 0; i < 8; i++)
		buf[i] = base + i;
	WRITE_ONCE(s, base);
	for (i = 0; i < 8; i++)
		sum += buf[i];
	return sum + READ_ONCE(s) * 0;
}

THREAD(t0)
{
	r0 = fill_and_sum(1);
	WRITE_ONCE(s, 1);
}

THREAD(t1)
{
	r1 = fill_and_sum(13);
	WRITE_ONCE(s, 2);
}
