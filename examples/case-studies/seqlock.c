/*@example
 * title: A write next to raw_write_seqcount_barrier()
 * page: case-studies/seqlock
 * shows: A store outside any odd-count write section can tear without the sequence count changing, so a reader accepts a mixed value.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1
 * cflags: -std=gnu11
 * cflags.transformed: -fno-strict-aliasing
 * evidence.plain: stores(t0, val) >= 2 && min_width(t0, val) < 4
 * evidence.fixed: stores(t0, val) == 1 && min_width(t0, val) == 4
 * evidence.transformed: stores(t0, val) == 2 && max_width(t0, val) == 2
 * evidence-on: none
 * transformation: store-tearing
 * hex: val
 * expect.plain: unreachable: r1 == 1
 * expect.fixed: unreachable: r1 == 1
 * expect.transformed: reachable: r1 == 1
 * expect.transformed: reachable: r1 == 0
 * goal.transformed: make t1 accept a value that is half old, half new: r1 == 1
 */
#include "course.h"

/* t0 bumps the sequence count twice (raw_write_seqcount_barrier(): the count stays even) and then
 * writes val from 65537 (0x00010001) to 131074 (0x00020002). t1 runs one read section: if the
 * count was even and unchanged, it trusts what it read, and reports a mixed value as r1 = 1. */
SHARED(unsigned int, seq);
SHARED_INIT(uint32_t, val, 65537);
OBSERVED(int, r1);

THREAD(t0)
{
	/* raw_write_seqcount_barrier(): two increments with a write barrier between them */
	WRITE_ONCE(seq, READ_ONCE(seq) + 1);
	smp_wmb();
	WRITE_ONCE(seq, READ_ONCE(seq) + 1);
#if PLAIN
	val = 131074;			/* BUGGY: a plain store outside any write section */
#elif FIXED
	WRITE_ONCE(val, 131074);
#elif TRANSFORMED
	/* The torn store: two 16-bit halves, low half first (little-endian targets). */
	((volatile uint16_t *)&val)[0] = 2;
	((volatile uint16_t *)&val)[1] = 2;
#endif
}

THREAD(t1)
{
	unsigned int start;
	uint32_t v;

	start = READ_ONCE(seq);
	smp_rmb();
	v = READ_ONCE(val);
	smp_rmb();
	if (!(start & 1) && READ_ONCE(seq) == start)
		r1 = v != 65537 && v != 131074;
}
