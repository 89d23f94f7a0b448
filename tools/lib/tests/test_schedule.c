/*
 * test_schedule.c - cmocka tests of tools/lib/schedule.c: every case of the shared fixture
 * tests/fixtures/schedules.json is accepted with the fixture's steps (each step's character
 * written back by sched_char), or refused at a character that is not a step of the program.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "fixture.h"
#include "schedule.h"

/* One accepted case: each character is the fixture's step, and sched_char writes it back. */
static void check_steps(const char *name, const char *s, json_t *steps)
{
	if (strlen(s) != json_array_size(steps))
		fail_msg("%s: %zu steps expected", name, json_array_size(steps));
	for (size_t i = 0; s[i]; i++) {
		json_t *st = json_array_get(steps, i);
		int want = (int)json_integer_value(json_array_get(st, 0)), drain;
		int want_drain = !strcmp(json_string_value(json_array_get(st, 1)), "drain");
		if (sched_step(s[i], &drain) != want || drain != want_drain ||
		    sched_char(want, want_drain) != s[i])
			fail_msg("%s: step %zu", name, i);
	}
}

static void test_fixture(void **state)
{
	(void)state;
	json_t *cases = fixture_cases("tests/fixtures/schedules.json"), *c;
	size_t i, refused = 0;
	json_array_foreach(cases, i, c) {
		const char *s = json_string_value(json_object_get(c, "schedule"));
		json_t *steps = json_object_get(c, "steps");
		int n = (int)json_integer_value(json_object_get(c, "threads"));
		int tso = !strcmp(json_string_value(json_object_get(c, "model")), "tso");
		size_t at = 0;
		int r = sched_check(s, n, tso, &at);
		if (json_is_null(steps)) {
			if (r == 0)
				fail_msg("\"%s\" (%d threads, %s) accepted: %s", s, n,
					 tso ? "tso" : "sc",
					 json_string_value(json_object_get(c, "why")));
			assert_true(at < strlen(s));
			refused++;
		} else {
			if (r != 0)
				fail_msg("\"%s\" refused at %zu", s, at);
			check_steps(s, s, steps);
		}
	}
	assert_true(refused >= 8);
	json_decref(cases);
}

/* The alphabet is exactly '0'..'7' and 'a'..'h'. */
static void test_alphabet(void **state)
{
	(void)state;
	int n = 0, drain;
	for (int c = 1; c < 256; c++)
		if (sched_step((char)c, &drain) >= 0)
			n++;
	assert_int_equal(n, 2 * SCHED_MAX_THREADS);
	assert_int_equal(SCHED_MAX_THREADS, 8);
	assert_int_equal(sched_char(7, 1), 'h');
	assert_int_equal(sched_char(7, 0), '7');
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture),
		cmocka_unit_test(test_alphabet),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
