/* test_sideout: the outputs a page's render adds with write_output(path, text) (sideout.h, engine.h):
 * which paths are refused, and a build's handling of them: written into the site, kept while their
 * page is up to date, rewritten with it, removed when no render writes them any more, and refused
 * (with the site left as it was) when they would leave the site or clash with another output. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sideout.h"
#include "testutil.h"
#include "util.h"

static void paths_stay_inside_the_site(void **state)
{
	(void)state;
	static const char *const good[] = { "a.html", "records/ex-a.record.js", "x/y/z_1-2.txt",
					    ".hidden", "a..b" };
	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		assert_null(sideout_bad_path(good[i]));
	static const char *const bad[] = { "",	     "/etc/passwd", "../x", "a/../b",	"a/./b",
					   "a//b",   "a/",	    ".",    "a b.html", "a\\b",
					   "é.html", "a?b",	    "a/.." };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		if (!sideout_bad_path(bad[i]))
			print_error("accepted '%s'\n", bad[i]);
		assert_non_null(sideout_bad_path(bad[i]));
	}
	char longp[SIDEOUT_MAX + 2];
	memset(longp, 'a', sizeof longp - 1);
	longp[sizeof longp - 1] = '\0';
	assert_non_null(sideout_bad_path(longp));
	longp[SIDEOUT_MAX] = '\0';
	assert_null(sideout_bad_path(longp));
}

static int exists(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);
	struct stat st;
	int r = stat(p, &st) == 0;
	free(p);
	return r;
}

/* the page template of the fixture, each page writing `what` (a Lua expression: nil writes nothing) */
static void side_template(const char *dir, const char *what)
{
	char *line =
		xasprintf("{%% local w = %s; if w then write_output(w, \"side of \" .. page.title) "
			  "end %%}\n",
			  what);
	test_append(dir, "templates/page.html", line);
	free(line);
}

static void outputs_follow_their_page(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("basic");
	char *page = test_read(dir, "templates/page.html");
	side_template(dir, "page.slug == 'first' and 'notes/first.txt'");
	struct run_result r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	run_result_free(&r);
	char *side = test_read(dir, "out/site/notes/first.txt");
	assert_non_null(strstr(side, "side of "));
	free(side);
	/* nothing changed: nothing rendered, the output stays; another page changed: it stays too */
	r = test_run_sitegen(dir);
	assert_string_equal(r.out, "");
	run_result_free(&r);
	test_append(dir, "content/second.md", "\nMore.\n");
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	assert_null(strstr(r.out, "content/first.md"));
	run_result_free(&r);
	assert_true(exists(dir, "out/site/notes/first.txt"));
	/* deleted from the site: its page is rendered again */
	char *f = xasprintf("%s/out/site/notes/first.txt", dir);
	unlink(f);
	free(f);
	r = test_run_sitegen(dir);
	assert_non_null(strstr(r.out, "content/first.md"));
	run_result_free(&r);
	assert_true(exists(dir, "out/site/notes/first.txt"));
	/* no render writes it any more: it goes */
	test_write(dir, "templates/page.html", page);
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	run_result_free(&r);
	assert_false(exists(dir, "out/site/notes/first.txt"));
	free(page);
	test_rm_rf(dir);
	free(dir);
}

/* what a page writes (a Lua expression), and the error the build must stop with */
static void expect_refused(const char *what, const char *message)
{
	char *dir = test_copy_fixture("basic");
	struct run_result r = test_run_sitegen(dir);
	run_result_free(&r);
	char *out = xasprintf("%s/out", dir);
	char *before = test_tree_digest(out);
	side_template(dir, what);
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 1);
	if (!strstr(r.err, message))
		print_error("stderr was: %s", r.err);
	assert_non_null(strstr(r.err, message));
	run_result_free(&r);
	char *after = test_tree_digest(out);
	assert_string_equal(before, after);
	free(before);
	free(after);
	free(out);
	test_rm_rf(dir);
	free(dir);
}

static void bad_outputs_stop_the_build(void **state)
{
	(void)state;
	expect_refused("'../escape.txt'", "write_output('../escape.txt'): a '.' or '..' segment");
	expect_refused("page.slug == 'first' and 'second.html'",
		       "write_output('second.html'): the path of another output of the site");
	expect_refused("'notes/same.txt'",
		       "write_output('notes/same.txt'): written twice (by this page or another)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(paths_stay_inside_the_site),
		cmocka_unit_test(outputs_follow_their_page),
		cmocka_unit_test(bad_outputs_stop_the_build),
	};
	return cmocka_run_group_tests_name("sideout", tests, NULL, NULL);
}
