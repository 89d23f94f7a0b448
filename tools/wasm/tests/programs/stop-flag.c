/*@example
 * title: A polling loop the compiler hoists
 * page: none
 * shows: Without READ_ONCE the flag is loaded once and the loop never sees the store.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: r1 stop
 * cflags: -std=gnu89
 * expect.plain: reachable: hang(t1)
 * expect.plain: reachable: done && r1 == 1
 * expect.fixed: unreachable: hang(t1)
 * expect.fixed: reachable: r1 == 1 && stop == 1
 * expect.fixed: unreachable: !done
 */
#include "course.h"

SHARED(int, stop);
OBSERVED(int, r1);

THREAD(t0)
{
	stop = 1;
}

THREAD(t1)
{
#if PLAIN
	while (!stop)
		;
#else
	while (!READ_ONCE(stop))
		;
#endif
	r1 = 1;
}
