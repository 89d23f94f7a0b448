/*
 * test_targets.c - the same model on the code real compilers write: tests/programs/race.c
 * built by every target of examples/targets.conf at -O2. A non-locked increment loses an
 * update on every target; a locked one, a sequentially consistent one and a CAS loop never do;
 * a polling loop is woken by the store it waits for; a BUG_ON's trap is reported at its line,
 * wherever the compiler put the trap instruction.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
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
			fail_msg("%s: %s: outcomes\n   %s\nexpected\n   %s", names[i], threads,
				 keys, want);
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
	/* alone each would wait forever; a thread that will still write is not blocked */
	expect_all("handshake0,handshake1", "r1 counter", "r1=1 counter=1");
}

/* The line of race.c that holds text (read from the file, not written here). */
static int bug_on_line(const char *path, const char *text)
{
	FILE *f = fopen(path, "r");
	char buf[256];
	int n = 0, found = 0;
	while (f && fgets(buf, sizeof buf, f) && !found) {
		n++;
		if (strstr(buf, text))
			found = n;
	}
	if (f)
		fclose(f);
	return found;
}

static void test_bug_on_line(void **state)
{
	(void)state;
	const char *src = "tools/native/tests/programs/race.c";
	int line = bug_on_line(src, "BUG_ON(READ_ONCE");
	assert_true(line > 0);
	int inlined = bug_on_line(src, "BUG_ON(p == 0)");
	assert_true(inlined > 0);
	char want[160], want2[200];
	snprintf(want, sizeof want, "flag=0; crash in check_flag: BUG_ON at line %d | flag=1",
		 line);
	snprintf(want2, sizeof want2, "r1=0 | r1=0; crash in check_ptr: BUG_ON at line %d | r1=7",
		 inlined);
	for (int i = 0; i < ntargets; i++) {
		char *obj = test_obj("race", names[i]);
		json_t *r = test_run_src(obj, arches[i], "check_flag,set_flag", "flag", src);
		char *keys = test_keys(r);
		if (strcmp(keys, want))
			fail_msg("%s: outcomes\n   %s\nexpected\n   %s", names[i], keys, want);
		free(keys);
		json_decref(r);
		r = test_run_src(obj, arches[i], "check_ptr,clear_ptr", "r1", src);
		keys = test_keys(r);
		if (strcmp(keys, want2))
			fail_msg("%s: outcomes\n   %s\nexpected\n   %s", names[i], keys, want2);
		free(keys);
		free(obj);
		json_decref(r);
	}
}

int main(void)
{
	ntargets = test_targets(names, arches, 16);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_loses),
		cmocka_unit_test(test_atomic_never_loses),
		cmocka_unit_test(test_polling),
		cmocka_unit_test(test_bug_on_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
