/*@example
 * title: A shutdown handshake
 * page: store-fusing
 * shows: The first store to status is fused with the second, and the waits around it can vanish, so the handshake never happens.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 status other_task_ready
 * cflags: -std=gnu11
 * evidence.plain: stores(t0, status) == 1
 * evidence.fixed: stores(t0, status) == 2 && loads_in_loop(t0, other_task_ready) >= 1 && loads_in_loop(t1, status) >= 1
 * evidence.transformed: stores(t0, status) == 1 && loads(t0, other_task_ready) == 0 && loads_in_loop(t1, status) == 0
 * evidence-on: gcc-12/any/O1,O2,O3,Os clang-14,clang-19,clang-22/any/O2,O3,Os
 * expect.plain: unreachable: r1 == 1
 * expect.plain: reachable: hang(t1)
 * expect.plain: unreachable: done
 * expect.plain: unreachable: done && r1 == 0
 * expect.fixed: reachable: r1 == 1
 * expect.fixed: unreachable: done && r1 == 0
 * expect.fixed: unreachable: hang(t0) || hang(t1)
 * expect.transformed: unreachable: r1 == 1
 * expect.transformed: reachable: hang(t1)
 * goal.plain: make t1 wait forever for the shutdown that t0 announced: hang(t1)
 */
#include "course.h"

/* t0 announces a shutdown, waits until t1 has noticed, then finishes it. t1 works until it sees
 * the announcement, then tells t0 it is ready and records the status it sees afterwards. */
#define SHUTTING_DOWN 1
#define SHUT_DOWN 2

SHARED(int, status);
SHARED(int, other_task_ready);
OBSERVED(int, r1);

THREAD(t0)
{
#if PLAIN
	status = SHUTTING_DOWN;		/* BUGGY: may be fused with the later store */
	while (!other_task_ready)	/* BUGGY */
		continue;
	status = SHUT_DOWN;
#elif FIXED
	WRITE_ONCE(status, SHUTTING_DOWN);
	while (!READ_ONCE(other_task_ready))
		continue;
	WRITE_ONCE(status, SHUT_DOWN);
#elif TRANSFORMED
	/* clang under C11: the wait has no side effect, so it is deleted; the first store is then
	 * dead, and the second one has moved up to where the wait was. */
	WRITE_ONCE(status, SHUT_DOWN);
#endif
}

THREAD(t1)
{
#if PLAIN
	while (status != SHUTTING_DOWN)	/* BUGGY */
		continue;
	other_task_ready = 1;		/* BUGGY: may move before the loop */
#elif FIXED
	while (READ_ONCE(status) != SHUTTING_DOWN)
		continue;
	WRITE_ONCE(other_task_ready, 1);
#elif TRANSFORMED
	/* clang keeps this wait but loads status once: if it was not SHUTTING_DOWN then, t1 spins
	 * forever, and since t0 now only ever stores SHUT_DOWN, that is every time. */
	if (READ_ONCE(status) != SHUTTING_DOWN)
		for (;;)
			barrier();
	WRITE_ONCE(other_task_ready, 1);
#endif
	r1 = READ_ONCE(status);
}
