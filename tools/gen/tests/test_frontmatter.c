/* test_frontmatter: the page front-matter parser, valid input and every error with its line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "diag.h"
#include "frontmatter.h"

static void parses_all_keys(void **state)
{
	(void)state;
	struct front_matter fm;
	const char *text =
		"---\ntitle: Load fusing\norder: 30\nsummary: One load, reused.\nsection: Transformations\n"
		"slug: fusing\ntemplate: wide.html\nnav: false\n---\n# Body\n";
	assert_int_equal(front_matter_parse("content/x.md", text, &fm), 0);
	assert_string_equal(fm.title, "Load fusing");
	assert_int_equal(fm.order, 30);
	assert_string_equal(fm.summary, "One load, reused.");
	assert_string_equal(fm.section, "Transformations");
	assert_string_equal(fm.slug, "fusing");
	assert_string_equal(fm.template_name, "wide.html");
	assert_int_equal(fm.template_line, 7);
	assert_int_equal(fm.nav, 0);
	assert_int_equal(fm.body_line, 10);
	assert_string_equal(fm.body, "# Body\n");
	front_matter_free(&fm);
}

static void optional_keys_default(void **state)
{
	(void)state;
	struct front_matter fm;
	assert_int_equal(front_matter_parse(
				 "c.md",
				 "---\ntitle: \"Quoted: yes\"\norder: -2\nsummary: s\n---\n", &fm),
			 0);
	assert_string_equal(fm.title, "Quoted: yes");
	assert_int_equal(fm.order, -2);
	assert_null(fm.section);
	assert_null(fm.slug);
	assert_null(fm.template_name);
	assert_int_equal(fm.nav, 1);
	assert_string_equal(fm.body, "");
	front_matter_free(&fm);
}

static void expect_error(const char *text, const char *message)
{
	struct front_matter fm;
	diag_clear();
	assert_int_equal(front_matter_parse("content/p.md", text, &fm), -1);
	assert_string_equal(diag_message(), message);
}

static void errors_have_lines(void **state)
{
	(void)state;
	expect_error("title: x\n",
		     "content/p.md:1: missing front matter: the first line must be '---'");
	expect_error("---\ntitle: x\norder: 1\n",
		     "content/p.md:3: front matter not closed: no '---' line after the keys");
	expect_error("---\ntitle: x\norder: 1\nsummary: s\ncolour: red\n---\n",
		     "content/p.md:5: unknown front-matter key 'colour'");
	expect_error("---\ntitle: x\njust words\n---\n",
		     "content/p.md:3: front-matter line is not 'key: value': 'just words'");
	expect_error("---\ntitle: x\ntitle: y\n---\n",
		     "content/p.md:3: duplicate front-matter key 'title'");
	expect_error("---\ntitle: x\norder: ten\n---\n",
		     "content/p.md:3: order must be an integer, not 'ten'");
	expect_error("---\ntitle: x\norder: 1\nsummary: s\nnav: maybe\n---\n",
		     "content/p.md:5: nav must be true or false, not 'maybe'");
	expect_error("---\norder: 1\nsummary: s\n---\n",
		     "content/p.md:4: front matter has no 'title' (required)");
	expect_error("---\ntitle: t\nsummary: s\n---\n",
		     "content/p.md:4: front matter has no 'order' (required)");
	expect_error("---\ntitle: t\norder: 1\n---\n",
		     "content/p.md:4: front matter has no 'summary' (required)");
	expect_error("---\ntitle:\n---\n", "content/p.md:2: front-matter key 'title' has no value");
	expect_error("---\ntitle: t\nslug: Bad Slug\n---\n",
		     "content/p.md:3: slug 'Bad Slug' may only use a-z, 0-9 and '-'");
	expect_error(
		"---\ntitle: t\ntemplate: ../x.html\n---\n",
		"content/p.md:3: template '../x.html' must be a file name in the templates directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_all_keys),
		cmocka_unit_test(optional_keys_default),
		cmocka_unit_test(errors_have_lines),
	};
	return cmocka_run_group_tests_name("frontmatter", tests, NULL, NULL);
}
