/*@example
 * title: Binding a socket: members first, then the state
 * page: case-studies/af-xdp
 * shows: A reader that trusts a "bound" state must see the members assigned before it, which needs marked stores and a write/read barrier pair.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r0 r1
 * cflags: -std=gnu11
 * evidence.plain: stores(t0, queue_id) == 1 && stores(t0, state) == 1 && stored_before(t0, state, queue_id)
 * evidence.fixed: stores(t0, queue_id) == 1 && stores(t0, state) == 1 && stored_before(t0, queue_id, state)
 * evidence.transformed: stores(t0, queue_id) == 1 && stores(t0, state) == 1 && stored_before(t0, state, queue_id)
 * evidence-on: none
 * transformation: code-reordering
 * expect.fixed: unreachable: r0 == 1 && r1 != 7
 * expect.fixed: reachable: r0 == 1 && r1 == 7
 * expect.transformed: reachable: r0 == 1 && r1 != 7
 * expect.transformed: reachable: r0 == 1 && r1 == 7
 * expect.transformed: reachable: r0 == 0
 * expect-tso.fixed: unreachable: r0 == 1 && r1 != 7
 * expect-tso.fixed: reachable: r0 == 1 && r1 == 7
 * expect-tso.transformed: reachable: r0 == 1 && r1 != 7
 * expect-armv8.plain: reachable: r0 == 1 && r1 != 7
 * expect-armv8.fixed: unreachable: r0 == 1 && r1 != 7
 * expect-armv8.fixed: reachable: r0 == 1 && r1 == 7
 * expect-armv8.transformed: reachable: r0 == 1 && r1 != 7
 * goal.plain: make t1 see the socket bound and use a queue id that was never set: r0 == 1 && r1 != 7
 */
#include "course.h"

/* t0 plays bind(): it assigns a member (the queue id), then marks the socket bound.
 * t1 plays a send path that runs without the control mutex: it uses the member only if the
 * socket is bound. */
#define XSK_BOUND 1

SHARED(int, queue_id);
SHARED(int, state);
OBSERVED(int, r0);	/* the reader saw the socket bound */
OBSERVED(int, r1);	/* the queue id it then used */

THREAD(t0)
{
#if PLAIN
	queue_id = 7;			/* BUGGY: plain, and not ordered before the state */
	state = XSK_BOUND;
#elif FIXED
	WRITE_ONCE(queue_id, 7);
	smp_wmb();			/* members before the state */
	WRITE_ONCE(state, XSK_BOUND);
#elif TRANSFORMED
	/* The two stores in the other order, as nothing in the plain code forbids. */
	WRITE_ONCE(state, XSK_BOUND);
	WRITE_ONCE(queue_id, 7);
#endif
}

THREAD(t1)
{
#if PLAIN
	r0 = state == XSK_BOUND;	/* BUGGY */
	if (r0)
		r1 = queue_id;
#elif FIXED
	r0 = READ_ONCE(state) == XSK_BOUND;
	if (r0) {
		smp_rmb();		/* pairs with the smp_wmb() in t0 */
		r1 = READ_ONCE(queue_id);
	}
#elif TRANSFORMED
	r0 = READ_ONCE(state) == XSK_BOUND;
	if (r0)
		r1 = READ_ONCE(queue_id);
#endif
}
