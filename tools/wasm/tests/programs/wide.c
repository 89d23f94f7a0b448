/*@example
 * title: A 64-bit value beyond 2^53
 * page: none
 * shows: Values wider than a double holds exactly are their decimal digits; hex shows a bit pattern in hexadecimal.
 * threads: t0 t1
 * variants: plain
 * outcome: big r1
 * hex: big
 * expect.plain: reachable: r1 == 0
 * expect.plain: reachable: big + 0 == big && r1 == big
 */
#include "course.h"

SHARED(uint64_t, big);
OBSERVED(uint64_t, r1);

THREAD(t0)
{
	WRITE_ONCE(big, 0x1234567812345678ull);
}

THREAD(t1)
{
	r1 = READ_ONCE(big);
}
