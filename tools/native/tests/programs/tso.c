/* tso.c - the standard x86-TSO shapes compiled by every target of the matrix at -O2 for
 * test_tso.c (explored under x86-TSO on the x86 targets): store buffering with and without
 * smp_mb() and a (sequentially consistent: a relaxed one whose result is unused may become a
 * plain store, as Clang 14 makes it) xchg, message passing, load buffering, a thread reading its own buffered store,
 * and a lone store (run as eight threads). */
#include "course.h"

SHARED(int, x);
SHARED(int, y);
OBSERVED(int, r0);
OBSERVED(int, r1);

#include "shapes.h" /* mp0, mp1, sbmb0, sbmb1 */

THREAD(sb0)
{
	WRITE_ONCE(x, 1);
	r0 = READ_ONCE(y);
}

THREAD(sb1)
{
	WRITE_ONCE(y, 1);
	r1 = READ_ONCE(x);
}

THREAD(sbxchg0)
{
	__atomic_exchange_n(&x, 1, __ATOMIC_SEQ_CST);
	r0 = READ_ONCE(y);
}

THREAD(sbxchg1)
{
	__atomic_exchange_n(&y, 1, __ATOMIC_SEQ_CST);
	r1 = READ_ONCE(x);
}

/* one store: eight of it are the widest program (eight threads, drains a-h) */
THREAD(store_x)
{
	WRITE_ONCE(x, 1);
}

THREAD(lb0)
{
	r0 = READ_ONCE(x);
	WRITE_ONCE(y, 1);
}

THREAD(lb1)
{
	r1 = READ_ONCE(y);
	WRITE_ONCE(x, 1);
}

/* n6-style: t0 reads its own store before it reaches memory, and y still 0. */
THREAD(fwd0)
{
	WRITE_ONCE(x, 1);
	r0 = READ_ONCE(x);
	r1 = READ_ONCE(y);
}

THREAD(fwd1)
{
	WRITE_ONCE(y, 2);
	WRITE_ONCE(x, 2);
}

/* Forwarding byte by byte: a narrow buffered store inside a wide load, a narrow load inside a wide
 * buffered store (alone: r0=1 r1=2 only). */
THREAD(bytes0)
{
	WRITE_ONCE(*(char *)&x, 1);
	r0 = READ_ONCE(x);
	WRITE_ONCE(y, 0x0201);
	r1 = READ_ONCE(((char *)&y)[1]);
}
