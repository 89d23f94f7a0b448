/* test_rel.c - the relation algebra (rel.h) on small hand-checked relations, and across the 64-bit
 * word boundary (130 events: three words a row). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "rel.h"

/* 0 -> 1 -> 2 */
static struct rel chain(int n)
{
	struct rel r = rel_new(n);
	rel_add(&r, 0, 1), rel_add(&r, 1, 2);
	return r;
}

static void test_seq_inverse_closure(void **state)
{
	(void)state;
	struct rel r = chain(4), s = rel_seq(&r, &r), inv = rel_inverse(&r);
	assert_true(rel_has(&s, 0, 2));
	assert_false(rel_has(&s, 0, 1));
	assert_true(rel_has(&inv, 2, 1) && rel_has(&inv, 1, 0) && !rel_has(&inv, 0, 1));
	rel_closure(&r);
	assert_true(rel_has(&r, 0, 2) && rel_has(&r, 0, 1) && !rel_has(&r, 2, 0));
	assert_true(rel_irreflexive(&r));
	rel_free(&r), rel_free(&s), rel_free(&inv);
}

static void test_union_inter_minus(void **state)
{
	(void)state;
	struct rel a = chain(3), b = rel_new(3);
	rel_add(&b, 1, 2), rel_add(&b, 2, 0);
	struct rel u = rel_copy(&a), i = rel_copy(&a), m = rel_copy(&a);
	rel_union(&u, &b), rel_inter(&i, &b), rel_minus(&m, &b);
	assert_true(rel_has(&u, 0, 1) && rel_has(&u, 2, 0));
	assert_true(rel_has(&i, 1, 2) && !rel_has(&i, 0, 1) && !rel_has(&i, 2, 0));
	assert_true(rel_has(&m, 0, 1) && !rel_has(&m, 1, 2));
	assert_false(rel_acyclic(&u)); /* 0 -> 1 -> 2 -> 0 */
	assert_true(rel_acyclic(&a));
	rel_clear(&u);
	assert_true(rel_empty(&u));
	rel_free(&a), rel_free(&b), rel_free(&u), rel_free(&i), rel_free(&m);
}

static void test_restrict_domain_range(void **state)
{
	(void)state;
	struct rel r = chain(3);
	struct set d = set_new(3), g = set_new(3);
	set_add(&d, 1), set_add(&g, 2);
	struct set dom = rel_domain(&r), rng = rel_range(&r);
	assert_true(set_has(&dom, 0) && set_has(&dom, 1) && !set_has(&dom, 2));
	assert_true(!set_has(&rng, 0) && set_has(&rng, 1) && set_has(&rng, 2));
	rel_restrict(&r, &d, &g); /* [1]; r; [2] */
	assert_true(rel_has(&r, 1, 2) && !rel_has(&r, 0, 1));
	set_union(&d, &g);
	assert_true(set_has(&d, 2));
	rel_free(&r), set_free(&d), set_free(&g), set_free(&dom), set_free(&rng);
}

/* Cycles through events of different words are found; a long acyclic chain is not a cycle. */
static void test_wide(void **state)
{
	(void)state;
	int n = 130;
	struct rel r = rel_new(n);
	for (int i = 0; i + 1 < n; i++)
		rel_add(&r, i, i + 1);
	assert_true(rel_acyclic(&r));
	rel_add(&r, 129, 3);
	assert_false(rel_acyclic(&r));
	struct rel c = rel_copy(&r);
	rel_closure(&c);
	assert_true(rel_has(&c, 70, 5) && rel_has(&c, 3, 3) && !rel_has(&c, 2, 1));
	assert_false(rel_irreflexive(&c));
	rel_free(&r), rel_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seq_inverse_closure),
		cmocka_unit_test(test_union_inter_minus),
		cmocka_unit_test(test_restrict_domain_range),
		cmocka_unit_test(test_wide),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
