/*@example
 * title: Counting with plain increments and with atomics
 * page: none
 * shows: Plain increments lose updates; atomic read-modify-write does not.
 * threads: t0 t1 t2
 * variants: plain fixed
 * outcome: cnt
 * expect.plain: reachable: cnt == 2
 * expect.plain: reachable: cnt == 1
 * expect.plain: reachable: cnt == 3
 * expect.fixed: unreachable: cnt != 3
 * expect.fixed: reachable: cnt == 3
 */
#include "course.h"

SHARED(int, cnt);

#if PLAIN
#define INC() WRITE_ONCE(cnt, READ_ONCE(cnt) + 1)
#else
#define INC() __atomic_fetch_add(&cnt, 1, __ATOMIC_SEQ_CST)
#endif

THREAD(t0)
{
	INC();
}

THREAD(t1)
{
	INC();
}

THREAD(t2)
{
	INC();
}
