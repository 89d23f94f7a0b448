/*
 * test_targets.c - the same model on the code real compilers write: tests/programs/race.c
 * built by every target of examples/targets.conf at -O2. A non-locked increment loses an
 * update on every target; a locked one, a sequentially consistent one and a CAS loop never do;
 * a polling loop is woken by the store it waits for.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char names[16][64], arches[16][16];
static int ntargets;

static void expect_all(const char *threads, const char *outcome, const char *want)
{
	assert_true(ntargets >= 1);
	for (int i = 0; i < ntargets; i++) {
		char *obj = test_obj("race", names[i]);
		json_t *r = test_run(obj, arches[i], threads, outcome, 0);
		char *keys = test_keys(r);
		if (strcmp(keys, want))
			fail_msg("%s: %s: outcomes\n   %s\nexpected\n   %s", names[i], threads, keys, want);
		free(keys);
		free(obj);
		json_decref(r);
	}
}

static void test_plain_loses(void **state)
{
	(void)state;
	expect_all("inc_plain,inc_plain", "counter", "counter=1 | counter=2");
}

static void test_atomic_never_loses(void **state)
{
	(void)state;
	expect_all("inc_locked,inc_locked", "counter", "counter=2");
	expect_all("inc_seq_cst,inc_seq_cst,inc_seq_cst", "counter", "counter=3");
	expect_all("inc_cas,inc_cas", "counter", "counter=2");
}

static void test_polling(void **state)
{
	(void)state;
	expect_all("wait_flag,set_flag", "r1 flag", "r1=1 flag=1");
	expect_all("wait_flag,inc_plain", "r1 flag", "r1=0 flag=0; wait_flag does not terminate");
}

int main(void)
{
	ntargets = test_targets(names, arches, 16);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_loses),
		cmocka_unit_test(test_atomic_never_loses),
		cmocka_unit_test(test_polling),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
