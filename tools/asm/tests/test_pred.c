/*
 * test_pred.c - cmocka tests of the predicate language (tools/example/example.h): every case of
 * fixtures/predicates.json (the decisions both evaluators follow: parsed here, evaluated by
 * pred_eval on the outcomes listed there), the shape of the trees, and evidence predicates.
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

static const char *fixtures(void)
{
	const char *d = getenv("ASM_FIXTURES");
	return d ? d : "tools/asm/tests/fixtures";
}

/* The value of an outcome atom on one outcome {values, hang, crash, done} of predicates.json. */
static long long outcome_atom(void *ctx, const json_t *atom)
{
	json_t *o = ctx;
	const char *op = json_string_value(json_object_get(atom, "op"));
	const char *t = json_string_value(json_object_get(atom, "thread"));
	if (!strcmp(op, "var"))
		return json_integer_value(
			json_object_get(json_object_get(o, "values"),
					json_string_value(json_object_get(atom, "name"))));
	if (!strcmp(op, "done"))
		return json_is_true(json_object_get(o, "done"));
	if (!strcmp(op, "crash")) {
		json_t *c = json_object_get(o, "crash");
		return json_is_object(c) &&
		       (!t || !strcmp(t, json_string_value(json_object_get(c, "thread"))));
	}
	if (!strcmp(op, "hang")) {
		size_t i;
		json_t *h;
		json_array_foreach(json_object_get(o, "hang"), i, h)
			if (!strcmp(json_string_value(h), t))
				return 1;
		return 0;
	}
	fail_msg("unexpected atom %s", op);
	return 0;
}

static void test_cases(void **state)
{
	(void)state;
	char path[512], err[300];
	snprintf(path, sizeof path, "%s/predicates.json", fixtures());
	json_error_t je;
	json_t *f = json_load_file(path, 0, &je);
	if (!f)
		fail_msg("%s:%d: %s", path, je.line, je.text);
	const char *threads[8], *vars[8];
	struct pred_names names = { threads, 0, vars, 0, 0, 0, NULL, 0 };
	size_t i, k;
	json_t *v, *c;
	json_array_foreach(json_object_get(f, "threads"), i, v)
		threads[names.nthreads++] = json_string_value(v);
	json_array_foreach(json_object_get(f, "outcome"), i, v)
		vars[names.nvars++] = json_string_value(v);
	names.has_init = json_is_true(json_object_get(f, "has_init"));
	names.has_check = json_is_true(json_object_get(f, "has_check"));
	json_t *outcomes = json_object_get(f, "outcomes");
	int n = 0;
	json_array_foreach(json_object_get(f, "cases"), k, c) {
		const char *expr = json_string_value(json_object_get(c, "expr"));
		const char *want_err = json_string_value(json_object_get(c, "error"));
		err[0] = '\0';
		json_t *tree = pred_parse(expr, PRED_OUTCOME, &names, err, sizeof err);
		if (want_err) {
			if (tree || !strstr(err, want_err))
				fail_msg("'%s': want the error '%s', got %s", expr, want_err,
					 tree ? "a tree" : err);
			n++;
			continue;
		}
		if (!tree)
			fail_msg("'%s': refused: %s", expr, err);
		const char *name;
		json_t *o;
		json_object_foreach(outcomes, name, o) {
			int want = 0;
			json_array_foreach(json_object_get(c, "holds"), i, v)
				want |= !strcmp(json_string_value(v), name);
			int got = pred_eval(tree, outcome_atom, o) != 0;
			if (got != want)
				fail_msg("'%s' on outcome %s: %s, want %s", expr, name,
					 got ? "holds" : "does not hold",
					 want ? "holds" : "does not hold");
		}
		json_decref(tree);
		n++;
	}
	assert_true(n >= 20);
	json_decref(f);
}

static const char *th[] = { "t0", "t1" }, *sh[] = { "x", "y" }, *ob[] = { "r1" };
static const struct pred_names evn = { th, 2, sh, 2, 0, 0, ob, 1 };

static long long fake_count(void *ctx, const json_t *atom)
{
	(void)ctx;
	const char *fn = json_string_value(json_object_get(atom, "fn"));
	if (!strcmp(json_string_value(json_object_get(atom, "thread")), "t0"))
		return 0;
	return !strcmp(fn, "loads") ? 2 : !strcmp(fn, "max_width") ? 8 : 1;
}

static long long evidence(const char *s)
{
	char err[300];
	json_t *t = pred_parse(s, PRED_EVIDENCE, &evn, err, sizeof err);
	if (!t)
		fail_msg("'%s': %s", s, err);
	long long v = pred_eval(t, fake_count, NULL);
	json_decref(t);
	return v;
}

static void evidence_error(const char *s, const char *want)
{
	char err[300] = "";
	json_t *t = pred_parse(s, PRED_EVIDENCE, &evn, err, sizeof err);
	if (t || !strstr(err, want))
		fail_msg("'%s': want the error '%s', got '%s'", s, want, t ? "a tree" : err);
}

/* Evidence predicates on fake_count's counts (t0: none; t1: 2 loads, widths of 8, 1 of the rest):
 * each holds or not, or is refused with a message that has error (as predicates.json's cases). */
static const struct evidence_case {
	const char *src;
	int holds;
	const char *error;
} evidence_cases[] = {
	{ "loads(t1, x) == 2 && max_width(t1, y) >= 8", 1, NULL },
	{ "loads(t0, x) > 0", 0, NULL },
	{ "3 < stores(t1, y)", 0, NULL },
	{ "loads(t1, x) + stores(t1, x) == 3 || rmw(t0, y) > 0", 1, NULL },
	{ "!(loads(t0, x) > 0)", 1, NULL },
	{ "loadz(t1, x) == 1", 0, "unknown count function loadz" },
	{ "loads(t7, x) == 1", 0, "unknown thread t7" },
	{ "loads(t1, nosuch) == 1", 0, "unknown shared variable nosuch" },
	{ "1 == 1", 0, "counts something" },
	{ "done", 0, "unknown count function done" },
	{ "loads(t1, x) == 1 ||", 0, "ends too early" },
	{ "loads(t1 x) == 1", 0, "expected ','" },
	/* value flow: a third argument, the use; path-aware order: a second variable */
	{ "stale_loads_to(t1, x, deref) == 1 && loads_to(t1, x, r1) >= 1", 1, NULL },
	{ "first_load_to(t1, x, branch) == 1 && stored_before(t1, x, y)", 1, NULL },
	{ "last_load_to(t1, y, x) == 1 && loaded_before(t1, y, x) == 1", 1, NULL },
	{ "stale_loads_to(t1, x) == 1", 0, "expected ',' and a use" },
	{ "loads_to(t1, x, nosuch) == 1", 0, "unknown use nosuch" },
	{ "loads_to(t1, x, 3) == 1", 0, "expected a use" },
	{ "stored_before(t1, x, r1) == 1", 0, "unknown shared variable r1" },
	{ "stored_before(t1, x) == 1", 0, "a second shared variable" },
	{ "loads(t1, x, deref) == 1", 0, "expected ')'" },
};

static void test_evidence(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof evidence_cases / sizeof evidence_cases[0]; i++) {
		const struct evidence_case *c = &evidence_cases[i];
		if (c->error)
			evidence_error(c->src, c->error);
		else if ((evidence(c->src) != 0) != c->holds)
			fail_msg("'%s': want it to %s", c->src, c->holds ? "hold" : "not hold");
	}
	char err[300];
	json_t *t = pred_parse("stale_loads_to(t1, x, deref) == 1", PRED_EVIDENCE, &evn, err,
			       sizeof err);
	assert_non_null(t);
	json_t *atom = json_array_get(json_object_get(t, "args"), 0);
	assert_string_equal(json_string_value(json_object_get(atom, "arg")), "deref");
	assert_string_equal(json_string_value(json_object_get(atom, "fn")), "stale_loads_to");
	json_decref(t);
}

/* The tree's shape is the contract of examples/README.md ("Predicate trees"). */
static void test_tree(void **state)
{
	(void)state;
	const char *t1[] = { "t0", "t1" }, *v1[] = { "r1" };
	struct pred_names n = { t1, 2, v1, 1, 0, 1, NULL, 0 };
	char err[300];
	json_t *t = pred_parse("!done && r1 + 1 == 0x10 || crash(check) || hang(t1) || -r1 < 0",
			       PRED_OUTCOME, &n, err, sizeof err);
	if (!t)
		fail_msg("%s", err);
	char *s = json_dumps(t, JSON_COMPACT | JSON_PRESERVE_ORDER);
	assert_string_equal(
		s,
		"{\"op\":\"||\",\"args\":[{\"op\":\"||\",\"args\":[{\"op\":\"||\",\"args\":[{\"op\":\"&&\",\"args\":["
		"{\"op\":\"!\",\"args\":[{\"op\":\"done\"}]},{\"op\":\"==\",\"args\":[{\"op\":\"+\",\"args\":["
		"{\"op\":\"var\",\"name\":\"r1\"},{\"op\":\"int\",\"value\":1}]},{\"op\":\"int\",\"value\":16}]}]},"
		"{\"op\":\"crash\",\"thread\":\"check\"}]},{\"op\":\"hang\",\"thread\":\"t1\"}]},{\"op\":\"<\",\"args\":["
		"{\"op\":\"neg\",\"args\":[{\"op\":\"var\",\"name\":\"r1\"}]},{\"op\":\"int\",\"value\":0}]}]}");
	free(s);
	json_decref(t);
	/* a column in every message, deep nesting refused without a crash */
	assert_null(pred_parse("r1 == 1 )", PRED_OUTCOME, &n, err, sizeof err));
	assert_non_null(strstr(err, "(column 9)"));
	char deep[400];
	memset(deep, '(', 300);
	strcpy(deep + 300, "r1");
	assert_null(pred_parse(deep, PRED_OUTCOME, &n, err, sizeof err));
	assert_non_null(strstr(err, "nested too deeply"));
	memset(deep, '!', 300);
	assert_null(pred_parse(deep, PRED_OUTCOME, &n, err, sizeof err));
}

/* A message longer than the caller's buffer is cut visibly: it ends in "...". */
static void test_long_message(void **state)
{
	(void)state;
	const char *t1[] = { "t0" }, *v1[] = { "r1" };
	struct pred_names n = { t1, 1, v1, 1, 0, 1, NULL, 0 };
	char err[24];
	assert_null(
		pred_parse("a_variable_nobody_declared == 1", PRED_OUTCOME, &n, err, sizeof err));
	assert_int_equal(strlen(err), sizeof err - 1);
	assert_string_equal(err + sizeof err - 4, "...");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_evidence),
		cmocka_unit_test(test_tree),
		cmocka_unit_test(test_long_message),
	};
	return cmocka_run_group_tests_name("asm predicates", tests, NULL, NULL);
}
