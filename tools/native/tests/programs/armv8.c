/* armv8.c - the standard Armv8 shapes as the compilers of the matrix write them, for test_armv8.c
 * (built by the AArch64 targets at -O2 and -O0, where every value goes through a stack slot):
 * message passing with marked accesses alone, with smp_wmb()/smp_rmb(), with release/acquire and
 * with smp_wmb() and an address dependency; load buffering with a data and a control dependency;
 * store buffering with smp_rmb() (which orders no store) and with smp_mb(); IRIW with acquire
 * readers (multi-copy atomicity). */
#include "course.h"

SHARED(int, x);
SHARED(int, y);
SHARED(int, z);
SHARED_INIT(int *, p, &z);
OBSERVED(int, r0);
OBSERVED(int, r1);
OBSERVED(int, r2);
OBSERVED(int, r3);

#include "shapes.h" /* mp0, mp1, sbmb0, sbmb1 */

THREAD(mpwmb0)
{
	WRITE_ONCE(x, 1);
	smp_wmb();
	WRITE_ONCE(y, 1);
}

THREAD(mprmb1)
{
	r0 = READ_ONCE(y);
	smp_rmb();
	r1 = READ_ONCE(x);
}

THREAD(mprel0)
{
	WRITE_ONCE(x, 1);
	smp_store_release(&y, 1);
}

THREAD(mpacq1)
{
	r0 = smp_load_acquire(&y);
	r1 = READ_ONCE(x);
}

THREAD(mpptr0)
{
	WRITE_ONCE(x, 1);
	smp_wmb();
	WRITE_ONCE(p, &x);
}

THREAD(mpaddr1)
{
	int *q = READ_ONCE(p);

	r0 = q == &x;
	r1 = READ_ONCE(*q);
}

THREAD(lbdata0)
{
	r0 = READ_ONCE(x);
	WRITE_ONCE(y, r0);
}

THREAD(lbctrl1)
{
	r1 = READ_ONCE(y);
	if (r1)
		WRITE_ONCE(x, 1);
}

THREAD(sbrmb0)
{
	WRITE_ONCE(x, 1);
	smp_rmb();
	r0 = READ_ONCE(y);
}

THREAD(sbrmb1)
{
	WRITE_ONCE(y, 1);
	smp_rmb();
	r1 = READ_ONCE(x);
}

THREAD(iw0)
{
	WRITE_ONCE(x, 1);
}

THREAD(iw1)
{
	WRITE_ONCE(y, 1);
}

THREAD(ir2)
{
	r0 = smp_load_acquire(&x);
	r1 = READ_ONCE(y);
}

THREAD(ir3)
{
	r2 = smp_load_acquire(&y);
	r3 = READ_ONCE(x);
}

/* A retry loop (a seqlock reader's shape): each failed try reads other values into the same
 * registers; only the registers still read decide whether the loop is where it was. */
THREAD(wr3)
{
	WRITE_ONCE(x, 1);
	WRITE_ONCE(x, 2);
	WRITE_ONCE(y, 1);
	WRITE_ONCE(y, 2);
	WRITE_ONCE(z, 1);
	WRITE_ONCE(z, 2);
}

THREAD(retry3)
{
	int a, b, c;

	do {
		a = READ_ONCE(x);
		b = READ_ONCE(y);
		c = READ_ONCE(z);
	} while (a + b + c != 6);
	r0 = a + b + c;
}
