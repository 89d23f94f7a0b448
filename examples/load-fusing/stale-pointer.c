/*@example
 * title: A pointer checked, then dereferenced from an older load
 * page: load-fusing
 * shows: Two plain loads of gp are fused across a READ_ONCE, so the pointer that passed the NULL check is not the one dereferenced.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r0 r1 r2
 * cflags: -std=gnu11
 * evidence.plain: stale_loads_to(t1, gp, deref) >= 1
 * evidence.fixed: loads(t1, gp) == 3 && stale_loads_to(t1, gp, deref) == 0
 * evidence.transformed: loads(t1, gp) == 2 && stale_loads_to(t1, gp, deref) == 1
 * evidence-on: gcc-12/any/O1,O2,O3,Os
 * expect.plain: reachable: r2 == 1 && r1 == 42
 * expect.plain: reachable: r0 == 0 && r2 == 1
 * expect.plain: unreachable: r2 == 1 && r1 != 42
 * expect.fixed: unreachable: r2 == 1 && r1 != 42
 * expect.fixed: reachable: r2 == 1 && r1 == 42
 * expect.transformed: reachable: r2 == 1 && r1 != 42
 * quiz.transformed: r2 == 1 && r1 == 42
 * goal.transformed: make t1 pass the check and dereference the older, NULL pointer: r2 == 1 && r1 != 42
 */
#include "course.h"

/* Optimizing compilers merge the three loads into two, and differ in which value the dereference
 * reuses: the first plain load (stale: the plain evidence follows the dereferenced value back to
 * its load) or the READ_ONCE (harmless; the explorer's WebAssembly build does this, so there the
 * plain variant behaves). The transformed variant is the stale choice written out: a NULL first
 * look with a passing check dereferences NULL.
 * t0 publishes a pointer to a ready value. t1 peeks at the pointer, checks it with READ_ONCE,
 * and if the check passed, loads it again to dereference it (as in the 2017 page_vma_mapped fix). */
SHARED(int *, gp);
int target = 42;
OBSERVED(int, r0);	/* t1's first look found a pointer */
OBSERVED(int, r1);	/* the value read through the pointer */
OBSERVED(int, r2);	/* the READ_ONCE check passed */

THREAD(t0)
{
	WRITE_ONCE(gp, &target);
}

THREAD(t1)
{
#if PLAIN
	int *first = gp;
	r0 = first != 0;
	if (READ_ONCE(gp)) {
		int *again = gp;	/* BUGGY: may reuse the value of "first" */
		r2 = 1;
		r1 = *again;
	}
#elif FIXED
	int *first = READ_ONCE(gp);
	r0 = first != 0;
	if (READ_ONCE(gp)) {
		int *again = READ_ONCE(gp);
		r2 = 1;
		r1 = *again;
	}
#elif TRANSFORMED
	/* The fused form: the dereference uses the first load, whatever the check saw. */
	int *first = READ_ONCE(gp);
	r0 = first != 0;
	if (READ_ONCE(gp)) {
		r2 = 1;
		r1 = *first;
	}
#endif
}
