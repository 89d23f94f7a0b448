/*@example
 * title: A NULL check on a copy that the compiler may not keep
 * page: invented-loads
 * shows: If the local copy of global_ptr is replaced by fresh loads, the pointer that passed the NULL check is not the one passed on.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 global_ptr
 * cflags: -std=gnu11
 * evidence.plain: loads(t1, global_ptr) >= 2
 * evidence.fixed: loads(t1, global_ptr) <= 1
 * evidence.transformed: loads(t1, global_ptr) == 3
 * evidence-on: none
 * expect.plain: unreachable: crash
 * expect.plain: reachable: done && r1 == 7
 * expect.fixed: unreachable: crash
 * expect.fixed: reachable: done && r1 == 7
 * expect.transformed: reachable: crash(t1)
 * expect.fixed: unreachable: crash(t1)
 * expect.transformed: reachable: done && r1 == 7
 * expect.transformed: reachable: done && global_ptr == 0
 * goal.transformed: make t1 pass the NULL check and then hand NULL to use_low(): crash(t1)
 */
#include "course.h"

/* t1 copies a shared pointer, checks the copy and hands it to use_low(), which must never see NULL.
 * t0 concurrently retires the pointer by storing NULL. */
int low_area[4] = { 5, 7, 9, 11 };
SHARED_INIT(int *, global_ptr, &low_area[1]);
OBSERVED(int, r1);

static inline void use_low(int *p)
{
	BUG_ON(p == 0);		/* a NULL here would be a wild dereference in real code */
	r1 = *p;
}

THREAD(t0)
{
	WRITE_ONCE(global_ptr, 0);
}

THREAD(t1)
{
#if PLAIN
	int *ptr = global_ptr;	/* BUGGY: the compiler may drop the copy and load again */
	if (ptr != 0 && (unsigned long)ptr < (unsigned long)&low_area[4])
		use_low(ptr);
#elif FIXED
	int *ptr = READ_ONCE(global_ptr);
	if (ptr != 0 && (unsigned long)ptr < (unsigned long)&low_area[4])
		use_low(ptr);
#elif TRANSFORMED
	/* The copy optimized away: each use of ptr is a new load of global_ptr. */
	if (READ_ONCE(global_ptr) != 0 &&
	    (unsigned long)READ_ONCE(global_ptr) < (unsigned long)&low_area[4])
		use_low(READ_ONCE(global_ptr));
#endif
}
