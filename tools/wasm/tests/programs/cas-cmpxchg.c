/*@example
 * title: Compare-and-swap lock
 * page: none
 * shows: cmpxchg is a scheduling point: only one thread takes the lock.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: owner got0 got1
 * expect.plain: unreachable: got0 == 1 && got1 == 1
 * expect.plain: reachable: got0 == 1 && owner == 1
 * expect.fixed: unreachable: got0 == 1 && got1 == 1
 * expect.fixed: reachable: owner == 2
 */
#include "course.h"

SHARED(int, lock);
SHARED(long long, owner);
OBSERVED(int, got0);
OBSERVED(int, got1);

static int try_lock(void)
{
	int expected = 0;
	return __atomic_compare_exchange_n(&lock, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

THREAD(t0)
{
	got0 = try_lock();
	if (got0)
		__atomic_store_n(&owner, 1, __ATOMIC_RELEASE);
}

THREAD(t1)
{
#if FIXED
	long long prev = __atomic_exchange_n(&owner, 0, __ATOMIC_SEQ_CST);
	(void)prev;
#endif
	got1 = try_lock();
	if (got1)
		__atomic_fetch_add(&owner, 2, __ATOMIC_SEQ_CST);
}
