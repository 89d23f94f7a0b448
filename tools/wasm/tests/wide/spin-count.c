/*@example
 * title: A lock taken by spinning on xchg, within a step bound or past it
 * page: none
 * shows: The memoised search matches states whose step counts differ only when the bound cannot tell them apart.
 * threads: t0 t1
 * variants: plain
 * outcome: a r1
 * expect.plain: reachable: hang(t1)
 * expect.plain: reachable: done && r1 == 1
 */
#include "course.h"

SHARED_INIT(int, l, 1);
SHARED(int, a);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(a, 1);
	WRITE_ONCE(a, 2);
	WRITE_ONCE(a, 3);
	smp_store_release(&l, 0);
}

THREAD(t1)
{
	while (__atomic_exchange_n(&l, 1, __ATOMIC_ACQUIRE))
		;
	WRITE_ONCE(a, 4);
	r1 = READ_ONCE(a) == 4;
}
