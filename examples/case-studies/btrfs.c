/*@example
 * title: A hypothetical wait for a committed transaction
 * page: case-studies/btrfs
 * shows: A plain counter polled in a wait loop is loaded once (or the loop is deleted); the READ_ONCE helper makes every check a real load.
 * threads: t0 t1
 * variants: plain fixed
 * outcome: r1
 * cflags: -std=gnu11
 * evidence.plain: loads_in_loop(t1, last_trans_committed) == 0 && loads(t1, last_trans_committed) >= 1
 * evidence.fixed: loads_in_loop(t1, last_trans_committed) >= 1
 * evidence-on: any/any/O1,O2,O3,Os
 * transformation: load-fusing
 * expect.fixed: unreachable: r1 < 5
 * expect.fixed: unreachable: hang(t1)
 * expect.plain: reachable: done && r1 == 5
 * expect.plain: reachable: hang(t1)
 * goal.plain: make t1 wait forever for a transaction that t0 has committed: hang(t1)
 */
#include "course.h"

/* The fields of the four 2023 Btrfs commits, with the types their diffs show. Only
 * last_trans_committed is used below; these declarations record the others' types. */
typedef unsigned long long u64;
struct btrfs_fs_info_fields {
	u64 generation;			/* 4a4f8fe2b023 */
	u64 last_trans_committed;	/* 0124855ff18b */
};
struct btrfs_root_fields {
	int log_transid;		/* 6008859b6c6e */
	int last_log_commit;		/* f98507879699 */
};

/* t0 commits transaction 5. t1 waits until transaction 5 is committed, then records the
 * counter it sees. The helpers are the shape of the 2023 Btrfs commits; the wait loop is
 * hypothetical: Btrfs reads these fields once per check, and the commits call the races
 * harmless. The loop shows what fusing would do to a plain getter if one were polled.
 * The counter is an unsigned long, one machine word on every target and in the explorer
 * (the kernel's u64 is two words on 32-bit targets), so the example shows fusing, not tearing. */
SHARED(unsigned long, last_trans_committed);
OBSERVED(unsigned long, r1);

#if PLAIN
static inline __attribute__((always_inline)) unsigned long get_last_trans_committed(void)
{
	return last_trans_committed;		/* BUGGY: a plain racing load */
}

static inline __attribute__((always_inline)) void set_last_trans_committed(unsigned long gen)
{
	last_trans_committed = gen;		/* BUGGY: a plain racing store */
}
#elif FIXED
static inline __attribute__((always_inline)) unsigned long get_last_trans_committed(void)
{
	return READ_ONCE(last_trans_committed);
}

static inline __attribute__((always_inline)) void set_last_trans_committed(unsigned long gen)
{
	WRITE_ONCE(last_trans_committed, gen);
}
#endif

THREAD(t0)
{
	set_last_trans_committed(5);
}

THREAD(t1)
{
	while (get_last_trans_committed() < 5)
		continue;
	r1 = READ_ONCE(last_trans_committed);
}
