/*@example
 * title: Calling through a protocol-ops pointer that may be swapped
 * page: case-studies/net-tls
 * shows: Two separate loads of a racing ops pointer can mix entries from two tables; one READ_ONCE into a local cannot.
 * threads: t0 t1
 * variants: plain fixed transformed
 * outcome: r1 r2
 * cflags: -std=gnu11
 * evidence.plain: loads(t1, sk_prot) >= 1 && loads(t1, sk_prot) <= 2
 * evidence.fixed: loads(t1, sk_prot) <= 1
 * evidence.transformed: loads(t1, sk_prot) == 2
 * expect.fixed: unreachable: r1 == 1 && r2 == 4
 * expect.fixed: unreachable: r1 == 3 && r2 == 2
 * expect.transformed: reachable: r1 == 1 && r2 == 4
 * expect.transformed: reachable: r1 == 1 && r2 == 2
 * expect.transformed: reachable: r1 == 3 && r2 == 4
 * goal.transformed: make t1 take op_a from the old table and op_b from the new one: r1 == 1 && r2 == 4
 */
#include "course.h"

/* sk_prot points at an ops table; t0 swaps in another one (as a psock tear-down restores the
 * original protocol). t1 reads two entries of "the" table. */
struct proto_ops_table {
	int op_a;
	int op_b;
};

const struct proto_ops_table table_a = { 1, 2 };
const struct proto_ops_table table_b = { 3, 4 };
SHARED_INIT(const struct proto_ops_table *, sk_prot, &table_a);
OBSERVED(int, r1);
OBSERVED(int, r2);

THREAD(t0)
{
	WRITE_ONCE(sk_prot, &table_b);
}

THREAD(t1)
{
#if PLAIN
	r1 = sk_prot->op_a;		/* BUGGY: two plain loads of a racing pointer */
	r2 = sk_prot->op_b;
#elif FIXED
	const struct proto_ops_table *ops = READ_ONCE(sk_prot);

	r1 = ops->op_a;
	r2 = ops->op_b;
#elif TRANSFORMED
	/* Each use loads the pointer again, as written or as an invented load would. */
	r1 = READ_ONCE(sk_prot)->op_a;
	r2 = READ_ONCE(sk_prot)->op_b;
#endif
}
