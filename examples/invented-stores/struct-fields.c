/*@example
 * title: Field stores merged across other work
 * page: invented-stores
 * shows: Plain stores to the byte fields of a record may be merged into one wider store and moved across other work; each byte still receives only the value the source gives it.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r0 r1
 * cflags: -std=gnu11
 * evidence.plain: stores(t0, rec) == 1 && min_width(t0, rec) == 4
 * evidence.fixed: max_width(t0, rec) <= 1
 * evidence.transformed: stores(t0, rec) == 1
 * evidence-on: gcc-12/any/O2,O3,Os clang-14,clang-19,clang-22/any/O1,O2,O3,Os
 * expect.fixed: unreachable: r1 == 66 && r0 == 0
 * expect.fixed: reachable: r1 == 66 && r0 == 1
 * expect.transformed: reachable: r1 == 66 && r0 == 0
 * expect.plain: reachable: r1 == 66 && r0 == 0
 * expect.plain: reachable: r1 == 66 && r0 == 1
 * goal.plain: make t1 see the last field set before the work that comes first in the source: r1 == 66 && r0 == 0
 */
#include "course.h"

/* rec is a 4-byte record of byte fields (the explorer needs a scalar, so the fields are bytes of
 * one word): t0 fills in bytes 0-2, does some work, then sets the last field, byte 3, to 0x42 (66).
 * t1 looks at the last field and then at the work counter: in source order, the field is written
 * after the work. */
SHARED(unsigned int, rec);
SHARED(int, work);
OBSERVED(int, r0);	/* the work counter t1 saw */
OBSERVED(int, r1);	/* the last field t1 saw */

#define FIELD(i) (((unsigned char *)&rec)[i])

THREAD(t0)
{
#if PLAIN
	FIELD(0) = 0x34;
	FIELD(1) = 0x12;
	FIELD(2) = 0x56;
	work = work + 1;
	FIELD(3) = 0x42;	/* BUGGY: plain, so it may be merged with the others and moved */
#elif FIXED
	WRITE_ONCE(FIELD(0), 0x34);
	WRITE_ONCE(FIELD(1), 0x12);
	WRITE_ONCE(FIELD(2), 0x56);
	WRITE_ONCE(work, READ_ONCE(work) + 1);
	WRITE_ONCE(FIELD(3), 0x42);
#elif TRANSFORMED
	/* What Clang emits for the plain code, written out: one 4-byte store of all four fields
	 * (little-endian: the last field is the top byte), ahead of the work. Every byte gets its
	 * final value: the fields are merged and reordered, no other value is invented. */
	WRITE_ONCE(rec, 0x42561234u);
	WRITE_ONCE(work, READ_ONCE(work) + 1);
#endif
}

THREAD(t1)
{
	r1 = READ_ONCE(FIELD(3));
	r0 = READ_ONCE(work);
}
