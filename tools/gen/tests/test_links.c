/* test_links: page-link resolution, relative prefixes from subdirectories, anchors, and the rewritten
 * links in rendered pages of the fixture site (including missing targets, which site_load rejects). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "links.h"
#include "render.h"
#include "site.h"
#include "testutil.h"

static void check_target(const char *from, const char *url, int want, const char *target,
			 const char *anchor)
{
	char *t, *a;
	assert_int_equal(link_page_target(from, url, &t, &a), want);
	if (target)
		assert_string_equal(t, target);
	else
		assert_null(t);
	if (anchor)
		assert_string_equal(a, anchor);
	else
		assert_null(a);
	free(t);
	free(a);
}

static void resolves_page_links(void **state)
{
	(void)state;
	check_target("content/intro.md", "load-fusing.md", 1, "content/load-fusing.md", NULL);
	check_target("content/intro.md", "load-fusing.md#the-loop", 1, "content/load-fusing.md",
		     "the-loop");
	check_target("content/intro.md", "labs/polling.md", 1, "content/labs/polling.md", NULL);
	check_target("content/labs/polling.md", "../intro.md#x", 1, "content/intro.md", "x");
	check_target("content/labs/polling.md", "seqlock.md", 1, "content/labs/seqlock.md", NULL);
	check_target("content/labs/polling.md", "./../labs/./seqlock.md", 1,
		     "content/labs/seqlock.md", NULL);
	check_target("content/intro.md", "../../../x.md", -1, NULL, NULL);
	check_target("content/intro.md", "https://lwn.net/Articles/793253/", 0, NULL, NULL);
	check_target("content/intro.md", "mailto:x@example.org", 0, NULL, NULL);
	check_target("content/intro.md", "//cdn.example/x.md", 0, NULL, NULL);
	check_target("content/intro.md", "/abs.md", 0, NULL, NULL);
	check_target("content/intro.md", "#local", 0, NULL, NULL);
	check_target("content/intro.md", "image.png", 0, NULL, NULL);
}

static void root_prefixes(void **state)
{
	(void)state;
	char *p = link_root_prefix("intro.html");
	assert_string_equal(p, "");
	free(p);
	p = link_root_prefix("labs/polling.html");
	assert_string_equal(p, "../");
	free(p);
	p = link_root_prefix("a/b/c.html");
	assert_string_equal(p, "../../");
	free(p);
	p = link_normalize("content/./labs/../x.md");
	assert_string_equal(p, "content/x.md");
	free(p);
	assert_null(link_normalize("../x"));
	p = link_normalize("/tmp/x/./content//labs/../a.md"); /* an absolute path stays absolute */
	assert_string_equal(p, "/tmp/x/content/a.md");
	free(p);
	assert_null(link_normalize("/.."));
}

static struct options fixture_options = { "content",	"templates", "static",	  "data",
					  "config.lua", "out/site",  "out/state", NULL };

static void rendered_links_are_relative(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("basic");
	char cwd[4096];
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(dir), 0);
	struct site s;
	assert_int_equal(site_load(&s, &fixture_options), 0);
	render_init(&s, "2026-01-01", "");
	struct page *lab = site_page_by_source(&s, "content/labs/lab-one.md");
	struct page *first = site_page_by_source(&s, "content/first.md");
	assert_non_null(lab);
	assert_string_equal(lab->root, "../");
	struct buf b = { 0 };
	assert_int_equal(render_body(&s, lab, &b), 0);
	assert_non_null(
		strstr(b.data, "<a href=\"../first.html#loads-stores-2\">the first page</a>"));
	buf_free(&b);
	assert_int_equal(render_body(&s, first, &b), 0);
	assert_non_null(strstr(b.data, "<a href=\"labs/lab-one.html#a-lab-heading\">the lab</a>"));
	assert_non_null(strstr(b.data, "<a href=\"#loads-stores\">below</a>"));
	assert_non_null(strstr(b.data, "<a href=\"https://example.com\">"));
	buf_free(&b);
	render_finish();
	site_free(&s);
	assert_int_equal(chdir(cwd), 0);
	test_rm_rf(dir);
	free(dir);
}

static void expect_load_error(const char *file, const char *text, const char *message)
{
	char *dir = test_copy_fixture("basic");
	test_append(dir, file, text);
	char cwd[4096];
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(dir), 0);
	struct site s;
	diag_clear();
	assert_int_equal(site_load(&s, &fixture_options), -1);
	assert_string_equal(diag_message(), message);
	site_free(&s);
	assert_int_equal(chdir(cwd), 0);
	test_rm_rf(dir);
	free(dir);
}

static void missing_targets_are_errors(void **state)
{
	(void)state;
	/* content/second.md has 19 lines and lab-one.md 9: appended text starts after them */
	expect_load_error(
		"content/second.md", "\nSee [nothing](nowhere.md).\n",
		"content/second.md:21: link to a missing page 'nowhere.md' (no file content/nowhere.md)");
	expect_load_error(
		"content/second.md", "\nSee [lab](labs/lab-one.md#no-such-heading).\n",
		"content/second.md:21: link 'labs/lab-one.md#no-such-heading': content/labs/lab-one.md has no "
		"heading or quiz with id 'no-such-heading'");
	expect_load_error(
		"content/labs/lab-one.md", "\nA\n[self](#missing) link.\n",
		"content/labs/lab-one.md:12: link '#missing': content/labs/lab-one.md has no heading or quiz "
		"with id 'missing'");
	expect_load_error(
		"content/labs/lab-one.md", "\n[up](../../../x.md)\n",
		"content/labs/lab-one.md:11: link '../../../x.md' climbs above the site root");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(resolves_page_links),
		cmocka_unit_test(root_prefixes),
		cmocka_unit_test(rendered_links_are_relative),
		cmocka_unit_test(missing_targets_are_errors),
	};
	return cmocka_run_group_tests_name("links", tests, NULL, NULL);
}
