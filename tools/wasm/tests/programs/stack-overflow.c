/*@example
 * title: A thread whose stack frame is larger than its stack
 * page: none
 * shows: An 80 KB local array does not fit in a thread's 64 KiB stack: a crash, never another thread's memory.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: r0 r1
 * expect.plain: reachable: crash(t0)
 * expect.plain: unreachable: !crash
 * expect.fixed: unreachable: crash
 * expect.fixed: unreachable: r0 != 20000 || r1 != 4950
 */
#include "course.h"

SHARED(int, s);
OBSERVED(int, r0);
OBSERVED(int, r1);

#if PLAIN
#define N 20000 /* 80 KB */
#else
#define N 10000 /* 40 KB */
#endif

__attribute__((noinline)) static int big_frame(void)
{
	volatile int buf[N];
	int i, sum = 0;

	for (i = 0; i < N; i++)
		buf[i] = 1;
	WRITE_ONCE(s, 1);
	for (i = 0; i < N; i++)
		sum += buf[i];
	return sum * (20000 / N);
}

__attribute__((noinline)) static int small_frame(void)
{
	volatile int buf[100];
	int i, sum = 0;

	for (i = 0; i < 100; i++)
		buf[i] = i;
	WRITE_ONCE(s, 2);
	for (i = 0; i < 100; i++)
		sum += buf[i];
	return sum;
}

THREAD(t0)
{
	r0 = big_frame();
}

THREAD(t1)
{
	r1 = small_frame();
}
