/*@example
 * title: Publishing data behind a ready flag
 * page: code-reordering
 * shows: Two plain stores to different variables may be emitted in either order, so the flag can be seen before the data.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r0 r1
 * cflags: -std=gnu11
 * evidence.plain: stores(t0, data) == 1 && stores(t0, ready) == 1 && stored_before(t0, ready, data)
 * evidence.fixed: stores(t0, data) == 1 && stores(t0, ready) == 1 && stored_before(t0, data, ready)
 * evidence.transformed: stores(t0, data) == 1 && stores(t0, ready) == 1 && stored_before(t0, ready, data)
 * evidence-on: clang-14,clang-19,clang-22/aarch64/O1,O2,O3,Os gcc-12/aarch64,riscv64/O2,O3 gcc-12/i386,x86_64/O2,O3,Os
 * expect.fixed: unreachable: r0 == 1 && r1 != 42
 * expect.fixed: reachable: r0 == 1 && r1 == 42
 * expect.transformed: reachable: r0 == 1 && r1 != 42
 * expect.plain: reachable: r0 == 1 && r1 != 42
 * expect.plain: reachable: r0 == 1 && r1 == 42
 * expect.transformed: reachable: r0 == 1 && r1 == 42
 * expect.transformed: reachable: r0 == 0
 * expect-tso.plain: reachable: r0 == 1 && r1 != 42
 * expect-tso.fixed: unreachable: r0 == 1 && r1 != 42
 * expect-tso.transformed: reachable: r0 == 1 && r1 != 42
 * expect-armv8.plain: reachable: r0 == 1 && r1 != 42
 * expect-armv8.fixed: unreachable: r0 == 1 && r1 != 42
 * expect-armv8.fixed: reachable: r0 == 1 && r1 == 42
 * expect-armv8.transformed: reachable: r0 == 1 && r1 != 42
 * goal.plain: make t1 see ready set and still read data before it was written: r0 == 1 && r1 != 42
 */
#include "course.h"

/* t0 computes a value, stores it to data, then raises ready. t1 checks ready and, if it is set,
 * reads data, expecting 42. */
SHARED(int, seed);
SHARED(int, data);
SHARED(int, ready);
OBSERVED(int, r0);
OBSERVED(int, r1);

THREAD(t0)
{
#if PLAIN
	data = seed + 42;	/* BUGGY: may be emitted after the store to ready */
	ready = 1;
#elif FIXED
	WRITE_ONCE(data, READ_ONCE(seed) + 42);
	smp_store_release(&ready, 1);
#elif TRANSFORMED
	/* The order GCC 12 emits for the plain code: the constant store first. */
	int v = READ_ONCE(seed) + 42;
	WRITE_ONCE(ready, 1);
	WRITE_ONCE(data, v);
#endif
}

THREAD(t1)
{
#if FIXED
	r0 = smp_load_acquire(&ready);
#else
	r0 = READ_ONCE(ready);
#endif
	if (r0)
		r1 = READ_ONCE(data);
}
