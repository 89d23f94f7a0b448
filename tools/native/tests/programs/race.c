/* race.c - thread functions compiled by every target of the matrix for test_targets.c: the
 * increments, a compare-and-swap loop and a polling loop as the compilers write them. */
#include "course.h"

SHARED(unsigned long long, big);
SHARED(int, counter);
SHARED(int, flag);
OBSERVED(int, r1);

THREAD(inc_plain)
{
	counter++;
}

THREAD(inc_locked)
{
	__atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
}

THREAD(inc_seq_cst)
{
	__atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
}

THREAD(inc_cas)
{
	int old = __atomic_load_n(&counter, __ATOMIC_RELAXED);

	while (!__atomic_compare_exchange_n(&counter, &old, old + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
		continue;
}

THREAD(set_flag)
{
	WRITE_ONCE(flag, 1);
}

THREAD(wait_flag)
{
	while (!READ_ONCE(flag))
		continue;
	r1 = 1;
}
