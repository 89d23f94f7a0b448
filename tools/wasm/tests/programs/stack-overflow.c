/*@example
 * title: A thread whose stack frames do not fit its stack
 * page: none
 * shows: An 80 KB local array, or recursion past 64 KiB, is a crash, never another thread's memory.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r0 r1
 * expect.plain: reachable: crash(t0)
 * expect.plain: unreachable: !crash
 * expect.fixed: unreachable: crash
 * expect.fixed: unreachable: r0 != 20000 || r1 != 4950
 * expect.transformed: reachable: crash(t0) && r1 == 4950
 * expect.transformed: unreachable: r1 != 0 && r1 != 4950
 */
#include "course.h"

SHARED(int, s);
OBSERVED(int, r0);
OBSERVED(int, r1);

#if TRANSFORMED
/* A function that calls nothing and needs at most 128 bytes keeps its stack pointer in a local
 * (the wasm "red zone"): at the bottom of the stack, its frame is below the stack while the
 * stack pointer global is not. */
__attribute__((noinline)) static int leaf(int n)
{
	volatile int a[28];
	int i, sum = 0;

	for (i = 0; i < 28; i++)
		a[i] = n + i;
	for (i = 0; i < 28; i++)
		sum += a[i];
	return sum;
}

__attribute__((noinline)) static int recurse(int n)
{
	volatile int pad[16];
	int i;

	for (i = 0; i < 16; i++)
		pad[i] = n;
	pad[0] = leaf(n);
	if (n == 0)
		return pad[0];
	return recurse(n - 1) + pad[0];
}

THREAD(t0)
{
	WRITE_ONCE(s, 1);
	r0 = recurse(100000);
}
#else
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

THREAD(t0)
{
	r0 = big_frame();
}
#endif

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

THREAD(t1)
{
	r1 = small_frame();
}
