/* test_enumerate.c - mm_enumerate's contract (model.h): what an execution hands back (chosen traces,
 * rf, co, co-final values), the counts, stopping, the budget (of candidates and of the locations'
 * search), partial traces, the refusals (mixed
 * sizes, bad dependency and rmw indices), the model names and the value sets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shapes.h"

#define X ((uint64_t)'x' * 8)
#define Y ((uint64_t)'y' * 8)

struct seen {
	int n;
	struct mm_exec last;
	struct mm_ref rf_last[4];
	uint64_t final_x;
	int stop_after;
	int partial;
};

static int record(const struct mm_exec *x, void *ctx)
{
	struct seen *s = ctx;
	s->n++;
	s->partial |= x->partial;
	for (int l = 0; l < x->nlocs; l++)
		if (x->locs[l].addr == X)
			s->final_x = x->locs[l].final;
	return s->stop_after && s->n >= s->stop_after;
}

static int run(enum mm_model_id m, struct mm_thread *th, int n, struct mm_stats *st, struct seen *s,
	       char **err)
{
	struct mm_problem p = { .model = m, .nthreads = n, .threads = th };
	return mm_enumerate(&p, record, s, st, err);
}

/* One writer, one reader given 1: the read takes the write (rfe), co is init then the write. */
static int check_rf(const struct mm_exec *x, void *ctx)
{
	(void)ctx;
	assert_int_equal(x->nthreads, 2);
	assert_int_equal(x->path[1], 0);
	assert_int_equal(x->rf[1][0].thread, 0);
	assert_int_equal(x->rf[1][0].index, 0);
	assert_int_equal(x->rf[0][0].index, -1); /* not a read */
	assert_int_equal(x->nlocs, 1);
	assert_int_equal(x->locs[0].nco, 1);
	assert_int_equal(x->locs[0].co[0].thread, 0);
	assert_int_equal(x->locs[0].final, 1);
	assert_int_equal(x->locs[0].init, 0);
	assert_string_equal((const char *)x->trace[1]->final, "reader");
	return 0;
}

static void test_exec_contents(void **state)
{
	(void)state;
	struct mm_trace w = shape_trace("Wx=1"), r = shape_trace("Rx=1");
	r.final = "reader";
	struct mm_thread th[] = { { &w, 1 }, { &r, 1 } };
	struct mm_problem p = { .model = MM_ARMV8, .nthreads = 2, .threads = th };
	struct mm_stats st;
	char *err;
	assert_int_equal(mm_enumerate(&p, check_rf, NULL, &st, &err), 0);
	assert_int_equal(st.allowed, 1);
	assert_int_equal(st.checked, 1);
	assert_int_equal(st.combos, 1);
	shape_free(&w), shape_free(&r);
}

/* MP's reader with its four paths (each pair of values): SC allows three, Armv8 all four. */
static void test_alternatives(void **state)
{
	(void)state;
	struct mm_trace w = shape_trace("Wx=1; Wy=1");
	struct mm_trace rd[4] = { shape_trace("Ry=0; Rx=0"), shape_trace("Ry=0; Rx=1"),
				  shape_trace("Ry=1; Rx=0"), shape_trace("Ry=1; Rx=1") };
	struct mm_thread th[] = { { &w, 1 }, { rd, 4 } };
	struct mm_stats st;
	struct seen s = { 0 };
	char *err;
	assert_int_equal(run(MM_SC, th, 2, &st, &s, &err), 0);
	assert_int_equal(st.combos, 4);
	assert_int_equal(st.allowed, 3);
	memset(&s, 0, sizeof s);
	assert_int_equal(run(MM_ARMV8, th, 2, &st, &s, &err), 0);
	assert_int_equal(st.allowed, 4);
	assert_int_equal(s.n, 4);
	assert_false(st.partial);
	shape_free(&w);
	for (int i = 0; i < 4; i++)
		shape_free(&rd[i]);
}

/* 2+2W: co of x and y each have two orders; every one of the four is allowed on Armv8. */
static void test_co_orders(void **state)
{
	(void)state;
	struct mm_trace a = shape_trace("Wx=1; Wy=2"), b = shape_trace("Wy=1; Wx=2");
	struct mm_thread th[] = { { &a, 1 }, { &b, 1 } };
	struct mm_stats st;
	struct seen s = { 0 };
	char *err;
	assert_int_equal(run(MM_ARMV8, th, 2, &st, &s, &err), 0);
	assert_int_equal(st.checked, 4);
	assert_int_equal(st.allowed, 4);
	assert_int_equal(run(MM_SC, th, 2, &st, &s, &err), 0);
	assert_int_equal(st.allowed, 3);
	shape_free(&a), shape_free(&b);
}

static void test_stop_and_budget(void **state)
{
	(void)state;
	struct mm_trace a = shape_trace("Wx=1; Wy=2"), b = shape_trace("Wy=1; Wx=2");
	struct mm_thread th[] = { { &a, 1 }, { &b, 1 } };
	struct mm_stats st;
	struct seen s = { .stop_after = 2 };
	char *err;
	assert_int_equal(run(MM_ARMV8, th, 2, &st, &s, &err), 0);
	assert_int_equal(s.n, 2);
	assert_true(st.stopped);
	assert_false(st.partial);
	struct mm_problem p = { .model = MM_ARMV8, .nthreads = 2, .threads = th, .max_checked = 3 };
	memset(&s, 0, sizeof s);
	assert_int_equal(mm_enumerate(&p, record, &s, &st, &err), 0);
	assert_int_equal(st.checked, 3);
	assert_true(st.partial);
	assert_non_null(strstr(st.why, "max_checked"));
	shape_free(&a), shape_free(&b);
}

/* The search for a location's candidates is under the budget too: two threads' nine writes each have
 * C(18, 9) = 48620 coherence orders, none of which a read of a value nobody writes can take, so no
 * candidate execution is ever checked; the run stops partial at the budget, naming it. */
static void test_location_budget(void **state)
{
	(void)state;
	struct mm_trace a = shape_trace("Wx=1; Wx=1; Wx=1; Wx=1; Wx=1; Wx=1; Wx=1; Wx=1; Wx=1"),
			b = shape_trace("Wx=2; Wx=2; Wx=2; Wx=2; Wx=2; Wx=2; Wx=2; Wx=2; Wx=2"),
			c = shape_trace("Rx=3");
	struct mm_thread th[] = { { &a, 1 }, { &b, 1 }, { &c, 1 } };
	struct mm_problem p = {
		.model = MM_ARMV8, .nthreads = 3, .threads = th, .max_searched = 1000
	};
	struct mm_stats st;
	struct seen s = { 0 };
	char *err;
	assert_int_equal(mm_enumerate(&p, record, &s, &st, &err), 0);
	assert_int_equal(st.checked, 0);
	assert_int_equal(s.n, 0);
	assert_true(st.partial);
	assert_non_null(strstr(st.why, "coherence orders (max_searched)"));
	shape_free(&a), shape_free(&b), shape_free(&c);
}

static void test_partial_trace(void **state)
{
	(void)state;
	struct mm_trace w = shape_trace("Wx=1"), r = shape_trace("Rx=1");
	r.partial = 1, r.why = "the loop bound (4 iterations)";
	struct mm_thread th[] = { { &w, 1 }, { &r, 1 } };
	struct mm_stats st;
	struct seen s = { 0 };
	char *err;
	assert_int_equal(run(MM_ARMV8, th, 2, &st, &s, &err), 0);
	assert_true(s.partial);
	assert_true(st.partial);
	assert_string_equal(st.why, "the loop bound (4 iterations)");
	shape_free(&w), shape_free(&r);
}

static void test_initial_values(void **state)
{
	(void)state;
	struct mm_trace r = shape_trace("Rx=5");
	struct mm_thread th[] = { { &r, 1 } };
	struct mm_init init[] = { { X, 8, 5 } };
	struct mm_problem p = {
		.model = MM_ARMV8, .nthreads = 1, .threads = th, .init = init, .ninit = 1
	};
	struct mm_stats st;
	struct seen s = { 0 };
	char *err;
	assert_int_equal(mm_enumerate(&p, record, &s, &st, &err), 0);
	assert_int_equal(st.allowed, 1);
	assert_int_equal(s.final_x, 5);
	p.ninit = 0; /* x starts at 0: the read of 5 has no write */
	assert_int_equal(mm_enumerate(&p, record, &s, &st, &err), 0);
	assert_int_equal(st.allowed, 0);
	shape_free(&r);
}

static void expect_refusal(struct mm_trace *a, struct mm_trace *b, const char *const *words)
{
	struct mm_thread th[] = { { a, 1 }, { b, 1 } };
	struct mm_stats st;
	struct seen s = { 0 };
	char *err = NULL;
	assert_int_equal(run(MM_ARMV8, th, b ? 2 : 1, &st, &s, &err), -1);
	assert_non_null(err);
	for (; *words; words++)
		if (!strstr(err, *words))
			fail_msg("'%s' lacks '%s'", err, *words);
	free(err);
}

static void test_mixed_size(void **state)
{
	(void)state;
	struct mm_trace a = shape_trace("Wx=1"), b = shape_trace("Rx=0");
	b.ev[0].addr = X + 4, b.ev[0].size = 4, b.ev[0].text = "ldr w0, [x1, #4]", b.ev[0].line = 7;
	static const char *const words[] = { "mixed-size",
					     "thread 0 event 0",
					     "thread 1 event 0",
					     "ldr w0, [x1, #4]",
					     "line 7",
					     "4 bytes",
					     NULL };
	expect_refusal(&a, &b, words);
	b.ev[0].addr = X; /* same address, other size */
	static const char *const same[] = { "mixed-size", "4 bytes", "8 bytes", NULL };
	expect_refusal(&a, &b, same);
	shape_free(&a), shape_free(&b);
}

static void test_bad_indices(void **state)
{
	(void)state;
	struct mm_trace a = shape_trace("Wx=1; Wy=1 data:0");
	static const char *const dep[] = { "thread 0 event 1", "data dependency on event 0", NULL };
	expect_refusal(&a, NULL, dep);
	shape_free(&a);
	struct mm_trace p = shape_trace("Wx=1; Wy=1 paddr:0");
	static const char *const pick[] = { "thread 0 event 1",
					    "pick address dependency on event 0", NULL };
	expect_refusal(&p, NULL, pick);
	shape_free(&p);
	struct mm_trace b = shape_trace("Rx=0 rmw; Wy=1");
	static const char *const rmw[] = { "thread 0 event 0", "rmw names event 1", NULL };
	expect_refusal(&b, NULL, rmw);
	shape_free(&b);
}

static void test_names(void **state)
{
	(void)state;
	enum mm_model_id m;
	for (int i = MM_SC; i <= MM_ARMV8_BROKEN_NOMCA; i++) {
		assert_int_equal(mm_model_parse(mm_model_name((enum mm_model_id)i), &m), 0);
		assert_int_equal(m, i);
	}
	assert_string_equal(mm_model_name(MM_ARMV8), "armv8");
	assert_int_equal(mm_model_parse("power", &m), -1);
}

static void test_values(void **state)
{
	(void)state;
	struct mm_values v = { 0 };
	assert_null(mm_values_get(&v, X));
	assert_int_equal(mm_values_add(&v, Y, 3), 1);
	assert_int_equal(mm_values_add(&v, X, 2), 1);
	assert_int_equal(mm_values_add(&v, X, 0), 1);
	assert_int_equal(mm_values_add(&v, X, 2), 0);
	const struct mm_valset *s = mm_values_get(&v, X);
	assert_int_equal(s->n, 2);
	assert_int_equal(s->v[0], 0);
	assert_int_equal(s->v[1], 2);
	assert_int_equal(v.sets[0].addr, X); /* sorted by address */
	mm_values_free(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exec_contents),	cmocka_unit_test(test_alternatives),
		cmocka_unit_test(test_co_orders),	cmocka_unit_test(test_stop_and_budget),
		cmocka_unit_test(test_location_budget), cmocka_unit_test(test_partial_trace),
		cmocka_unit_test(test_initial_values),	cmocka_unit_test(test_mixed_size),
		cmocka_unit_test(test_bad_indices),	cmocka_unit_test(test_names),
		cmocka_unit_test(test_values),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
