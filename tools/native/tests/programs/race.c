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

THREAD(check_flag)
{
	BUG_ON(READ_ONCE(flag) == 0);
}

/* The invented-loads pattern: three loads of gp, the last one maybe NULL; some compilers put the
 * trap at the end of the function with no line of its own. */
int area[4] = { 5, 7, 9, 11 };
SHARED_INIT(int *, gp, &area[1]);

static inline void use_area(int *p)
{
	BUG_ON(p == 0);
	r1 = *p;
}

THREAD(check_ptr)
{
	if (READ_ONCE(gp) != 0 && (unsigned long)READ_ONCE(gp) < (unsigned long)&area[4])
		use_area(READ_ONCE(gp));
}

THREAD(clear_ptr)
{
	WRITE_ONCE(gp, 0);
}

/* A handshake: each thread alone would wait forever, together they always finish. */
THREAD(handshake0)
{
	WRITE_ONCE(flag, 1);
	while (!READ_ONCE(counter))
		continue;
	r1 = 1;
}

THREAD(handshake1)
{
	while (!READ_ONCE(flag))
		continue;
	WRITE_ONCE(counter, 1);
}
