/*@example
 * title: A page-table entry checked with READ_ONCE, used from an older load
 * page: case-studies/page-vma-mapped
 * shows: Two plain loads of a PMD entry are fused across the READ_ONCE that checks it, so the walker uses an empty entry the check never saw.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 r2
 * cflags: -std=gnu11
 * evidence.plain: stale_loads_to(t1, pmd, r1) >= 1
 * evidence.fixed: loads(t1, pmd) <= 1 && stale_loads_to(t1, pmd, r1) == 0
 * evidence.transformed: loads(t1, pmd) == 2 && stale_loads_to(t1, pmd, r1) == 1
 * evidence-on: gcc-12/any/O1,O2,O3,Os
 * transformation: load-fusing
 * expect.fixed: unreachable: r2 == 1 && r1 == 1
 * expect.fixed: reachable: r2 == 1 && r1 == 0
 * expect.transformed: reachable: r2 == 1 && r1 == 1
 * expect.transformed: reachable: r2 == 1 && r1 == 0
 * expect.plain: reachable: r2 == 1 && r1 == 0
 * expect.plain: unreachable: r2 == 1 && r1 == 1
 * goal.transformed: make t1 map a table from an entry it found empty: r2 == 1 && r1 == 1
 */
#include "course.h"

/* pmd is a page-table entry: 0 is empty, PMD_HUGE marks a huge-page mapping, anything else
 * points to a table of page entries. t0 installs a table. t1 walks: it returns if the entry maps
 * a huge page or is not present; otherwise it maps the table from the entry (r2 = 1) and reports
 * r1 = 1 if the entry it used was empty, which would make a junk table pointer. */
#define PMD_HUGE 1ul
#define PMD_TABLE 0x1000ul

SHARED(unsigned long, pmd);
OBSERVED(int, r1);
OBSERVED(int, r2);

static inline __attribute__((always_inline)) int pmd_present(unsigned long e)
{
	return e != 0;
}

THREAD(t0)
{
	WRITE_ONCE(pmd, PMD_TABLE);
}

THREAD(t1)
{
#if PLAIN
	if (pmd & PMD_HUGE)			/* BUGGY: plain load */
		return;
	if (!pmd_present(READ_ONCE(pmd)))
		return;
	unsigned long entry = pmd;		/* BUGGY: may reuse the first load */
#elif FIXED
	unsigned long entry = READ_ONCE(pmd);	/* one snapshot for the checks, as in the commit;
						 * here for the use too (the kernel's map_pte()
						 * still reads the entry through the pointer) */

	if (entry & PMD_HUGE)
		return;
	if (!pmd_present(entry))
		return;
#elif TRANSFORMED
	/* The fused form: the entry used is the first load, whatever the marked check saw. */
	unsigned long entry = READ_ONCE(pmd);

	if (entry & PMD_HUGE)
		return;
	if (!pmd_present(READ_ONCE(pmd)))
		return;
#endif
	r2 = 1;
	r1 = entry == 0;
}
