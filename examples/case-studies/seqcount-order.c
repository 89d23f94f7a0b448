/*@example
 * title: A seqcount read section without its barriers
 * page: case-studies/seqlock
 * shows: Marked accesses keep a seqcount's loads and stores whole, but only smp_wmb() and smp_rmb() keep them in order on an Arm processor: without them a reader accepts a half-written pair.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: r1
 * cflags: -std=gnu11
 * evidence.plain: stores(t0, a) == 1 && stores(t0, b) == 1 && stores(t0, seq) == 2
 * evidence.plain: loads(t1, a) == 1 && loads(t1, b) == 1 && loads(t1, seq) == 2
 * evidence.fixed: stores(t0, a) == 1 && stores(t0, b) == 1 && stores(t0, seq) == 2
 * evidence.fixed: loads(t1, a) == 1 && loads(t1, b) == 1 && loads(t1, seq) == 2
 * expect.plain: unreachable: r1 == 1
 * expect.fixed: unreachable: r1 == 1
 * expect-tso.plain: unreachable: r1 == 1
 * expect-tso.fixed: unreachable: r1 == 1
 * expect-armv8.plain: reachable: r1 == 1
 * expect-armv8.fixed: unreachable: r1 == 1
 */
#include "course.h"

/* t0 runs one write section: the count goes odd, the pair (a, b) is written, the count goes even.
 * t1 runs one read section: if the count was even before and unchanged after, it trusts the pair
 * it read and reports a half-written one (a and b differ) as r1 = 1. Every access is marked: no
 * compiler tears, merges or reorders them. */
SHARED(unsigned int, seq);
SHARED(int, a);
SHARED(int, b);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(seq, READ_ONCE(seq) + 1);
#if FIXED
	smp_wmb();
#endif
	WRITE_ONCE(a, 1);
	WRITE_ONCE(b, 1);
#if FIXED
	smp_wmb();
#endif
	WRITE_ONCE(seq, READ_ONCE(seq) + 1);	/* BUGGY without smp_wmb(): may be seen before the pair */
}

THREAD(t1)
{
	unsigned int start;
	int x, y;

	start = READ_ONCE(seq);
#if FIXED
	smp_rmb();
#endif
	x = READ_ONCE(a);
	y = READ_ONCE(b);
#if FIXED
	smp_rmb();
#endif
	if (!(start & 1) && READ_ONCE(seq) == start)	/* BUGGY without smp_rmb(): may load early */
		r1 = x != y;
}
