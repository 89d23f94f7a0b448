/*
 * test_meta.c - cmocka tests of the metadata parser (errors carry path:line), the predicate
 * parsers and evaluation, target patterns of targets.conf, and the source diff.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "diff.h"
#include "meta.h"
#include "pred.h"

static struct conf conf;
static struct meta m;

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

static int parse(const char *name, char *err, size_t errlen, char *path, size_t plen)
{
	snprintf(path, plen, "%s/meta/%s.c", fixtures(), name);
	return meta_parse(&m, path, name, &conf, err, errlen);
}

static void test_good(void **state)
{
	(void)state;
	char err[512] = "", path[512];
	if (parse("good", err, sizeof err, path, sizeof path) != 0)
		fail_msg("%s", err);
	assert_int_equal(m.nthreads, 2);
	assert_string_equal(m.threads[1], "t1");
	assert_int_equal(m.nvariants, 3);
	assert_int_equal(m.nshared, 2);
	assert_string_equal(m.shared[1].name, "ptr");
	assert_int_equal(m.shared[1].is_static, 1);
	assert_int_equal(m.shared[1].size, 4);
	assert_int_equal(m.shared[1].size_lp64, 8);
	assert_int_equal(m.nevidence, 2);
	assert_int_equal(m.evidence[1].line, 11);
	assert_int_equal(m.nexpect, 2);
	assert_string_equal(m.expect[0].kind, "reachable");
	assert_string_equal(m.cflags[1 + 1], "-DEXTRA=1");
	json_t *j = meta_json(&m, "build/data/src");
	assert_string_equal(json_string_value(json_object_get(json_object_get(j, "sources"), "fixed")),
			    "build/data/src/good.fixed.c");
	/* quiz.<variant>: predicates of outcome quizzes, per variant, with their lines */
	assert_int_equal(m.nquiz, 3);
	json_t *quiz = json_object_get(j, "quiz");
	json_t *qp = json_object_get(quiz, "plain");
	assert_int_equal(json_array_size(qp), 2);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(qp, 0), "line")), 15);
	assert_string_equal(json_string_value(json_object_get(json_array_get(qp, 0), "expr")),
			    "r1 == 1 && flag == 1");
	assert_string_equal(json_string_value(json_object_get(json_array_get(qp, 1), "expr")),
			    "hang(t1)");
	json_t *qf = json_object_get(quiz, "fixed");
	assert_int_equal(json_array_size(qf), 1);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(qf, 0), "line")), 17);
	assert_string_equal(json_string_value(json_object_get(json_array_get(qf, 0), "expr")), "done");
	assert_null(json_object_get(quiz, "transformed"));
	static struct meta back;
	assert_int_equal(meta_from_json(&back, j, err, sizeof err), 0);
	assert_int_equal(back.nevidence, 2);
	assert_int_equal(back.nquiz, 3);
	assert_string_equal(back.quiz[2].expr, "done");
	assert_string_equal(back.shared[1].name, "ptr");
	json_decref(j);
}

/* each bad fixture must fail with exactly "<path>:<line>: <message...>" */
static void expect_error(const char *name, int line, const char *words)
{
	char err[512] = "", path[512], want[600];
	if (parse(name, err, sizeof err, path, sizeof path) == 0)
		fail_msg("%s: accepted", name);
	snprintf(want, sizeof want, "%s:%d: ", path, line);
	if (strncmp(err, want, strlen(want)) != 0 || !strstr(err, words))
		fail_msg("%s: got '%s', want '%s...%s'", name, err, want, words);
}

static void test_errors(void **state)
{
	(void)state;
	expect_error("unknown-key", 4, "unknown key 'colour'");
	expect_error("missing-key", 14, "missing required key 'page'");
	expect_error("bad-evidence", 10, "bad evidence predicate");
	expect_error("unknown-thread", 10, "unknown thread t7");
	expect_error("unknown-var", 10, "unknown shared variable nosuch");
	expect_error("bad-expect", 13, "bad outcome predicate");
	expect_error("unknown-outcome", 7, "outcome 'r9' is not a SHARED or OBSERVED variable");
	expect_error("bad-variant", 10, "unknown variant 'student'");
	expect_error("bad-quiz-variant", 16, "unknown variant 'student' in 'quiz.student'");
	expect_error("bad-quiz", 16, "bad outcome predicate");
	expect_error("bad-target", 12, "matches no compiler/arch/opt");
	expect_error("unlisted-thread", 21, "THREAD(t9) is not listed");
	expect_error("no-block", 1, "must start with a /*@example block");
	expect_error("unterminated", 15, "expected 'key: value'");
}

static long fake_count(void *ctx, const char *fn, const char *thread, const char *var)
{
	(void)ctx;
	(void)var;
	if (!strcmp(thread, "t0"))
		return 0;
	return !strcmp(fn, "loads") ? 2 : !strcmp(fn, "max_width") ? 8 : 1;
}

static void test_predicates(void **state)
{
	(void)state;
	const char *threads[] = { "t0", "t1" }, *vars[] = { "x", "y" };
	struct pred_names names = { threads, 2, vars, 2 };
	struct ev_pred p;
	char err[256];
	assert_int_equal(ev_parse("loads(t1, x) == 2 && max_width(t1, y) >= 8", &names, &p, err,
				  sizeof err), 0);
	assert_int_equal(ev_eval(&p, fake_count, NULL), 1);
	assert_int_equal(ev_parse("loads(t0, x) > 0", &names, &p, err, sizeof err), 0);
	assert_int_equal(ev_eval(&p, fake_count, NULL), 0);
	assert_int_equal(ev_parse("3 < stores(t1, y)", &names, &p, err, sizeof err), 0);
	assert_int_equal(ev_eval(&p, fake_count, NULL), 0);
	assert_int_equal(ev_parse("loads(t1, x)", &names, &p, err, sizeof err), -1);
	assert_int_equal(ev_parse("loadz(t1, x) == 1", &names, &p, err, sizeof err), -1);
	assert_non_null(strstr(err, "unknown count function loadz"));
	assert_int_equal(ev_parse("1 == 1", &names, &p, err, sizeof err), -1);
	assert_int_equal(ev_parse("loads(t1, x) == 1 ||", &names, &p, err, sizeof err), -1);
	assert_int_equal(outcome_check("x == 1 && !(y != 2) || hang(t0) || crash || done", &names,
				       err, sizeof err), 0);
	assert_int_equal(outcome_check("hang(t5)", &names, err, sizeof err), -1);
	assert_int_equal(outcome_check("z == 1", &names, err, sizeof err), -1);
	assert_int_equal(outcome_check("(x == 1", &names, err, sizeof err), -1);
	assert_int_equal(outcome_check("x == 1 y", &names, err, sizeof err), -1);
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
	assert_false(conf_pattern_valid(&conf, "clang-19/riscv64/O2"));	/* not in the matrix */
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),      cmocka_unit_test(test_errors),
		cmocka_unit_test(test_predicates), cmocka_unit_test(test_patterns),
		cmocka_unit_test(test_diff),
	};
	return cmocka_run_group_tests_name("asm metadata", tests, setup, NULL);
}
