/*
 * test_a8svg.c - cmocka test of the witness pictures' dependency edges (a8svg.c): an execution
 * written by hand in a8json.c's format, one thread whose store depends on its first read by address,
 * on its second through a conditional select's condition (pick-data, CSEL) and whose second read
 * depends on the first through a CAS's comparison (pick-ctrl), each drawn as one arc from the read
 * to the event, labelled with its kinds; a pick dependency in its own class; an event without
 * dependencies gets no arc.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "a8svg.h"

static const char *EXECUTION =
	"{\"threads\": [{\"fn\": \"P0\", \"events\": ["
	"{\"fn\": \"P0\", \"addr\": \"8\", \"kind\": \"R\", \"var\": \"x\", \"value\": 1, \"insn\": \"ldr\","
	" \"file_line\": 3, \"deps\": {\"addr\": [], \"data\": [], \"ctrl\": [], \"pick_addr\": [],"
	" \"pick_data\": [], \"pick_ctrl\": []}},"
	"{\"fn\": \"P0\", \"addr\": \"c\", \"kind\": \"R\", \"var\": \"y\", \"value\": 0, \"insn\": \"ldr\","
	" \"file_line\": 4, \"deps\": {\"addr\": [], \"data\": [], \"ctrl\": [], \"pick_addr\": [],"
	" \"pick_data\": [], \"pick_ctrl\": [0]}},"
	"{\"fn\": \"P0\", \"addr\": \"14\", \"kind\": \"W\", \"var\": \"z\", \"value\": 1, \"insn\": \"str\","
	" \"file_line\": 5, \"deps\": {\"addr\": [0], \"data\": [], \"ctrl\": [], \"pick_addr\": [],"
	" \"pick_data\": [1], \"pick_ctrl\": []}}]}],"
	" \"rf\": [], \"co\": [], \"fr\": [], \"unordered\": []}";

static int count(const char *s, const char *what)
{
	int n = 0;
	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

static void test_dependency_edges(void **state)
{
	(void)state;
	json_t *x = json_loads(EXECUTION, 0, NULL);
	assert_non_null(x);
	struct a8svg_names nm = { NULL, NULL, "#ex" };
	char *svg = a8svg_draw(x, &nm);
	assert_non_null(svg);
	assert_int_equal(count(svg, "<path class=\"a8-dep\""), 1);
	assert_int_equal(count(svg, "<path class=\"a8-pick\""), 2);
	assert_int_equal(count(svg, "<polygon class=\"a8-pick-head\""), 2);
	assert_non_null(strstr(svg, ">addr</text>"));
	assert_non_null(strstr(svg, ">pick-ctrl</text>"));
	assert_non_null(strstr(svg, ">pick-data</text>"));
	free(svg);
	/* without the pick lists (an execution of a producer without conditional selects): no pick arc */
	json_t *ev = json_array_get(
		json_object_get(json_array_get(json_object_get(x, "threads"), 0), "events"), 2);
	json_object_set_new(json_object_get(ev, "deps"), "pick_data", json_array());
	svg = a8svg_draw(x, &nm);
	assert_int_equal(count(svg, "<path class=\"a8-pick\""), 1);
	free(svg);
	json_decref(x);
}

/* A read that is both an address and a pick dependency of one event: one arc, both kinds. */
static void test_kinds_of_one_pair(void **state)
{
	(void)state;
	json_t *x = json_loads(EXECUTION, 0, NULL);
	json_t *deps = json_object_get(
		json_array_get(json_object_get(json_array_get(json_object_get(x, "threads"), 0),
					       "events"),
			       2),
		"deps");
	json_array_append_new(json_object_get(deps, "pick_ctrl"), json_integer(0));
	struct a8svg_names nm = { NULL, NULL, NULL };
	char *svg = a8svg_draw(x, &nm);
	assert_non_null(strstr(svg, ">addr, pick-ctrl</text>"));
	assert_int_equal(count(svg, "<path class=\"a8-dep\""), 0);
	assert_int_equal(count(svg, "<path class=\"a8-pick\""), 3);
	free(svg);
	json_decref(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dependency_edges),
		cmocka_unit_test(test_kinds_of_one_pair),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
