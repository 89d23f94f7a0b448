/*
 * test_meta.c - cmocka tests of the example format's parser (the metadata JSON, single-variant
 * examples, errors at path:line), target patterns of targets.conf, and the source diff.
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
#include "diff.h"
#include "util.h"

static struct conf conf;

static const char *fixtures(void)
{
	const char *d = getenv("ASM_FIXTURES");
	return d ? d : "tools/asm/tests/fixtures";
}

static int setup(void **state)
{
	(void)state;
	char err[512];
	if (conf_load(&conf, "examples/targets.conf", err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static json_t *parse_cells(const char *name, char *err, size_t errlen, char *path, size_t plen,
			   const char *const *cells, int ncells)
{
	snprintf(path, plen, "%s/meta/%s.c", fixtures(), name);
	struct meta_opts o = { "build/data/src", cells, ncells };
	return meta_parse(path, name, &conf, &o, err, errlen);
}

static json_t *parse(const char *name, char *err, size_t errlen, char *path, size_t plen)
{
	return parse_cells(name, err, errlen, path, plen, NULL, 0);
}

/* A fixture that must parse. */
static json_t *parse_ok(const char *name)
{
	char err[512] = "", path[512];
	json_t *m = parse(name, err, sizeof err, path, sizeof path);
	if (!m)
		fail_msg("%s", err);
	return m;
}

/* j, compact, is want; takes j's reference. */
static void assert_json(json_t *j, const char *want)
{
	char *s = json_dumps(j, JSON_COMPACT);
	assert_string_equal(s, want);
	free(s);
	json_decref(j);
}

static json_t *at(json_t *j, const char *a, const char *b, int i)
{
	json_t *x = json_object_get(j, a);
	if (b)
		x = json_object_get(x, b);
	return i >= 0 ? json_array_get(x, (size_t)i) : x;
}

static const char *str(json_t *j, const char *key)
{
	return json_string_value(json_object_get(j, key));
}

static int integer(json_t *j, const char *key)
{
	return (int)json_integer_value(json_object_get(j, key));
}

static void test_good(void **state)
{
	(void)state;
	json_t *m = parse_ok("good");
	assert_int_equal(json_array_size(at(m, "threads", NULL, -1)), 2);
	assert_string_equal(json_string_value(at(m, "threads", NULL, 1)), "t1");
	assert_int_equal(json_array_size(at(m, "variants", NULL, -1)), 3);
	assert_false(meta_single(m));
	json_t *ptr = at(m, "shared", NULL, 1);
	assert_string_equal(str(ptr, "name"), "ptr");
	assert_true(json_is_true(json_object_get(ptr, "static")));
	assert_int_equal(integer(ptr, "size"), 4);
	assert_int_equal(integer(ptr, "size_lp64"), 8);
	assert_int_equal(integer(ptr, "line"), 21);
	assert_int_equal(integer(at(m, "evidence", "fixed", 0), "line"), 11);
	assert_string_equal(str(at(m, "expect", "plain", 0), "kind"), "reachable");
	assert_string_equal(str(at(m, "expect", "plain", 0), "expr"), "hang(t1)");
	assert_string_equal(str(json_object_get(at(m, "expect", "plain", 0), "tree"), "op"),
			    "hang");
	assert_string_equal(str(json_object_get(at(m, "evidence", "plain", 0), "tree"), "op"),
			    "==");
	assert_string_equal(json_string_value(at(m, "cflags", "fixed", 0)), "-DEXTRA=1");
	assert_string_equal(json_string_value(at(m, "cflags", "all", 0)), "-std=gnu11");
	assert_string_equal(str(at(m, "sources", NULL, -1), "fixed"),
			    "build/data/src/good.fixed.c");
	assert_string_equal(json_string_value(at(m, "cells", NULL, 0)), "any/any/any");
	assert_true(meta_has_cell(m, "clang-19/aarch64/O3"));
	/* quiz.<variant>: predicates of outcome quizzes, per variant, with their lines */
	json_t *qp = at(m, "quiz", "plain", -1);
	assert_int_equal(json_array_size(qp), 2);
	assert_int_equal(integer(json_array_get(qp, 0), "line"), 15);
	assert_string_equal(str(json_array_get(qp, 0), "expr"), "r1 == 1 && flag == 1");
	assert_string_equal(str(json_array_get(qp, 1), "expr"), "hang(t1)");
	assert_string_equal(str(at(m, "quiz", "fixed", 0), "expr"), "done");
	assert_null(at(m, "quiz", "transformed", -1));
	/* the block as written, for the lab grader's comparison with its reference */
	assert_int_equal(json_array_size(at(m, "block", NULL, -1)), 16);
	assert_string_equal(str(at(m, "block", NULL, 6), "key"), "cflags");
	assert_int_equal(integer(at(m, "block", NULL, 6), "line"), 8);
	json_decref(m);
}

/* Parses <name>.c, whose expectations under key (expect_tso, expect_armv8) are: plain's first
 * reachable at line 9, fixed's first unreachable; and checks that good.c has none under key.
 * Returns name's metadata (the caller json_decrefs it). */
static json_t *parse_expect(const char *name, const char *key)
{
	json_t *m = parse_ok("good");
	assert_null(json_object_get(m, key));
	json_decref(m);
	m = parse_ok(name);
	assert_string_equal(str(at(m, key, "plain", 0), "kind"), "reachable");
	assert_int_equal(integer(at(m, key, "plain", 0), "line"), 9);
	assert_string_equal(str(at(m, key, "fixed", 0), "kind"), "unreachable");
	return m;
}

/* expect-tso.<variant>: the explorer's x86-TSO expectations, in "expect_tso" (absent without). */
static void test_expect_tso(void **state)
{
	(void)state;
	json_t *m = parse_expect("tso", "expect_tso");
	assert_string_equal(str(json_object_get(at(m, "expect_tso", "fixed", 0), "tree"), "op"),
			    "&&");
	assert_int_equal(json_array_size(at(m, "expect", "plain", -1)), 1);
	json_decref(m);
	char err[512] = "", path[512];
	assert_null(parse("bad-expect-tso", err, sizeof err, path, sizeof path));
	assert_non_null(strstr(err, "bad-expect-tso.c:8: expect needs 'reachable: <predicate>'"));
}

/* expect-armv8.<variant>: the Armv8 exploration's expectations, in "expect_armv8" (absent
 * without). */
static void test_expect_armv8(void **state)
{
	(void)state;
	json_t *m = parse_expect("armv8", "expect_armv8");
	assert_null(json_object_get(m, "expect_tso"));
	assert_int_equal(json_array_size(at(m, "expect", "fixed", -1)), 1);
	json_decref(m);
}

/* A single-variant example (a lab's student file): compiled as it is, on the cells given. */
static void test_single(void **state)
{
	(void)state;
	char err[512] = "", path[512];
	const char *cells[] = { "gcc-12/x86_64/O2", "clang-22/aarch64/O2" };
	json_t *m = parse_cells("single", err, sizeof err, path, sizeof path, cells, 2);
	if (!m)
		fail_msg("%s", err);
	assert_true(meta_single(m));
	assert_string_equal(json_string_value(at(m, "variants", NULL, 0)), "student");
	assert_string_equal(str(at(m, "sources", NULL, -1), "student"), path);
	assert_int_equal(integer(at(m, "evidence", "student", 0), "line"), 10);
	assert_int_equal(integer(at(m, "expect", "student", 1), "line"), 12);
	assert_true(meta_has_cell(m, "clang-22/aarch64/O2"));
	assert_false(meta_has_cell(m, "clang-22/aarch64/O3"));
	assert_false(meta_has_cell(m, "gcc-12/aarch64/O2"));
	json_decref(m);
	/* a cell pattern that matches nothing is an error; "none": explored only, no evidence needed */
	const char *bad[] = { "gcc-99/x86_64/O2" }, *none[] = { "none" };
	assert_null(parse_cells("single", err, sizeof err, path, sizeof path, bad, 1));
	assert_non_null(strstr(err, "matches no compiler/arch/opt"));
	m = parse_cells("single", err, sizeof err, path, sizeof path, none, 1);
	assert_non_null(m);
	assert_int_equal(json_array_size(at(m, "cells", NULL, -1)), 0);
	assert_false(meta_has_cell(m, "gcc-12/x86_64/O2"));
	json_decref(m);
}

/* Exact-width types (course.h's uint64_t ...), the cells key (the cells the example is compiled
 * on, when its caller names none) and the hex key (variables the explorer shows in hexadecimal). */
static void test_widths(void **state)
{
	(void)state;
	char err[512] = "", path[512];
	json_t *m = parse_ok("widths");
	assert_int_equal(integer(at(m, "shared", NULL, 0), "size"), 8);
	assert_int_equal(integer(at(m, "shared", NULL, 0), "size_lp64"), 8);
	assert_string_equal(str(at(m, "shared", NULL, 0), "type"), "uint64_t");
	assert_int_equal(integer(at(m, "shared", NULL, 1), "size"), 2);
	assert_int_equal(integer(at(m, "observed", NULL, 0), "size"), 1);
	assert_int_equal(json_array_size(at(m, "cells", NULL, -1)), 1);
	assert_true(meta_has_cell(m, "clang-22/aarch64/O3"));
	assert_false(meta_has_cell(m, "gcc-12/i386/O2"));
	assert_false(meta_has_cell(m, "clang-14/riscv64/O2"));
	assert_int_equal(json_array_size(at(m, "hex", NULL, -1)), 2);
	assert_string_equal(json_string_value(at(m, "hex", NULL, 1)), "r1");
	json_decref(m);
	/* without the key: no cell left out, no variable in hexadecimal */
	m = parse_ok("good");
	assert_int_equal(json_array_size(at(m, "hex", NULL, -1)), 0);
	json_decref(m);
	/* a caller that names the cells (a lab's, from labs/labs.conf) leaves no room for the key */
	const char *cells[] = { "gcc-12/x86_64/O2" };
	assert_null(parse_cells("widths", err, sizeof err, path, sizeof path, cells, 1));
	assert_non_null(
		strstr(err, "widths.c:8: cells: this example's cells are named by its caller"));
}

/* each bad fixture must fail with exactly "<path>:<line>: <message...>" */
static void expect_error(const char *name, int line, const char *words)
{
	char err[512] = "", path[512], want[600];
	json_t *m = parse(name, err, sizeof err, path, sizeof path);
	if (m) {
		json_decref(m);
		fail_msg("%s: accepted", name);
	}
	snprintf(want, sizeof want, "%s:%d: ", path, line);
	if (strncmp(err, want, strlen(want)) != 0 || !strstr(err, words))
		fail_msg("%s: got '%s', want '%s...%s'", name, err, want, words);
}

/* A fixture the parser must refuse, at line with a message that has words. */
struct bad_fixture {
	const char *name;
	int line;
	const char *words;
};

static void test_errors(void **state)
{
	(void)state;
	static const struct bad_fixture bad[] = {
		{ "unknown-key", 4, "unknown key 'colour'" },
		{ "nine-threads", 5, "'threads' needs 1 to 8 names" },
		{ "missing-key", 14, "missing required key 'page'" },
		{ "bad-evidence", 10, "bad evidence predicate" },
		{ "unknown-thread", 10, "unknown thread t7" },
		{ "unknown-var", 10, "unknown shared variable nosuch" },
		{ "bad-expect", 13, "bad outcome predicate" },
		{ "unknown-outcome", 7, "outcome 'r9' is not a SHARED or OBSERVED variable" },
		{ "bad-variant", 10, "'evidence.student' names a variant not in 'variants'" },
		{ "bad-quiz-variant", 16, "'quiz.student' names a variant not in 'variants'" },
		{ "bad-quiz", 16, "bad outcome predicate" },
		{ "bad-target", 12, "matches no compiler/arch/opt" },
		/* evidence-on: none is accepted; the transformation names a page, and needs evidence-on */
		{ "bad-transformation", 13,
		  "'transformation' is the slug of the transformation's page" },
		{ "transformation-no-evidence-on", 12, "it needs 'evidence-on'" },
		{ "unlisted-thread", 21, "THREAD(t9) is not listed" },
		/* issue 9: a listed thread nobody defines is reported at the metadata line, before
		 * any compile */
		{ "never-defined-thread", 5,
		  "thread 't2' is listed in 'threads' but no THREAD(t2) defines it" },
		{ "no-block", 1, "must start with a /*@example block" },
		/* words after the opening, past the 15 bytes a fixed copy once looked at, are no block */
		{ "block-trailing", 1, "must start with a /*@example block" },
		{ "unterminated", 15, "expected 'key: value'" },
		{ "single-if", 17, "a single-variant example has no #if PLAIN" },
		{ "include-other", 15, "an example includes \"course.h\" and nothing else" },
		{ "bad-width", 16, "unsupported type 'uint24_t'" },
		{ "hex-unknown", 9, "hex: 'nosuch' is not a SHARED or OBSERVED variable" },
		{ "cells-no-default", 8,
		  "cells: gcc-12/x86_64/O2 (the matrix's default cell) must be one of them" },
		{ "cells-evidence-on", 12,
		  "evidence-on: 'gcc-12/aarch64/O2' matches none of the example's cells" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		expect_error(bad[i].name, bad[i].line, bad[i].words);
}

/* An error longer than the caller's buffer is cut visibly: it ends in "...". */
static void test_long_message(void **state)
{
	(void)state;
	char err[40], path[512];
	assert_null(parse("unknown-key", err, sizeof err, path, sizeof path));
	assert_int_equal(strlen(err), sizeof err - 1);
	assert_string_equal(err + sizeof err - 4, "...");
}

static void test_patterns(void **state)
{
	(void)state;
	assert_true(conf_pattern_match("any/any/O2", "gcc-12/x86_64/O2"));
	assert_true(conf_pattern_match("gcc-12,clang-14/aarch64/O1,O2", "clang-14/aarch64/O1"));
	assert_false(conf_pattern_match("gcc-12,clang-14/aarch64/O1,O2", "clang-19/aarch64/O1"));
	assert_false(conf_pattern_match("any/any/O2", "gcc-12/x86_64/O3"));
	assert_false(conf_pattern_match("gcc-12/x86_64", "gcc-12/x86_64/O2"));
	assert_true(conf_pattern_valid(&conf, "any/riscv64/Os"));
	assert_false(conf_pattern_valid(&conf, "clang-19/riscv64/O2")); /* not in the matrix */
	assert_non_null(conf_target(&conf, "gcc-12/aarch64"));
	assert_true(conf_has_opt(&conf, "O0"));
}

static void test_diff(void **state)
{
	(void)state;
	json_t *a = json_pack("[s, s, s]", "x", "plain", "z");
	json_t *b = json_pack("[s, s, s, s]", "x", "fixed", "more", "z");
	json_t *d = diff_lines(a, b);
	assert_int_equal(json_array_size(d), 5);
	const char *ops = "  -++ ";
	(void)ops;
	const char *want[] = { " ", "+", "+", "-", " " };
	const char *want2[] = { " ", "-", "+", "+", " " };
	int ok1 = 1, ok2 = 1;
	for (size_t i = 0; i < 5; i++) {
		const char *op = json_string_value(json_object_get(json_array_get(d, i), "op"));
		ok1 &= strcmp(op, want[i]) == 0;
		ok2 &= strcmp(op, want2[i]) == 0;
	}
	assert_true(ok1 || ok2);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(d, 4), "b")), 4);
	json_decref(a);
	json_decref(b);
	json_decref(d);
}

/* The line map of a variant cut from a file: each of its lines gets the file's number; a line the
 * file does not have gets 0. */
static void test_line_map(void **state)
{
	(void)state;
	json_t *file = json_pack("[s, s, s, s, s, s, s]", "int x;", "#if PLAIN", "plain();",
				 "#else", "fixed();", "#endif", "end();");
	json_t *fixed = json_pack("[s, s, s, s]", "int x;", "fixed();", "end();", "extra();");
	assert_json(diff_line_map(file, fixed), "[1,5,7,0]");
	json_decref(file);
	json_decref(fixed);
}

/* The disassembly view's diff ignores addresses, branch targets and label numbers. */
static void test_diff_insns(void **state)
{
	(void)state;
	json_t *a = json_pack("[{s:s, s:[{s:s}, {s:s}, {s:s}]}]", "name", "t1", "insns", "text",
			      "mov 0x0(%rip),%eax", "text", "jne 1c <t1+0x1c>", "text", "b .L12");
	json_t *b = json_pack("[{s:s, s:[{s:s}, {s:s}, {s:s}, {s:s}]}]", "name", "t1", "insns",
			      "text", "mov 0x0(%rip),%eax", "text", "mfence", "text",
			      "jne 20 <t1+0x20>", "text", "b .L7");
	assert_json(diff_insns(a, b), "[[\" \",1,1],[\"+\",0,2],[\" \",2,3],[\" \",3,4]]");
	json_decref(a);
	json_decref(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),	     cmocka_unit_test(test_single),
		cmocka_unit_test(test_expect_tso),   cmocka_unit_test(test_expect_armv8),
		cmocka_unit_test(test_errors),	     cmocka_unit_test(test_patterns),
		cmocka_unit_test(test_diff),	     cmocka_unit_test(test_diff_insns),
		cmocka_unit_test(test_line_map),     cmocka_unit_test(test_widths),
		cmocka_unit_test(test_long_message),
	};
	return cmocka_run_group_tests_name("asm metadata", tests, setup, NULL);
}
