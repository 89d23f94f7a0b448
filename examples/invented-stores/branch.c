/*@example
 * title: An if-else turned into a store and an undo
 * page: invented-stores
 * shows: Replacing a branch by an unconditional store plus a corrective store makes a value visible that the source never writes on that path.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 a
 * cflags: -std=gnu11
 * evidence.plain: stores(t0, a) >= 2
 * evidence.fixed: stores(t0, a) <= 1
 * evidence.transformed: stores(t0, a) == 2
 * evidence-on: none
 * expect.plain: unreachable: r1 == 1
 * expect.fixed: unreachable: r1 == 1
 * expect.transformed: reachable: r1 == 1
 * expect.transformed: reachable: r1 == 0
 * expect.transformed: unreachable: a == 1
 * goal.transformed: make t1 see a == 1, a store the source never makes on this path: r1 == 1
 */
#include "course.h"

/* cond is 0 here, so t0 takes the else branch and never means to write a. t1 watches a. */
SHARED(int, cond);
SHARED(int, a);
SHARED(int, work);
OBSERVED(int, r1);

THREAD(t0)
{
#if PLAIN
	if (cond)
		a = 1;		/* BUGGY: a plain store the compiler may move or duplicate */
	else
		work = work + 1;
#elif FIXED
	if (READ_ONCE(cond))
		WRITE_ONCE(a, 1);
	else
		WRITE_ONCE(work, READ_ONCE(work) + 1);
#elif TRANSFORMED
	/* One branch fewer: store 1 first, undo it on the path that should not have stored. */
	WRITE_ONCE(a, 1);
	if (!READ_ONCE(cond)) {
		WRITE_ONCE(a, 0);
		WRITE_ONCE(work, READ_ONCE(work) + 1);
	}
#endif
}

THREAD(t1)
{
	r1 = READ_ONCE(a);
}
