/*@example
 * title: A seqlock-style reader keeps its marked loads in order
 * page: none
 * shows: READ_ONCE loads separated by smp_rmb reach the explorer in source order.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: r1 r2
 * expect.plain: reachable: done
 * expect.fixed: reachable: done
 */
#include "course.h"

SHARED(int, seq);
SHARED(int, a);
SHARED(int, b);
OBSERVED(int, r1);
OBSERVED(int, r2);

THREAD(t0)
{
	WRITE_ONCE(seq, 1);
	smp_wmb();
	WRITE_ONCE(a, 1);
	WRITE_ONCE(b, 1);
	smp_wmb();
	WRITE_ONCE(seq, 2);
}

THREAD(t1)
{
	int s0, s1, x, y;

	do {
		s0 = READ_ONCE(seq);
		smp_rmb();
		x = READ_ONCE(a);
		y = READ_ONCE(b);
		smp_rmb();
		s1 = READ_ONCE(seq);
	} while ((s0 & 1) || s0 != s1);
	r1 = x;
	r2 = y;
}
