/*
 * test_seen.c - cmocka tests of seen_summary(): the patterns match exactly the cells where a
 * transformation is seen (checked with conf_pattern_match, the matcher of evidence-on, over
 * pseudo-random sets on the real matrix of examples/targets.conf), and the sentences the pages print.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "example.h"
#include "seen.h"

static struct conf conf;

static int setup(void **state)
{
	(void)state;
	char err[512];
	if (conf_load(&conf, "examples/targets.conf", err, sizeof err) != 0)
		fail_msg("%s", err);
	return 0;
}

static int target_index(const char *name)
{
	for (int t = 0; t < conf.ntargets; t++)
		if (!strcmp(conf.targets[t].name, name))
			return t;
	fail_msg("no target %s", name);
	return -1;
}

static int opt_index(const char *opt)
{
	for (int o = 0; o < conf.nopts; o++)
		if (!strcmp(conf.opts[o], opt))
			return o;
	fail_msg("no -O level %s", opt);
	return -1;
}

static void fill(signed char cell[][CONF_MAX_OPTS], signed char v)
{
	for (int t = 0; t < CONF_MAX_TARGETS; t++)
		for (int o = 0; o < CONF_MAX_OPTS; o++)
			cell[t][o] = t < conf.ntargets && o < conf.nopts ? v : SEEN_NO_CELL;
}

/* Every cell the example has is matched by the patterns exactly when it is seen. */
static void assert_exact(const signed char cell[][CONF_MAX_OPTS], json_t *s)
{
	json_t *patterns = json_object_get(s, "patterns");
	for (int t = 0; t < conf.ntargets; t++)
		for (int o = 0; o < conf.nopts; o++) {
			if (cell[t][o] == SEEN_NO_CELL)
				continue;
			char name[128];
			snprintf(name, sizeof name, "%s/%s", conf.targets[t].name, conf.opts[o]);
			int matched = 0;
			size_t i;
			json_t *p;
			json_array_foreach(patterns, i, p)
				matched |= conf_pattern_match(json_string_value(p), name);
			if (matched != (cell[t][o] == SEEN_YES))
				fail_msg("%s: seen %d, matched %d by %s", name, cell[t][o], matched,
					 json_dumps(patterns, JSON_COMPACT));
		}
}

static const char *text(json_t *s)
{
	return json_string_value(json_object_get(s, "text"));
}

static void test_sentences(void **state)
{
	(void)state;
	static signed char cell[CONF_MAX_TARGETS][CONF_MAX_OPTS];
	fill(cell, SEEN_NO);
	json_t *s = seen_summary(&conf, cell);
	assert_string_equal(text(s), "on none of the 60 cells checked");
	assert_int_equal(json_array_size(json_object_get(s, "patterns")), 0);
	assert_true(json_is_null(json_object_get(s, "first")));
	json_decref(s);

	/* one compiler on one target at every level (store tearing) */
	int a64 = target_index("gcc-12/aarch64");
	for (int o = 0; o < conf.nopts; o++)
		cell[a64][o] = SEEN_YES;
	s = seen_summary(&conf, cell);
	assert_string_equal(text(s), "with gcc-12 on aarch64 at every level, -O0 included");
	assert_string_equal(json_string_value(json_array_get(json_object_get(s, "patterns"), 0)),
			    "gcc-12/aarch64/any");
	assert_int_equal(json_integer_value(json_object_get(s, "count")), 5);
	/* not seen on the default cell: the page opens on the default's -O level, not on -O0 */
	assert_string_equal(
		json_string_value(json_object_get(json_object_get(s, "first"), "target")),
		"gcc-12/aarch64");
	assert_string_equal(json_string_value(json_object_get(json_object_get(s, "first"), "opt")),
			    "O2");
	assert_exact(cell, s);
	json_decref(s);

	/* every compiler and target from -O1 */
	fill(cell, SEEN_YES);
	for (int t = 0; t < conf.ntargets; t++)
		cell[t][opt_index("O0")] = SEEN_NO;
	s = seen_summary(&conf, cell);
	assert_string_equal(text(s),
			    "with every compiler on every target at -O1, -O2, -O3 and -Os");
	assert_string_equal(json_string_value(json_array_get(json_object_get(s, "patterns"), 0)),
			    "any/any/O1,O2,O3,Os");
	/* the link goes to the matrix's default cell when the transformation is seen there */
	assert_string_equal(json_string_value(json_object_get(json_object_get(s, "first"), "opt")),
			    "O2");
	assert_exact(cell, s);
	json_decref(s);

	/* two compilers share a mask; gcc differs */
	fill(cell, SEEN_NO);
	for (int t = 0; t < conf.ntargets; t++) {
		int gcc = !strncmp(conf.targets[t].name, "gcc-12/", 7);
		cell[t][opt_index("O2")] = SEEN_YES;
		cell[t][opt_index("O3")] = gcc ? SEEN_YES : SEEN_NO;
	}
	s = seen_summary(&conf, cell);
	assert_string_equal(text(s),
			    "with gcc-12 on every target at -O2 and -O3; clang-14, clang-19 and "
			    "clang-22 on every target at -O2");
	assert_exact(cell, s);
	json_decref(s);
}

/* A cell the example is not compiled on is neither seen nor a reason to refuse "any". */
static void test_missing_cells(void **state)
{
	(void)state;
	static signed char cell[CONF_MAX_TARGETS][CONF_MAX_OPTS];
	fill(cell, SEEN_NO_CELL);
	int x = target_index("gcc-12/x86_64");
	cell[x][opt_index("O2")] = SEEN_YES;
	json_t *s = seen_summary(&conf, cell);
	assert_string_equal(text(s), "with gcc-12 on x86_64 at -O2");
	assert_int_equal(json_integer_value(json_object_get(s, "checked")), 1);
	assert_exact(cell, s);
	json_decref(s);
}

/* Pseudo-random sets: the patterns are always exact. */
static void test_random_sets(void **state)
{
	(void)state;
	static signed char cell[CONF_MAX_TARGETS][CONF_MAX_OPTS];
	unsigned x = 12345;
	for (int round = 0; round < 500; round++) {
		fill(cell, SEEN_NO);
		int density = round % 5;
		for (int t = 0; t < conf.ntargets; t++)
			for (int o = 0; o < conf.nopts; o++) {
				x = x * 1103515245u + 12345u;
				unsigned r = (x >> 16) % 5;
				cell[t][o] = r < (unsigned)density    ? SEEN_YES :
					     r == 4 && round % 7 == 0 ? SEEN_NO_CELL :
									SEEN_NO;
			}
		json_t *s = seen_summary(&conf, cell);
		assert_exact(cell, s);
		json_decref(s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sentences),
		cmocka_unit_test(test_missing_cells),
		cmocka_unit_test(test_random_sets),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
