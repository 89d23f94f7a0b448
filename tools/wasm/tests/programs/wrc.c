/*@example
 * title: Write-to-read causality with three threads
 * page: none
 * shows: t1 passes on what it read from t0; t2 cannot see t1's store and miss t0's, under SC and x86-TSO.
 * threads: t0 t1 t2
 * variants: plain
 * outcome: r1 r2 r3
 * expect.plain: unreachable: r1 == 1 && r2 == 1 && r3 == 0
 * expect.plain: reachable: r1 == 1 && r2 == 1 && r3 == 1
 * expect-tso.plain: unreachable: r1 == 1 && r2 == 1 && r3 == 0
 * expect-tso.plain: reachable: r1 == 0 && r2 == 0 && r3 == 1
 */
#include "course.h"

SHARED(int, x);
SHARED(int, y);
OBSERVED(int, r1);
OBSERVED(int, r2);
OBSERVED(int, r3);

THREAD(t0)
{
	WRITE_ONCE(x, 1);
}

THREAD(t1)
{
	r1 = READ_ONCE(x);
	WRITE_ONCE(y, r1);
}

THREAD(t2)
{
	r2 = READ_ONCE(y);
	r3 = READ_ONCE(x);
}
