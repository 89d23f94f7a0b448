/*@example
 * title: Eight threads
 * page: none
 * shows: The widest program every explorer runs: eight threads, t0 and t7 racing on x0.
 * threads: t0 t1 t2 t3 t4 t5 t6 t7
 * variants: plain
 * outcome: x0 x6
 * expect.plain: reachable: x0 == 1
 * expect.plain: reachable: x0 == 8
 */
/* Not in programs/: the tests that enumerate every program naively there would not finish on
 * eight threads under x86-TSO (explore.test.js runs this one). */
#include "course.h"

SHARED(int, x0);
SHARED(int, x1);
SHARED(int, x2);
SHARED(int, x3);
SHARED(int, x4);
SHARED(int, x5);
SHARED(int, x6);

THREAD(t0)
{
	WRITE_ONCE(x0, 1);
}
THREAD(t1)
{
	WRITE_ONCE(x1, 2);
}
THREAD(t2)
{
	WRITE_ONCE(x2, 3);
}
THREAD(t3)
{
	WRITE_ONCE(x3, 4);
}
THREAD(t4)
{
	WRITE_ONCE(x4, 5);
}
THREAD(t5)
{
	WRITE_ONCE(x5, 6);
}
THREAD(t6)
{
	WRITE_ONCE(x6, 7);
}
THREAD(t7)
{
	WRITE_ONCE(x0, 8);
}
