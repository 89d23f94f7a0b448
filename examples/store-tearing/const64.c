/*@example
 * title: Storing a 64-bit constant
 * page: store-tearing
 * shows: A constant whose two 32-bit halves are equal may be stored as two 32-bit stores of one register.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1
 * cflags: -std=gnu11
 * cflags.transformed: -fno-strict-aliasing
 * cells: any/x86_64,aarch64,riscv64/any
 * hex: big
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

/* t0 stores a 64-bit constant; t1 reads it once and reports a value that is neither the old
 * nor the new one (half of each) as r1 == 1. big is 64 bits wide in every build, the explorer's
 * wasm32 included (where an unsigned long has 32), and shown in hexadecimal (hex). The example
 * is compiled for the 64-bit targets only (cells): a 32-bit processor stores a 64-bit value in
 * two halves in every variant, WRITE_ONCE() included, so there is no transformation to see. */
SHARED(uint64_t, big);
OBSERVED(int, r1);

#define NEW_VALUE 0x1234567812345678ull	/* two equal 32-bit halves */

THREAD(t0)
{
#if PLAIN
	big = NEW_VALUE;		/* BUGGY: may be split into two half-word stores */
#elif FIXED
	WRITE_ONCE(big, NEW_VALUE);
#elif TRANSFORMED
	/* The torn store gcc 12 emits on aarch64 (stp w0, w0 from -O2, two str w0 at -O0 and -O1),
	 * written out: two 32-bit halves, two stores. */
	((volatile uint32_t *)&big)[0] = (uint32_t)NEW_VALUE;
	((volatile uint32_t *)&big)[1] = (uint32_t)NEW_VALUE;

#endif
}

THREAD(t1)
{
	uint64_t seen = READ_ONCE(big);

	r1 = seen != 0 && seen != NEW_VALUE;
}
