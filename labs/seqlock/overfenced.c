/* OVERFENCED: correct, but full fences where write barriers suffice, and one between the two data stores that orders nothing anybody checks */
/*@example
 * title: Lab: a correct seqcount writer (over-fenced fix)
 * page: labs/seqlock
 * shows: A writer updates two values under a sequence count; a lockless reader must never accept a half-updated pair.
 * threads: t0 t1
 * variants: student
 * outcome: r1 r2
 * cflags: -std=gnu11
 * evidence.student: stores(t0, seq) == 2
 * expect.student: unreachable: r1 != r2
 * expect.student: reachable: r1 == 1 && r2 == 1
 * expect.student: unreachable: hang(t1)
 * expect-armv8.student: unreachable: r1 != r2
 * expect-armv8.student: reachable: r1 == 1 && r2 == 1
 * expect-armv8.student: unreachable: hang(t1)
 */
#include "course.h"

SHARED(int, seq);
SHARED(int, a);
SHARED(int, b);
OBSERVED(int, r1);
OBSERVED(int, r2);

THREAD(t0)
{
	WRITE_ONCE(seq, READ_ONCE(seq) + 1);
	smp_mb();
	WRITE_ONCE(a, 1);
	smp_mb();
	WRITE_ONCE(b, 1);
	smp_mb();
	WRITE_ONCE(seq, READ_ONCE(seq) + 1);
	smp_mb();
}

THREAD(t1)
{
	int s0, s1, x, y;

	do {
		s0 = smp_load_acquire(&seq);
		x = READ_ONCE(a);
		y = READ_ONCE(b);
		smp_rmb();
		s1 = smp_load_acquire(&seq);
	} while ((s0 & 1) || s0 != s1);
	r1 = x;
	r2 = y;
}
