/* test_explain.c - mm_unordered (model.h): the program-order pairs an allowed execution contradicts
 * that the model leaves unordered. MP with plain accesses: the reader's two loads and the writer's
 * two stores, both; with DMB ISHST on the writer only the loads; under SC, and for an execution SC
 * allows, none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shapes.h"

struct want {
	enum mm_model_id m;
	int n;		     /* pairs expected for the execution reading y=1, x=0 */
	struct mm_pair p[4]; /* in the order mm_unordered lists them */
	int seen;
};

/* The reader's trace is fixed (Ry=1; Rx=0); check each allowed execution (one here). */
static int check(const struct mm_exec *x, void *ctx)
{
	struct want *w = ctx;
	struct mm_pair *p;
	char *err = NULL;
	int n = mm_unordered(w->m, x, NULL, 0, &p, &err);
	assert_null(err);
	assert_int_equal(n, w->n);
	for (int i = 0; i < n; i++) {
		assert_int_equal(p[i].thread, w->p[i].thread);
		assert_int_equal(p[i].from, w->p[i].from);
		assert_int_equal(p[i].to, w->p[i].to);
	}
	free(p);
	w->seen++;
	return 0;
}

static void run(const char *writer, const char *reader, struct want *w)
{
	struct mm_trace t[2] = { shape_trace(writer), shape_trace(reader) };
	struct mm_thread th[2] = { { &t[0], 1 }, { &t[1], 1 } };
	struct mm_problem p = { .model = w->m, .nthreads = 2, .threads = th };
	struct mm_stats st;
	char *err = NULL;
	assert_int_equal(mm_enumerate(&p, check, w, &st, &err), 0);
	shape_free(&t[0]), shape_free(&t[1]);
}

static void test_mp_plain(void **state)
{
	(void)state;
	struct want w = { MM_ARMV8, 2, { { 0, 0, 1 }, { 1, 0, 1 } }, 0 };
	run("Wx=1; Wy=1", "Ry=1; Rx=0", &w);
	assert_int_equal(w.seen, 1);
}

static void test_mp_dmbst(void **state)
{
	(void)state;
	/* the writer's stores are ordered (bob: DMB ISHST), so only the reader's pair is missing */
	struct want w = { MM_ARMV8, 1, { { 1, 0, 1 } }, 0 };
	run("Wx=1; Fst; Wy=1", "Ry=1; Rx=0", &w);
	assert_int_equal(w.seen, 1);
}

static void test_sc_none(void **state)
{
	(void)state;
	/* an SC execution contradicts no program order: y=1 then x=1 read */
	struct want w = { MM_ARMV8, 0, { { 0 } }, 0 };
	run("Wx=1; Wy=1", "Ry=1; Rx=1", &w);
	assert_int_equal(w.seen, 1);
	struct want s = { MM_SC, 0, { { 0 } }, 0 };
	run("Wx=1; Wy=1", "Ry=0; Rx=0", &s);
	assert_int_equal(s.seen, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mp_plain),
		cmocka_unit_test(test_mp_dmbst),
		cmocka_unit_test(test_sc_none),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
