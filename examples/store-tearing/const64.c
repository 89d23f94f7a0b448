/*@example
 * title: Storing a 64-bit constant
 * page: store-tearing
 * shows: A constant whose two 32-bit halves are equal may be stored as two 32-bit stores of one register.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1
 * cflags: -std=gnu11
 * cflags.transformed: -fno-strict-aliasing
 * evidence.plain: stores(t0, big) >= 2 && max_width(t0, big) < 8
 * evidence.fixed: stores(t0, big) == 1
 * evidence.transformed: stores(t0, big) == 2
 * evidence-on: gcc-12/aarch64/O0,O1,O2,O3,Os
 * expect.plain: unreachable: r1 == 1
 * expect.fixed: unreachable: r1 == 1
 * expect.transformed: reachable: r1 == 1
 * goal.transformed: make t1 read half of the old value and half of the new: r1 == 1
 */
#include "course.h"

/* t0 stores one machine word; t1 reads it once and reports a value that is neither the old
 * nor the new one (half of each) as r1 == 1. An unsigned long is a machine word on every
 * target of the matrix and in the explorer: 8 bytes on 64-bit targets, 4 on i386 and wasm32. */
SHARED(unsigned long, big);
OBSERVED(int, r1);

#if __SIZEOF_LONG__ == 8
#define NEW_VALUE 0x1234567812345678ul	/* two equal 32-bit halves */
typedef unsigned int half_t;
#else
#define NEW_VALUE 0x56785678ul		/* two equal 16-bit halves */
typedef unsigned short half_t;
#endif

THREAD(t0)
{
#if PLAIN
	big = NEW_VALUE;		/* BUGGY: may be split into two half-word stores */
#elif FIXED
	WRITE_ONCE(big, NEW_VALUE);
#elif TRANSFORMED
	/* The torn store gcc 12 emits on aarch64 (stp w0, w0 from -O2, two str w0 at -O0 and -O1),
	 * written out: two halves, two stores. */
	((volatile half_t *)&big)[0] = (half_t)NEW_VALUE;
	((volatile half_t *)&big)[1] = (half_t)NEW_VALUE;

#endif
}

THREAD(t1)
{
	unsigned long seen = READ_ONCE(big);

	r1 = seen != 0 && seen != NEW_VALUE;
}
