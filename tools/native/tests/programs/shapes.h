/* shapes.h - the shapes armv8.c and tso.c both explore, written once: message passing with marked
 * accesses alone (mp0, mp1) and store buffering with smp_mb() (sbmb0, sbmb1), over the shared x and
 * y and the observed r0 and r1 that the including program declares. */

THREAD(mp0)
{
	WRITE_ONCE(x, 1);
	WRITE_ONCE(y, 1);
}

THREAD(mp1)
{
	r0 = READ_ONCE(y);
	r1 = READ_ONCE(x);
}

THREAD(sbmb0)
{
	WRITE_ONCE(x, 1);
	smp_mb();
	r0 = READ_ONCE(y);
}

THREAD(sbmb1)
{
	WRITE_ONCE(y, 1);
	smp_mb();
	r1 = READ_ONCE(x);
}
