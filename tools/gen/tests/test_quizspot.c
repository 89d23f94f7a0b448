/* test_quizspot: the spot quiz's answer looked up in a data directory written here (an example's page
 * data and one cell's data script, as asm-tool collect writes them): the right lines, and each lookup
 * error with the page's file:line. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "datafiles.h"
#include "diag.h"
#include "quizspot.h"
#include "scriptjson.h"
#include "testutil.h"

static const char *EXAMPLE =
	"{\"title\": \"T\", \"targets\": [{\"target\": \"gcc-12/x86_64\", \"opts\": ["
	"{\"opt\": \"O2\", \"script\": \"data/asm/x/y/gcc-12/x86_64-O2.js\", \"key\": \"k\"},"
	"{\"opt\": \"O3\", \"script\": \"data/asm/x/y/gcc-12/x86_64-O3.js\", \"key\": \"k3\"}]}]}";

/* t1 reads v (right), returns (wrong); plain holds with the read counted, fixed does not hold,
 * transformed holds with an atom that counted nothing. */
static const char *CELL =
	"{\"variants\": {\"plain\": {\"t1\": [{\"name\": \"t1\", \"insns\": ["
	"{\"addr\": \"0\", \"text\": \"mov v,%eax\", \"src\": 7, \"acc\": [{\"var\": \"v\", \"kind\": "
	"\"load\", \"width\": 4, \"offset\": 0}]}, {\"addr\": \"6\", \"text\": \"ret\", \"src\": 8}]}]},"
	"\"fixed\": {\"t1\": []}, \"transformed\": {\"t1\": []}},"
	"\"evidence\": {\"plain\": {\"holds\": true, \"says\": \"t1 reads v once\", \"predicates\": [{"
	"\"atoms\": [{\"atom\": \"loads(t1, v)\", \"thread\": \"t1\", \"text\": \"t1 reads v once\","
	"\"insns\": [[0, 0]]}]}]},"
	"\"fixed\": {\"holds\": false, \"says\": \"t1 never reads v\", \"predicates\": []},"
	"\"transformed\": {\"holds\": true, \"says\": \"s\", \"predicates\": [{\"atoms\": [{\"atom\": "
	"\"stores(t1, v)\", \"thread\": \"t1\", \"text\": \"t1 never writes v\", \"insns\": []}]}]}}}";

static char *dir;

static int setup(void **state)
{
	(void)state;
	dir = test_copy_fixture("basic");
	test_write(dir, "data/examples/x/y.json", EXAMPLE);
	json_error_t err;
	json_t *cell = json_loads(CELL, 0, &err);
	assert_non_null(cell);
	char *script = script_json_data("test", "k", cell);
	test_write(dir, "data/site/asm/x/y/gcc-12/x86_64-O2.js", script);
	test_write(dir, "data/site/asm/x/y/gcc-12/x86_64-O3.js", "var x = 1;\n");
	free(script);
	json_decref(cell);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	datafiles_free();
	test_rm_rf(dir);
	free(dir);
	return 0;
}

/* The quiz text's HTML (0) or the error (-1, message in diag). */
static int render(const char *text, struct buf *out)
{
	struct quiz q;
	assert_int_equal(quiz_parse("content/p.md", 10, text, "p-q1", &q), 0);
	char *data = xasprintf("%s/data", dir);
	const struct quiz_links l = { NULL, NULL };
	diag_clear();
	int rc = quiz_spot_html(&q, "content/p.md", data, &l, out);
	free(data);
	quiz_free(&q);
	return rc;
}

static void expect_error(const char *text, const char *message)
{
	struct buf b = { 0 };
	assert_int_equal(render(text, &b), -1);
	assert_string_equal(diag_message(), message);
	buf_free(&b);
}

static void answer(void **state)
{
	(void)state;
	struct buf b = { 0 };
	assert_int_equal(render("spot: x/y gcc-12/x86_64/O2 plain\nQ: Tick.\n", &b), 0);
	assert_non_null(strstr(b.data, "data-quiz-type=\"spot\" data-spot-example=\"x/y\""));
	assert_non_null(strstr(
		b.data,
		"data-choice=\"1\" data-correct=\"true\"><label><input type=\"checkbox\" name=\"quiz-p-q1\" "
		"value=\"1\"> <span class=\"quiz-choice-text\"><span class=\"asm-addr\">0</span> <code "
		"class=\"asm-text\">mov v,%eax</code>"));
	assert_non_null(strstr(b.data,
			       "<p class=\"quiz-verdict\">Right.</p><p>A load of v "
			       "(4&nbsp;B), from line 7: the evidence counts it (t1 reads v "
			       "once).</p>"));
	assert_non_null(strstr(b.data, "data-choice=\"2\" data-correct=\"false\""));
	assert_non_null(strstr(b.data,
			       "<li data-correct=\"true\"><strong>Right:</strong> <code>0  mov "
			       "v,%eax</code>"));
	assert_null(strstr(b.data, "data-choice=\"3\""));
	buf_free(&b);
	assert_int_equal(
		render("spot: x/y gcc-12/x86_64/O2 plain\natom: loads(t1, v)\nQ: T.\n", &b), 0);
	buf_free(&b);
}

static void errors(void **state)
{
	(void)state;
	char *expected = xasprintf(
		"content/p.md:10: spot: no example 'x/z' (expected %s/data/examples/x/z.json)",
		dir);
	expect_error("spot: x/z gcc-12/x86_64/O2 plain\nQ: q\n", expected);
	free(expected);
	expect_error("spot: x/y gcc-12/x86_64/O1 plain\nQ: q\n",
		     "content/p.md:10: spot: example 'x/y' has no cell 'gcc-12/x86_64/O1'");
	expect_error("spot: x/y clang-14/x86_64/O2 plain\nQ: q\n",
		     "content/p.md:10: spot: example 'x/y' has no cell 'clang-14/x86_64/O2'");
	expect_error("spot: x/y gcc-12/x86_64/O2 other\nQ: q\n",
		     "content/p.md:10: spot: example 'x/y' has no variant 'other' with evidence");
	expect_error(
		"spot: x/y gcc-12/x86_64/O2 fixed\nQ: q\n",
		"content/p.md:10: spot: the evidence of the fixed variant of 'x/y' does not hold "
		"on gcc-12/x86_64/O2, so there is nothing to spot (t1 never reads v)");
	expect_error(
		"spot: x/y gcc-12/x86_64/O2 transformed\nQ: q\n",
		"content/p.md:10: spot: the evidence of the transformed variant of 'x/y' matched "
		"no instruction on gcc-12/x86_64/O2");
	expect_error(
		"spot: x/y gcc-12/x86_64/O2 plain\natom: loads(t1, w)\nQ: q\n",
		"content/p.md:11: atom 'loads(t1, w)' is not in the evidence of the plain variant "
		"of 'x/y' on gcc-12/x86_64/O2 (its atoms: 'loads(t1, v)')");
	expected =
		xasprintf("%s/data/site/asm/x/y/gcc-12/x86_64-O3.js:1: invalid data script: not a "
			  "data script: no 'window.COURSE_DATA[' line",
			  dir);
	expect_error("spot: x/y gcc-12/x86_64/O3 plain\nQ: q\n", expected);
	free(expected);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(answer),
		cmocka_unit_test(errors),
	};
	return cmocka_run_group_tests_name("quizspot", tests, setup, teardown);
}
