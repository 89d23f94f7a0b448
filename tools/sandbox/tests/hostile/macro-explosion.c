/* HOSTILE: each macro doubles the one before: 2^40 tokens, a preprocessor that never ends
 * (its CPU-time limit or its output limit ends it, whichever a machine reaches first)
 * expect: TIMEOUT|OUTPUT at preprocess
 * leaks: no */
/*@example
 * title: Lab: stop the worker
 * page: labs/polling
 * shows: A worker polls a stop flag that another thread raises; make sure it notices.
 * threads: t0 t1
 * variants: student
 * outcome: r1 need_to_stop
 * cflags: -std=gnu11
 * evidence.student: loads_in_loop(t1, need_to_stop) >= 1
 * expect.student: unreachable: hang(t1)
 * expect.student: unreachable: done && r1 == 0
 * expect.student: reachable: done && r1 == 1
 * expect-armv8.student: unreachable: hang(t1)
 * expect-armv8.student: unreachable: done && r1 == 0
 * expect-armv8.student: reachable: done && r1 == 1
 */
#include "course.h"

SHARED(int, need_to_stop);
OBSERVED(int, r1);

THREAD(t0)
{
	WRITE_ONCE(need_to_stop, 1);
}

#define A0 need_to_stop +
#define A1 A0 A0
#define A2 A1 A1
#define A3 A2 A2
#define A4 A3 A3
#define A5 A4 A4
#define A6 A5 A5
#define A7 A6 A6
#define A8 A7 A7
#define A9 A8 A8
#define B0 A9 A9
#define B1 B0 B0
#define B2 B1 B1
#define B3 B2 B2
#define B4 B3 B3
#define B5 B4 B4
#define B6 B5 B5
#define B7 B6 B6
#define B8 B7 B7
#define B9 B8 B8
#define C0 B9 B9
#define C1 C0 C0
#define C2 C1 C1
#define C3 C2 C2
#define C4 C3 C3
#define C5 C4 C4
#define C6 C5 C5
#define C7 C6 C6
#define C8 C7 C7
#define C9 C8 C8
#define D0 C9 C9
int explode(void) { return D0 0; }
THREAD(t1)
{
	while (!READ_ONCE(need_to_stop))
		continue;
	r1 = READ_ONCE(need_to_stop);
}
