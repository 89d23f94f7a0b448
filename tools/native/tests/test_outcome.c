/*
 * test_outcome.c - cmocka test of native-tool's outcome key (outcome_key: hung threads by bit,
 * named as the metadata names them, then the crash) on every case of the shared fixture
 * tests/fixtures/outcome-keys.json, a key longer than 4096 bytes among them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "outcome.h"
#include "outkey.h"
#include "tests/fixture.h" /* tools/lib/tests: a shared fixture's cases */

/* The key native-tool makes of one fixture case. */
static char *native_key(json_t *c)
{
	struct nmeta meta = { 0 };
	struct oview ov = { .meta = &meta };
	json_t *v, *crash = json_object_get(c, "crash");
	size_t i;
	json_array_foreach(json_object_get(c, "threads"), i, v)
		meta.threads[meta.nthreads++] = (char *)json_string_value(v);
	unsigned hang = 0;
	json_array_foreach(json_object_get(c, "hang"), i, v)
		for (int t = 0; t < meta.nthreads; t++)
			if (!strcmp(meta.threads[t], json_string_value(v)))
				hang |= 1u << t;
	struct buf values = { 0 };
	json_array_foreach(json_object_get(c, "values"), i, v)
		outkey_value(&values, json_string_value(json_array_get(v, 0)),
			     json_string_value(json_array_get(v, 1)));
	char *k = outcome_key(&ov, buf_str(&values), hang,
			      json_string_value(json_object_get(crash, "thread")),
			      json_string_value(json_object_get(crash, "message")));
	buf_free(&values);
	return k;
}

static void test_key_fixture(void **state)
{
	(void)state;
	json_t *cases = fixture_cases("tests/fixtures/outcome-keys.json"), *c;
	size_t i, longest = 0;
	json_array_foreach(cases, i, c) {
		assert_true(json_array_size(json_object_get(c, "threads")) <= MACHINE_MAX_THREADS);
		char *k = native_key(c);
		const char *want = json_string_value(json_object_get(c, "key"));
		if (strcmp(k, want))
			fail_msg("%s: \"%.200s\", expected \"%.200s\"",
				 json_string_value(json_object_get(c, "name")), k, want);
		longest = strlen(k) > longest ? strlen(k) : longest;
		free(k);
	}
	assert_true(i >= 10);
	assert_true(longest > 4096);
	json_decref(cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_fixture),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
