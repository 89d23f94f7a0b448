/*@example
 * title: Store forwarding at byte granularity
 * page: none
 * shows: Under x86-TSO a load combines the thread's buffered bytes with memory, byte by byte.
 * threads: t0 t1
 * variants: plain
 * outcome: r0 r1 x
 * expect.plain: reachable: done
 */
#include "course.h"

SHARED_INIT(int, x, 0x11223344);
OBSERVED(int, r0);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(*(char *)&x, 0x55);	/* the low byte only */
	r0 = READ_ONCE(x);		/* one byte from the buffer, three from memory */
}

THREAD(t1)
{
	WRITE_ONCE(x, 0x66778899);
	r1 = READ_ONCE(*((char *)&x + 1));	/* a narrow load inside the buffered wide store */
}
