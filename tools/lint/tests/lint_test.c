/* lint_test: the content lints' self-test (`make lint-test`). Runs `sitegen --lint` on copies of the
 * fixture site tests/fixtures/good: the fixture as committed is clean; each rule (spelling, copied
 * 12-word runs, a quiz per page, glossary links) fails with its `path:line: message` on a planted case,
 * and the cases it must leave alone stay quiet. Also: the committed hash lists are what the documented
 * command makes, and the real article's list is well formed. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "shingles.h"
#include "testutil.h"
#include "util.h"

static const char *const lint_args[] = { "--lint",     "--content",	      "content",
					 "--config",   "config.lua",	      "--words",
					 "words.txt",  "--shingles",	      "source-shingles.txt",
					 "--glossary", "content/glossary.md", NULL };

static struct run_result lint(const char *dir)
{
	return test_run_args(dir, lint_args);
}

/* Copies the fixture, writes `text` to `rel` (appends when append is set), lints, and expects exit 1 with
 * exactly `want` on stdout and nothing on stderr. */
static void expect_lint(const char *rel, int append, const char *text, const char *want)
{
	char *dir = test_copy_fixture("good");
	(append ? test_append : test_write)(dir, rel, text);
	struct run_result r = lint(dir);
	if (strcmp(r.out, want) != 0 || r.status != 1 || *r.err)
		fail_msg("planted in %s: exit %d\n--- stdout:\n%s--- want:\n%s--- stderr:\n%s", rel,
			 r.status, r.out, want, r.err);
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

static void fixture_is_clean(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("good");
	struct run_result r = lint(dir);
	if (r.status != 0)
		fail_msg("exit %d:\n%s%s", r.status, r.out, r.err);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, "");
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

/* Misspellings in every kind of prose are found at their line; code, URLs, link targets, quiz ids and
 * outcome predicates are not prose. */
static void spelling(void **state)
{
	(void)state;
	expect_lint(
		"content/page.md", 1,
		"\n"		  /* 35 */
		"## A headding\n" /* 36 */
		"\n"
		"Plain txt, *emphasys* and [a lnk](index.md) and `codez`.\n" /* 38 */
		"\n"
		"| col | colum |\n" /* 40 */
		"|---|---|\n"
		"| x | `y` |\n"
		"\n"
		"<details><summary>Hnt</summary>\n" /* 44 */
		"\n"
		"</details>\n"
		"\n"
		"See https://example.org/typos-heer and [fine](index.md).\n"
		"\n"
		"```quiz\n" /* 50 */
		"id: typo-idd\n"
		"Q: Whta is\n"			 /* 52 */
		"  continued on a secnd line?\n" /* 53 */
		"( ) Rigth\n"			 /* 54 */
		"  -> Nope, worng.\n"		 /* 55 */
		"(x) Yes, `spelld` in code.\n"
		"E: Becuase.\n" /* 57 */
		"```\n"
		"\n"
		"```quiz\n"
		"outcomes: topic/demo plain\n"
		"Q: Which outcomes?\n"
		"[?] r1 == 0 && fooo(t1)\n"
		"```\n"
		"\n"
		"```c\n"
		"int mispeled;\n"
		"```\n",
		"content/page.md:36: unknown word \"headding\" (fix it or add it to words.txt)\n"
		"content/page.md:38: unknown word \"txt\" (fix it or add it to words.txt)\n"
		"content/page.md:38: unknown word \"emphasys\" (fix it or add it to words.txt)\n"
		"content/page.md:38: unknown word \"lnk\" (fix it or add it to words.txt)\n"
		"content/page.md:40: unknown word \"colum\" (fix it or add it to words.txt)\n"
		"content/page.md:44: unknown word \"Hnt\" (fix it or add it to words.txt)\n"
		"content/page.md:52: unknown word \"Whta\" (fix it or add it to words.txt)\n"
		"content/page.md:53: unknown word \"secnd\" (fix it or add it to words.txt)\n"
		"content/page.md:54: unknown word \"Rigth\" (fix it or add it to words.txt)\n"
		"content/page.md:55: unknown word \"worng\" (fix it or add it to words.txt)\n"
		"content/page.md:57: unknown word \"Becuase\" (fix it or add it to words.txt)\n");
	/* front-matter values are prose (a code span in them is not); keys are not */
	expect_lint(
		"content/front.md", 0,
		"---\ntitle: Teh title\norder: 5\nsummary: Uses `frobnicatex` and a typpo.\n"
		"section: Sektion\n---\n\n```quiz\nQ: q?\nA: a.\n```\n",
		"content/front.md:2: unknown word \"Teh\" (fix it or add it to words.txt)\n"
		"content/front.md:4: unknown word \"typpo\" (fix it or add it to words.txt)\n"
		"content/front.md:5: unknown word \"Sektion\" (fix it or add it to words.txt)\n");
}

/* A 12-word run of the source text fails wherever it is and however it is cased, punctuated or wrapped
 * (code and front matter included); 11 words do not. */
static void copied_runs(void **state)
{
	(void)state;
	expect_lint(
		"content/copy.md", 0,
		"---\ntitle: Copy\norder: 6\nsummary: Copies.\n---\n\n"
		"Our own words. A QUIET lighthouse-keeper counts the herring\n" /* 7 */
		"boats, every evening... before the TIDE turns. More of ours.\n"
		"\n"
		"Eleven words only: a quiet lighthouse keeper counts the herring boats every evening before.\n"
		"\n"
		"```c\n"
		"/* nobody ever reads that ledger but the keeper says a list that */\n" /* 13 */
		"```\n"
		"\n"
		"```quiz\nQ: q?\nA: a.\n```\n",
		"content/copy.md:7: 12 words copied from the article: \"a quiet lighthouse keeper counts the "
		"herring boats every evening before the\"\n"
		"content/copy.md:13: 12 words copied from the article: \"nobody ever reads that ledger but the "
		"keeper says a list that\"\n");
}

static void quiz_per_page(void **state)
{
	(void)state;
	expect_lint(
		"content/noquiz.md", 0,
		"---\ntitle: No quiz\norder: 7\nsummary: None.\n---\n\nJust text, and a fence:\n\n"
		"```text\nquiz\n```\n",
		"content/noquiz.md:1: page has no quiz (add a ```quiz block)\n");
}

/* The first use in prose of each glossary term must be in a link to the glossary: across a line break,
 * in emphasis, as a plural; a link elsewhere does not count; the suggestion is relative to the page. */
static void glossary_links(void **state)
{
	(void)state;
	expect_lint(
		"content/labs/terms.md", 0,
		"---\ntitle: Terms\norder: 30\nsummary: Terms.\n---\n\n"
		"## A data race in a heading does not count\n"
		"\n"
		"First a *data\n" /* 9 */
		"race*, then [memory models](../page.md) linked elsewhere, then a plain-access (hyphen: no).\n"
		"Later [data race](../glossary.md#data-race) is too late. Plain accesses come last.\n"
		"\n"
		"```quiz\nQ: A plain access?\nA: a.\n```\n",
		"content/labs/terms.md:9: first use of glossary term \"Data race\" is not linked to the glossary "
		"(write [data race](../glossary.md#data-race))\n"
		"content/labs/terms.md:10: first use of glossary term \"Memory model\" is not linked to the "
		"glossary (write [memory models](../glossary.md#memory-model))\n"
		"content/labs/terms.md:11: first use of glossary term \"Plain access\" is not linked to the "
		"glossary (write [Plain accesses](../glossary.md#plain-access))\n");
}

/* The lints cannot run without their inputs: an error, not a clean pass. */
static void missing_inputs_are_errors(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("good");
	static const char *const no_glossary[] = { "--lint",	"--content",  "content",
						   "--config",	"config.lua", "--words",
						   "words.txt", "--glossary", "content/gloss.md",
						   NULL };
	struct run_result r = test_run_args(dir, no_glossary);
	assert_int_equal(r.status, 1);
	assert_string_equal(
		r.err, "content/gloss.md: no such page: the glossary must be a page of the site\n");
	run_result_free(&r);
	static const char *const no_list[] = { "--lint",    "--content",  "content",
					       "--config",  "config.lua", "--words",
					       "words.txt", "--shingles", "nowhere.txt",
					       NULL };
	r = test_run_args(dir, no_list);
	assert_int_equal(r.status, 1);
	assert_string_equal(
		r.err,
		"nowhere.txt: cannot read the shingle hash list: No such file or directory\n");
	run_result_free(&r);
	test_write(dir, "bad-list.txt", "# a comment\n0123456789abcdef\nnot-a-hash\n");
	static const char *const bad_list[] = { "--lint",    "--content",  "content",
						"--config",  "config.lua", "--words",
						"words.txt", "--shingles", "bad-list.txt",
						NULL };
	r = test_run_args(dir, bad_list);
	assert_int_equal(r.status, 1);
	assert_string_equal(r.err, "bad-list.txt:3: not a 16-digit hex hash: 'not-a-hash'\n");
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

/* The committed test list is exactly what `sitegen --shingle-hashes` makes of the fixture's source text,
 * and the real article's list (tools/lint/article-shingles.txt) is a well-formed list of the size its
 * header states. */
static void hash_lists(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("good");
	static const char *const regen[] = { "--shingle-hashes", "source.txt", NULL };
	struct run_result r = test_run_args(dir, regen);
	assert_int_equal(r.status, 0);
	char *committed = test_read(dir, "source-shingles.txt");
	assert_string_equal(r.out, committed);
	free(committed);
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
	const char *article = test_env_path("LINT_ARTICLE_SHINGLES");
	struct shingle_set set = { 0 };
	if (shingle_set_load(&set, article) != 0)
		fail_msg("%s", diag_message());
	char *text = read_file(article, NULL);
	const char *count = strstr(text, " hashes.\n");
	assert_non_null(count);
	while (count > text && count[-1] >= '0' && count[-1] <= '9')
		count--;
	assert_true(set.n > 1000);
	assert_int_equal(set.n, strtoul(count, NULL, 10));
	free(text);
	shingle_set_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fixture_is_clean), cmocka_unit_test(spelling),
		cmocka_unit_test(copied_runs),	    cmocka_unit_test(quiz_per_page),
		cmocka_unit_test(glossary_links),   cmocka_unit_test(missing_inputs_are_errors),
		cmocka_unit_test(hash_lists),
	};
	return cmocka_run_group_tests_name("lint", tests, NULL, NULL);
}
