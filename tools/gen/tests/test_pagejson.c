/* test_pagejson: `sitegen --page-json`: a page's front matter and quizzes as the generator reads them
 * (the tests/content readers take them from here instead of parsing the page again). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static const char page[] =
	"---\ntitle: \"A page\"\norder: 7\nsummary: What it is.\nslug: other\n---\n\n# A page\n\nText.\n\n"
	"```quiz\nid: pj-single\nQ: Which?\n( ) One.\n  -> No.\n(x) Two.\nE: Because.\n```\n\n"
	"```quiz\noutcomes: topic/example plain\nQ: Reached?\n[?] r1 == 1\n```\n";

static json_t *run_json(const char *dir, const char *const *args, int *status)
{
	struct run_result r = test_run_args(dir, args);
	*status = r.status;
	json_t *j = r.status == 0 ? json_loads(r.out, 0, NULL) : NULL;
	if (r.status != 0)
		assert_non_null(strstr(r.err, "bad.md:"));
	run_result_free(&r);
	return j;
}

static void front_matter_and_quizzes(void **state)
{
	(void)state;
	char tmpl[] = "/tmp/pagejson-XXXXXX";
	char *dir = mkdtemp(tmpl);
	assert_non_null(dir);
	test_write(dir, "p.md", page);
	const char *args[] = { "--page-json", "p.md", NULL };
	int status;
	json_t *all = run_json(dir, args, &status);
	assert_int_equal(status, 0);
	assert_int_equal(json_array_size(all), 1);
	json_t *p = json_array_get(all, 0);
	assert_string_equal(json_string_value(json_object_get(p, "title")), "A page");
	assert_int_equal(json_integer_value(json_object_get(p, "order")), 7);
	assert_string_equal(json_string_value(json_object_get(p, "slug")), "other");
	/* the body starts on the line after the front matter's closing "---" (line 6) */
	assert_int_equal(json_integer_value(json_object_get(p, "body_line")), 7);
	json_t *qs = json_object_get(p, "quizzes");
	assert_int_equal(json_array_size(qs), 2);
	json_t *q = json_array_get(qs, 0), *c = json_object_get(q, "choices");
	assert_string_equal(json_string_value(json_object_get(q, "id")), "pj-single");
	assert_string_equal(json_string_value(json_object_get(q, "type")), "single");
	assert_string_equal(json_string_value(json_object_get(q, "explanation")), "Because.");
	assert_false(json_is_true(json_object_get(json_array_get(c, 0), "correct")));
	assert_string_equal(json_string_value(json_object_get(json_array_get(c, 0), "feedback")),
			    "No.");
	assert_true(json_is_true(json_object_get(json_array_get(c, 1), "correct")));
	q = json_array_get(qs, 1);
	assert_string_equal(json_string_value(json_object_get(q, "id")), "other-q2");
	assert_string_equal(json_string_value(json_object_get(q, "type")), "outcome");
	assert_string_equal(json_string_value(json_object_get(q, "example")), "topic/example");
	assert_string_equal(json_string_value(json_object_get(q, "variant")), "plain");
	json_decref(all);
	test_rm_rf(dir);
}

static void bad_page_is_refused_at_its_line(void **state)
{
	(void)state;
	char tmpl[] = "/tmp/pagejson-XXXXXX";
	char *dir = mkdtemp(tmpl);
	assert_non_null(dir);
	test_write(dir, "good.md", page);
	test_write(dir, "bad.md",
		   "---\ntitle: x\norder: 1\nsummary: s\n---\n\n```quiz\nQ: no choices\n```\n");
	const char *args[] = { "--page-json", "good.md", "bad.md", NULL };
	int status;
	json_t *all = run_json(dir, args, &status);
	assert_int_not_equal(status, 0);
	assert_null(all);
	test_rm_rf(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(front_matter_and_quizzes),
		cmocka_unit_test(bad_page_is_refused_at_its_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
