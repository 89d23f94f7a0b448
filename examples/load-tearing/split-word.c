/*@example
 * title: A 32-bit word read as two halves
 * page: load-tearing
 * shows: If one load is split into two 16-bit loads, a reader can see a value that no thread ever stored.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 word
 * cflags: -std=gnu11
 * cflags.transformed: -fno-strict-aliasing
 * evidence.plain: loads(t1, word) >= 2 && min_width(t1, word) < 4
 * evidence.fixed: loads(t1, word) <= 1
 * evidence.transformed: loads(t1, word) == 2 && max_width(t1, word) == 2
 * evidence-on: none
 * expect.plain: unreachable: r1 != 65537 && r1 != 131074
 * expect.fixed: unreachable: r1 != 65537 && r1 != 131074
 * expect.transformed: reachable: r1 == 65538 || r1 == 131073
 * expect.fixed: reachable: r1 == 65537 || r1 == 131074
 * expect.transformed: reachable: r1 == 65537
 * expect.transformed: reachable: r1 == 131074
 * goal.transformed: make t1 read a value that no thread ever stored: r1 == 65538 || r1 == 131073
 */
#include "course.h"

/* word packs a generation (high half) and an index (low half): 0x00010001 = 65537 at first.
 * t0 moves both halves on at once to 0x00020002 = 131074. t1 reads the word once. */
SHARED_INIT(uint32_t, word, 65537);
OBSERVED(uint32_t, r1);

THREAD(t0)
{
	WRITE_ONCE(word, 131074);
}

THREAD(t1)
{
#if PLAIN
	r1 = word;		/* BUGGY: nothing promises a single load */
#elif FIXED
	r1 = READ_ONCE(word);
#elif TRANSFORMED
	/* The torn load: two 16-bit loads, low half first (every target here is little-endian). */
	uint32_t lo = ((volatile uint16_t *)&word)[0];
	uint32_t hi = ((volatile uint16_t *)&word)[1];
	r1 = lo | (hi << 16);
#endif
}
