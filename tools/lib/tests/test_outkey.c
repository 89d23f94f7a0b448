/*
 * test_outkey.c - cmocka tests of tools/lib/outkey.c: every case of the shared fixture
 * tests/fixtures/outcome-keys.json (values, hung threads, a crash, each part alone or missing, a
 * key longer than 4096 bytes) gives the fixture's key, whole.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "outkey.h"

/* The key outkey makes of one fixture case. */
static char *key_of(json_t *c)
{
	struct buf values = { 0 };
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(c, "values"), i, v)
		outkey_value(&values, json_string_value(json_array_get(v, 0)),
			     json_string_value(json_array_get(v, 1)));
	json_t *hang = json_object_get(c, "hang"), *crash = json_object_get(c, "crash");
	const char *hung[16];
	int nhung = 0;
	json_array_foreach(hang, i, v)
		hung[nhung++] = json_string_value(v);
	char *k = outkey_make(buf_str(&values), hung, nhung,
			      json_string_value(json_object_get(crash, "thread")),
			      json_string_value(json_object_get(crash, "message")));
	buf_free(&values);
	return k;
}

static void test_fixture(void **state)
{
	(void)state;
	json_t *cases = fixture_cases("tests/fixtures/outcome-keys.json"), *c;
	size_t i, longest = 0;
	json_array_foreach(cases, i, c) {
		char *k = key_of(c);
		const char *want = json_string_value(json_object_get(c, "key"));
		if (strcmp(k, want))
			fail_msg("%s: \"%.200s\" (%zu bytes), expected \"%.200s\" (%zu bytes)",
				 json_string_value(json_object_get(c, "name")), k, strlen(k), want,
				 strlen(want));
		if (strlen(k) > longest)
			longest = strlen(k);
		free(k);
	}
	assert_true(longest > 4096); /* the fixture has a key longer than any old buffer */
	json_decref(cases);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
