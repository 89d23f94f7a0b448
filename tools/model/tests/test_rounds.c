/* test_rounds.c - mm_rounds, the read values' fixpoint every producer runs (model.h): the stops (a
 * fixpoint, the bound, the reads bound), the inputs (the others' writes, the own ones, the base), the
 * partial ends (max_rounds, a check, a thread's partial paths) and skipping a thread whose input did
 * not grow. The producer here: each thread reads x once per path and writes x's value plus inc. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"

#define X 8
#define MAXP 64

struct producer {
	int inc[2];
	int runs[2];	      /* how many times each thread ran */
	int cut;	      /* the runs say partial */
	uint64_t last_max[2]; /* the largest value thread t was given in its last run */
	struct mm_event ev[2][MAXP][2];
	struct mm_trace tr[2][MAXP];
};

static int run(void *ctx, int t, const struct mm_values *in, struct mm_round_paths *out)
{
	struct producer *p = ctx;
	const struct mm_valset *xs = mm_values_get(in, X);
	int n = 0;
	p->runs[t]++;
	p->last_max[t] = 0;
	for (int i = 0; xs && i < xs->n && n < MAXP; i++, n++) {
		uint64_t v = xs->v[i];
		p->last_max[t] = v > p->last_max[t] ? v : p->last_max[t];
		p->ev[t][n][0] = (struct mm_event){
			.kind = MM_R, .addr = X, .size = 4, .value = v, .rmw = -1
		};
		p->ev[t][n][1] = (struct mm_event){ .kind = MM_W,
						    .addr = X,
						    .size = 4,
						    .value = v + (uint64_t)p->inc[t],
						    .rmw = -1 };
		p->tr[t][n] = (struct mm_trace){ p->ev[t][n], 2, 0, NULL, NULL };
	}
	*out = (struct mm_round_paths){ p->tr[t], n, p->cut, p->cut ? "cut" : NULL };
	return 0;
}

static struct mm_values base0(void)
{
	struct mm_values b = { 0 };
	mm_values_add(&b, X, 0);
	return b;
}

static void reads_bound_stops_a_growing_chain(void **state)
{
	(void)state;
	struct producer p = { .inc = { 1, 1 } };
	struct mm_values b = base0();
	struct mm_rounds_opts o = { .base = &b };
	struct mm_rounds r;
	assert_int_equal(mm_rounds(2, run, &p, &o, &r), 0);
	/* one read per path, two threads: the values still grow, the chain bound stops after round 3 */
	assert_int_equal(r.rounds, 3);
	assert_false(r.partial);
	assert_int_equal(p.last_max[0], 2); /* 0, then 1 (t1's), then 2 (t1's 1 + 1) */
	mm_values_free(&b);
}

static void fixed_bound_and_own_writes(void **state)
{
	(void)state;
	struct producer p = { .inc = { 1, 1 } };
	struct mm_values b = base0();
	struct mm_rounds_opts o = { .base = &b, .own_writes = 1, .bound = 4 };
	struct mm_rounds r;
	assert_int_equal(mm_rounds(1, run, &p, &o, &r), 0);
	assert_int_equal(r.rounds, 5);
	assert_int_equal(p.last_max[0],
			 4); /* one thread reading its own writes: one more each round */
	struct producer q = { .inc = { 1, 1 } };
	struct mm_rounds_opts oq = { .base = &b, .bound = 4 };
	assert_int_equal(mm_rounds(1, run, &q, &oq, &r), 0);
	assert_int_equal(r.rounds, 2); /* without them: nothing new to read */
	assert_int_equal(q.last_max[0], 0);
	mm_values_free(&b);
}

static void a_fixpoint_stops_and_unchanged_inputs_are_not_run_again(void **state)
{
	(void)state;
	struct mm_values b = base0();
	struct mm_rounds r;
	struct producer p = { .inc = { 0,
				       0 } }; /* writes what it read: nothing new after round 1 */
	struct mm_rounds_opts o = { .base = &b, .bound = 100 };
	assert_int_equal(mm_rounds(2, run, &p, &o, &r), 0);
	assert_int_equal(r.rounds, 2);
	assert_false(r.partial);
	assert_int_equal(p.runs[0], 1);
	assert_int_equal(p.runs[1], 1);
	/* t0 adds 1, t1 copies: each runs only in the rounds after the other wrote something new */
	struct producer q = { .inc = { 1, 0 } };
	struct mm_rounds_opts oq = { .base = &b };
	assert_int_equal(mm_rounds(2, run, &q, &oq, &r), 0);
	assert_int_equal(r.rounds, 3);
	assert_int_equal(q.runs[0], 2); /* rounds 1 and 3 */
	assert_int_equal(q.runs[1], 2); /* rounds 1 and 2 */
	assert_int_equal(q.last_max[0], 1);
	mm_values_free(&b);
}

static const char *over_three(void *ctx, const struct mm_values *all)
{
	(void)ctx;
	const struct mm_valset *xs = mm_values_get(all, X);
	return xs && xs->n > 3 ? "more than three values" : NULL;
}

static void partial_ends(void **state)
{
	(void)state;
	struct mm_values b = base0();
	struct mm_rounds r;
	struct producer p1 = { .inc = { 1, 1 } };
	struct mm_rounds_opts o1 = {
		.base = &b, .bound = 100, .max_rounds = 2, .max_rounds_why = "rounds"
	};
	assert_int_equal(mm_rounds(2, run, &p1, &o1, &r), 0);
	assert_true(r.partial);
	assert_string_equal(r.why, "rounds");
	assert_int_equal(r.rounds, 2);
	struct producer p2 = { .inc = { 1, 1 } };
	struct mm_rounds_opts o2 = {
		.base = &b, .own_writes = 1, .bound = 100, .check = over_three
	};
	assert_int_equal(mm_rounds(2, run, &p2, &o2, &r), 0);
	assert_true(r.partial);
	assert_string_equal(r.why, "more than three values");
	struct producer p3 = { .inc = { 1, 1 }, .cut = 1 };
	struct mm_rounds_opts o3 = { .base = &b, .bound = 100, .stop_on_partial = 1 };
	assert_int_equal(mm_rounds(2, run, &p3, &o3, &r), 0);
	assert_int_equal(r.rounds, 1);
	assert_string_equal(r.why, "cut");
	struct producer p4 = { .inc = { 1, 1 }, .cut = 1 };
	struct mm_rounds_opts o4 = { .base = &b };
	assert_int_equal(mm_rounds(2, run, &p4, &o4, &r), 0);
	assert_int_equal(r.rounds, 3); /* noted at the end only */
	assert_string_equal(r.why, "cut");
	assert_int_equal(mm_rounds(MM_ROUNDS_MAX_THREADS + 1, run, &p4, &o4, &r), -1);
	mm_values_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_bound_stops_a_growing_chain),
		cmocka_unit_test(fixed_bound_and_own_writes),
		cmocka_unit_test(a_fixpoint_stops_and_unchanged_inputs_are_not_run_again),
		cmocka_unit_test(partial_ends),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
