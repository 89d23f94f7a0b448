/* test_sitegen: runs the sitegen binary on fixture trees (tools/gen/tests/fixtures/): every bad-input case
 * must fail with its `path:line: message`, exit non-zero and leave the existing output byte-for-byte as it
 * was; and incremental rebuilds must render exactly what changed. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "fsutil.h"
#include "testutil.h"
#include "util.h"

/* Entries of dir/out other than "site" and "cache" (a leftover site.tmp-* is a bug). */
static int stray_entries(const char *dir)
{
	char *out = xasprintf("%s/out", dir);
	DIR *d = opendir(out);
	free(out);
	if (!d)
		return 0;
	int n = 0;
	struct dirent *de;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
		    strcmp(de->d_name, "site") && strcmp(de->d_name, "cache"))
			n++;
	closedir(d);
	return n;
}

static char *out_digest(const char *dir)
{
	char *out = xasprintf("%s/out", dir);
	char *d = test_tree_digest(out);
	free(out);
	return d;
}

struct bad_case {
	const char *overlay;
	const char *message;
};

static const struct bad_case bad_cases[] = {
	{ "bad/frontmatter-malformed",
	  "content/second.md:4: front-matter line is not 'key: value': 'this line has no colon'" },
	{ "bad/frontmatter-unknown", "content/second.md:5: unknown front-matter key 'colour'" },
	{ "bad/quiz-broken",
	  "content/second.md:12: a single-choice quiz needs exactly one '(x)', found 2" },
	{ "bad/link-page",
	  "content/second.md:9: link to a missing page 'missing-page.md' (no file content/missing-page.md)" },
	{ "bad/link-anchor",
	  "content/second.md:9: link 'first.md#no-such-heading': content/first.md has no heading or "
	  "quiz with id 'no-such-heading'" },
	{ "bad/template-missing",
	  "content/second.md:6: missing template 'nope.html' (templates/nope.html)" },
	{ "bad/lua-syntax", "templates/page.html:2: unexpected symbol near ')'" },
	{ "bad/lua-runtime",
	  "templates/layout.html:3: attempt to index a nil value (field 'no_such_table')" },
	{ "bad/data-missing",
	  "content/second.md:8: no data for example 'topic/nothing-here' (expected "
	  "data/examples/topic/nothing-here.json)" },
	{ "bad/quiz-duplicate-id",
	  "content/second.md:7: duplicate quiz id 'first-q' (also at content/first.md:24)" },
	{ "bad/outcome-predicate",
	  "content/second.md:10: predicate not evaluated by the explorer; add it to the "
	  "example's quiz predicates ('r1 == 42')" },
	{ "bad/spot-cell", "content/second.md:8: spot: example 'topic/demo' has no cell "
			   "'gcc-12/x86_64/O9'" },
	{ "bad/quiz-link",
	  "content/second.md:10: link 'first.md#nowhere': content/first.md has no heading or quiz with id "
	  "'nowhere'" },
	{ "bad/config-error", "config.lua:3: attempt to concatenate a nil value" },
	{ "bad/config-sandbox", "config.lua:3: attempt to index a nil value (global 'os')" },
	{ "bad/template-endless",
	  "templates/404.html:2: did not finish within 100000000 Lua instructions (an endless "
	  "loop?)" },
	{ "bad/inline-directive-arg",
	  "content/second.md:8: 'seen: ' names one thing, without spaces ('seen: two words')" },
	{ "bad/inline-directive-error",
	  "content/first.md:37: seen 'topic/demo': example topic/demo states nothing" },
};

/* Builds the fixture, plants a bad input with plant(dir, arg), and expects `message` on stderr, exit 1 and
 * the site exactly as it was; then the same on a first build (no site appears, nothing is left behind). */
static void expect_bad(void (*plant)(const char *dir, const char *arg), const char *arg,
		       const char *message)
{
	char *dir = test_copy_fixture("basic");
	struct run_result r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	run_result_free(&r);
	char *before = out_digest(dir);
	plant(dir, arg);
	r = test_run_sitegen(dir);
	char *want = xasprintf("%s\n", message);
	if (strcmp(r.err, want) != 0)
		print_error("case %s: stderr was: %s", arg ? arg : "", r.err);
	assert_string_equal(r.err, want);
	assert_int_equal(r.status, 1);
	char *after = out_digest(dir);
	assert_string_equal(before, after);
	assert_int_equal(stray_entries(dir), 0);
	free(want);
	free(before);
	free(after);
	run_result_free(&r);
	char *site = xasprintf("%s/out", dir);
	test_rm_rf(site);
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 1);
	char *index = xasprintf("%s/out/site/index.html", dir);
	struct stat st;
	assert_int_not_equal(stat(index, &st), 0);
	assert_int_equal(stray_entries(dir), 0);
	free(index);
	free(site);
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

static void plant_overlay(const char *dir, const char *overlay)
{
	test_overlay(overlay, dir);
}

static void bad_input_leaves_site_untouched(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++)
		expect_bad(plant_overlay, bad_cases[i].overlay, bad_cases[i].message);
}

static void symlink_in(const char *dir, const char *target, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);
	if (symlink(target, p) != 0)
		fail_msg("symlink %s: %s", p, strerror(errno));
	free(p);
}

static void plant_latin1(const char *dir, const char *arg)
{
	(void)arg;
	test_append(dir, "content/second.md", "\nCaf\xE9 au lait.\n"); /* ISO-8859-1, line 21 */
}
static void plant_overlong(const char *dir, const char *arg)
{
	(void)arg;
	test_append(dir, "content/second.md", "\nA slash: \xC0\xAF.\n"); /* overlong '/', line 21 */
}
static void plant_surrogate(const char *dir, const char *arg)
{
	(void)arg;
	test_append(dir, "content/second.md", "\n\xED\xA0\x80\n"); /* U+D800, line 21 */
}
static void plant_dir_loop(const char *dir, const char *arg)
{
	(void)arg;
	symlink_in(dir, "..", "content/labs/up");
}
static void plant_self_link(const char *dir, const char *arg)
{
	(void)arg;
	symlink_in(dir, "self.md", "content/self.md");
}
static void plant_broken_link(const char *dir, const char *arg)
{
	(void)arg;
	symlink_in(dir, "moved-away.md", "content/gone.md");
}
static void plant_unreadable_dir(const char *dir, const char *arg)
{
	(void)arg;
	char *p = xasprintf("%s/content/labs", dir);
	assert_int_equal(chmod(p, 0), 0);
	free(p);
}

/* Bytes that are not a page: not UTF-8, and content/ entries that cannot be listed. Each names the file
 * (and line) and leaves the site as it was. */
static void bad_bytes_and_entries_are_named(void **state)
{
	(void)state;
	expect_bad(plant_latin1, NULL,
		   "content/second.md:21: not valid UTF-8 (byte 0xE9 in column 4)");
	expect_bad(plant_overlong, NULL,
		   "content/second.md:21: not valid UTF-8 (byte 0xC0 in column 10)");
	expect_bad(plant_surrogate, NULL,
		   "content/second.md:21: not valid UTF-8 (byte 0xED in column 1)");
	expect_bad(
		plant_dir_loop, NULL,
		"content/labs/up: symbolic link loop (it leads back to a directory that contains it)");
	expect_bad(
		plant_self_link, NULL,
		"content/self.md: symbolic link loop (it leads back to a directory that contains it)");
	expect_bad(plant_broken_link, NULL,
		   "content/gone.md: broken symbolic link (its target does not exist)");
	if (geteuid() != 0) /* root reads every directory */
		expect_bad(plant_unreadable_dir, NULL, "content/labs: Permission denied");
	/* the site's own copy of a valid page is unaffected by the check: UTF-8 text goes through as is */
	char *dir = test_copy_fixture("basic");
	test_append(dir, "content/second.md", "\nCaf\xC3\xA9 \xF0\x9F\x98\x80\n");
	struct run_result r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	char *html = test_read(dir, "out/site/second.html");
	assert_non_null(strstr(html, "<p>Caf\xC3\xA9 \xF0\x9F\x98\x80</p>"));
	free(html);
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

/* Every page with CRLF line endings (one with lone CRs) builds byte-for-byte the site LF gives. */
static void crlf_builds_the_same_site(void **state)
{
	(void)state;
	char *lf = test_copy_fixture("basic"), *crlf = test_copy_fixture("basic");
	static const char *const pages[] = { "content/index.md", "content/first.md",
					     "content/second.md", "content/labs/lab-one.md" };
	for (size_t i = 0; i < sizeof pages / sizeof *pages; i++) {
		char *text = test_read(crlf, pages[i]);
		struct buf b = { 0 };
		for (const char *c = text; *c; c++)
			buf_puts(&b, *c != '\n' ? (char[]){ *c, 0 } : i == 3 ? "\r" : "\r\n");
		test_write(crlf, pages[i], b.data);
		buf_free(&b);
		free(text);
	}
	char *page = test_read(crlf, "content/first.md");
	assert_non_null(strstr(page, "---\r\ntitle: First page\r\n"));
	free(page);
	struct run_result a = test_run_sitegen(lf), b = test_run_sitegen(crlf);
	if (b.status != 0)
		print_error("CRLF build failed: %s", b.err);
	assert_int_equal(a.status, 0);
	assert_int_equal(b.status, 0);
	assert_string_equal(a.out, b.out);
	struct file_list la, lb;
	char *sa = xasprintf("%s/out/site", lf), *sb = xasprintf("%s/out/site", crlf);
	assert_int_equal(fs_list_files(sa, &la), 0);
	assert_int_equal(fs_list_files(sb, &lb), 0);
	assert_int_equal(la.n, lb.n);
	for (size_t i = 0; i < la.n; i++) {
		assert_string_equal(la.paths[i], lb.paths[i]);
		char *pa = xasprintf("%s/%s", sa, la.paths[i]),
		     *pb = xasprintf("%s/%s", sb, lb.paths[i]);
		size_t na, nb;
		char *x = read_file(pa, &na), *y = read_file(pb, &nb);
		if (na != nb || memcmp(x, y, na) != 0)
			fail_msg("out/site/%s differs between the LF and the CRLF build",
				 la.paths[i]);
		free(x);
		free(y);
		free(pa);
		free(pb);
	}
	fs_file_list_free(&la);
	fs_file_list_free(&lb);
	free(sa);
	free(sb);
	run_result_free(&a);
	run_result_free(&b);
	test_rm_rf(lf);
	test_rm_rf(crlf);
	free(lf);
	free(crlf);
}

static ino_t inode_of(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);
	struct stat st;
	ino_t ino = stat(p, &st) == 0 ? st.st_ino : 0;
	free(p);
	return ino;
}

static void first_build_renders_everything(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("basic");
	struct run_result r = test_run_sitegen(dir);
	if (r.status != 0)
		print_error("sitegen failed: %s", r.err);
	assert_int_equal(r.status, 0);
	assert_string_equal(
		r.out,
		"[1/11] content/index.md\n[2/11] content/first.md\n[3/11] content/second.md\n"
		"[4/11] content/labs/lab-one.md\n[5/11] print.html\n[6/11] 404.html\n"
		"[7/11] search-index.js\n[8/11] sitemap.xml\n[9/11] static/js/app.js\n"
		"[10/11] static/style.css\n[11/11] data/site/demo.js\n");
	char *lab = test_read(dir, "out/site/labs/lab-one.html");
	assert_non_null(strstr(lab, "href=\"../static/style.css\""));
	assert_non_null(strstr(lab, "<a href=\"../first.html#loads-stores-2\">"));
	assert_non_null(strstr(lab, "<a href=\"../first.html#quiz-first-q\">its quiz</a>"));
	/* template globals: sidebar with the current page, toc, breadcrumbs, sections, prev/next */
	assert_non_null(strstr(
		lab,
		"<nav><a href=\"../first.html\">First page</a> <a href=\"../second.html\">Second page</a> "
		"<a href=\"../labs/lab-one.html\" aria-current=\"page\">Lab one</a> </nav>"));
	assert_non_null(strstr(lab, "<p class=\"toc\"></p>")); /* only an h1: no h2/h3 in the toc */
	assert_non_null(strstr(
		lab,
		"<p class=\"crumbs\">Home=index.html / Labs=- / Lab one=labs/lab-one.html</p>"));
	assert_non_null(strstr(lab, "<p class=\"sections\">Basics:first,second Labs:lab-one</p>"));
	assert_non_null(strstr(lab, "<a rel=\"prev\" href=\"../second.html\">prev</a></main>"));
	char *first = test_read(dir, "out/site/first.html");
	assert_non_null(strstr(first, "<p class=\"toc\">loads-stores loads-stores-2</p>"));
	assert_non_null(strstr(
		first, "<figure class=\"example\" id=\"ex-topic/demo\" data-example=\"topic/demo\" "
		       "data-kind=\"page\"><figcaption>Demo &lt;example&gt;</figcaption>"));
	/* directive templates see the same globals as page templates: site (current page marked) and build */
	assert_non_null(strstr(first, "<p class=\"ex-site\">Fixture course|first.html|2|test</p>"));
	assert_non_null(strstr(
		first,
		"<a rel=\"prev\" href=\"index.html\">prev</a><a rel=\"next\" href=\"second.html\">next</a>"));
	assert_non_null(strstr(
		first, "<p>Yes, see <a href=\"labs/lab-one.html#a-lab-heading\">the lab</a>.</p>"));
	/* an inline directive: the code span `seen: topic/demo` becomes its template's HTML */
	/* (a qualifier after @ names the same file: the template sees the whole argument) */
	assert_non_null(strstr(first,
			       "<p>Inline data: <em class=\"seen\" data-arg=\"topic/demo\">Demo "
			       "&lt;example&gt;</em>\n in a sentence, <em class=\"seen\" "
			       "data-arg=\"topic/demo@one/cell\">Demo &lt;example&gt;</em>\n, and "
			       "<code>not: a directive</code>.</p>"));
	free(first);
	char *print = test_read(dir, "out/site/print.html");
	assert_non_null(strstr(print, "<section id=\"labs-lab-one\">"));
	assert_non_null(strstr(print, "<h2 id=\"first--loads-stores\">"));
	assert_non_null(strstr(print, "<a href=\"#first--loads-stores-2\">the first page</a> and "
				      "<a href=\"#quiz-first-q\">its quiz</a>"));
	assert_non_null(strstr(
		print,
		"<figure class=\"example\" id=\"first--ex-topic/demo\" data-example=\"topic/demo\" "
		"data-kind=\"print\">"));
	assert_non_null(strstr(print, "<p class=\"ex-site\">Fixture course|first.html|2|test</p>"));
	assert_non_null(strstr(
		print, "<p>Yes, see <a href=\"#labs-lab-one--a-lab-heading\">the lab</a>.</p>"));
	free(print);
	char *js = test_read(dir, "out/site/search-index.js");
	assert_non_null(strstr(
		js, "window.COURSE_SEARCH = [{\"title\":\"Welcome\",\"path\":\"index.html\""));
	free(js);
	free(lab);
	/* outcome quiz: correctness comes from data/outcomes/topic/demo.json (r1 == 0 reachable, hang(t1) not) */
	char *second = test_read(dir, "out/site/second.html");
	assert_non_null(strstr(
		second,
		"data-choice=\"1\" data-correct=\"true\"><label><input type=\"checkbox\" "
		"name=\"quiz-second-q1\" value=\"1\"> <span class=\"quiz-choice-text\"><code>r1 == 0</code>"));
	assert_non_null(strstr(
		second,
		"data-choice=\"2\" data-correct=\"false\"><label><input type=\"checkbox\" "
		"name=\"quiz-second-q1\" value=\"2\"> <span class=\"quiz-choice-text\"><code>hang(t1)</code>"));
	free(second);
	char *sitemap = test_read(dir, "out/site/sitemap.xml");
	assert_non_null(strstr(
		sitemap, "<url><loc>https://example.org/course/index.html</loc></url>\n"
			 "  <url><loc>https://example.org/course/first.html</loc></url>\n"
			 "  <url><loc>https://example.org/course/second.html</loc></url>\n"
			 "  <url><loc>https://example.org/course/labs/lab-one.html</loc></url>\n"));
	free(sitemap);
	char *notfound = test_read(dir, "out/site/404.html");
	assert_non_null(strstr(notfound, "<h1>Page not found</h1>"));
	free(notfound);
	char *copied = test_read(dir, "out/site/data/demo.js");
	assert_string_equal(copied, "window.COURSE_DATA = window.COURSE_DATA || {};\n");
	free(copied);
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

/* Absolute --content/--templates/... paths build the same site as relative ones (a leading '/' used to
 * be dropped when the page paths were normalised: "cannot read the page"). */
static void absolute_paths_build_the_same_site(void **state)
{
	(void)state;
	char *rel = test_copy_fixture("basic"), *abs = test_copy_fixture("basic");
	struct run_result a = test_run_sitegen_paths(abs, 1), b = test_run_sitegen_paths(rel, 0);
	if (a.status != 0)
		print_error("sitegen with absolute paths failed: %s", a.err);
	assert_int_equal(a.status, 0);
	assert_int_equal(b.status, 0);
	assert_non_null(strstr(a.out, "/content/labs/lab-one.md\n"));
	static const char *const outputs[] = {
		"index.html", "first.html",	 "second.html", "labs/lab-one.html", "print.html",
		"404.html",   "search-index.js", "sitemap.xml", "data/demo.js",	     NULL
	};
	for (int i = 0; outputs[i]; i++) {
		char rel_path[64];
		snprintf(rel_path, sizeof rel_path, "out/site/%s", outputs[i]);
		char *x = test_read(abs, rel_path), *y = test_read(rel, rel_path);
		assert_non_null(x);
		assert_string_equal(x, y);
		free(x);
		free(y);
	}
	/* a no-op rebuild with absolute paths renders nothing */
	run_result_free(&a);
	a = test_run_sitegen_paths(abs, 1);
	assert_int_equal(a.status, 0);
	assert_string_equal(a.out, "");
	/* errors name the page by its absolute path */
	test_append(abs, "content/first.md", "\n[broken](nowhere.md)\n");
	run_result_free(&a);
	a = test_run_sitegen_paths(abs, 1);
	assert_int_equal(a.status, 1);
	char want[600];
	snprintf(want, sizeof want, "%s/content/first.md:", abs);
	if (strncmp(a.err, want, strlen(want)) != 0)
		fail_msg("got '%s', want '%s...'", a.err, want);
	run_result_free(&a);
	run_result_free(&b);
	test_rm_rf(abs);
	test_rm_rf(rel);
	free(abs);
	free(rel);
}

/* search-index.js gives each heading the id its page's HTML carries (duplicates, non-ASCII text), so the
 * search box never re-derives ids. */
static void search_index_headings_carry_their_page_ids(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("basic");
	test_append(dir, "content/second.md", "\n## Ça — “quoted”\n\n## Outcomes\n");
	struct run_result r = test_run_sitegen(dir);
	if (r.status != 0)
		print_error("sitegen failed: %s", r.err);
	assert_int_equal(r.status, 0);
	char *js = test_read(dir, "out/site/search-index.js");
	const char *prefix = "window.COURSE_SEARCH = ";
	char *start = strstr(js, prefix);
	assert_non_null(start);
	start += strlen(prefix);
	char *end = strrchr(start, ';');
	assert_non_null(end);
	*end = '\0';
	json_error_t err;
	json_t *index = json_loads(start, 0, &err);
	if (!index)
		print_error("search-index.js is not JSON: %s (line %d)\n", err.text, err.line);
	assert_non_null(index);
	static const struct {
		const char *path, *ids[4], *texts[4];
	} want[] = {
		{ "first.html",
		  { "loads-stores", "loads-stores-2" },
		  { "Loads & stores", "Loads & stores" } },
		{ "second.html",
		  { "outcomes", "ça-quoted", "outcomes-2" },
		  { "Outcomes", "Ça — “quoted”", "Outcomes" } },
		{ "labs/lab-one.html", { "a-lab-heading" }, { "A lab heading" } },
	};
	for (size_t w = 0; w < sizeof want / sizeof want[0]; w++) {
		json_t *entry = NULL;
		size_t i;
		json_t *e;
		json_array_foreach(index, i, e) {
			if (!strcmp(json_string_value(json_object_get(e, "path")), want[w].path))
				entry = e;
		}
		assert_non_null(entry);
		json_t *hs = json_object_get(entry, "headings");
		size_t n = 0;
		while (n < 4 && want[w].ids[n])
			n++;
		assert_int_equal(json_array_size(hs), n);
		char *rel = xasprintf("out/site/%s", want[w].path);
		char *html = test_read(dir, rel);
		free(rel);
		assert_non_null(html);
		json_array_foreach(hs, i, e) {
			assert_true(json_is_object(e));
			const char *id = json_string_value(json_object_get(e, "id"));
			const char *text = json_string_value(json_object_get(e, "text"));
			assert_non_null(id);
			assert_non_null(text);
			assert_string_equal(id, want[w].ids[i]);
			assert_string_equal(text, want[w].texts[i]);
			/* the page itself has that id */
			char *attr = xasprintf(" id=\"%s\"", id);
			assert_non_null(strstr(html, attr));
			free(attr);
		}
		free(html);
	}
	json_decref(index);
	free(js);
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

static void noop_rebuild_renders_nothing(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("basic");
	struct run_result r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	run_result_free(&r);
	char *before = out_digest(dir);
	ino_t site_ino = inode_of(dir, "out/site");
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "");
	assert_string_equal(r.err, "");
	char *after = out_digest(dir);
	assert_string_equal(before, after); /* same files, same inodes: not even a swap */
	assert_true(inode_of(dir, "out/site") == site_ino);
	free(before);
	free(after);
	run_result_free(&r);
	/* a copied file touched but unchanged: still nothing rendered; same size, new bytes: copied */
	char *css = test_read(dir, "static/style.css");
	test_write(dir, "static/style.css", css);
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "");
	run_result_free(&r);
	css[0] = css[0] == 'b' ? 'B' : 'b';
	test_write(dir, "static/style.css", css);
	r = test_run_sitegen(dir);
	assert_string_equal(r.out, "[1/1] static/style.css\n");
	char *copied = test_read(dir, "out/site/static/style.css");
	assert_string_equal(copied, css);
	free(copied);
	free(css);
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

static void touching_one_page_renders_it_print_and_search(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("basic");
	struct run_result r = test_run_sitegen(dir);
	run_result_free(&r);
	ino_t first = inode_of(dir, "out/site/first.html");
	ino_t second = inode_of(dir, "out/site/second.html");
	char *keep = xasprintf("%s/kept-second.html", dir);
	char *second_path = xasprintf("%s/out/site/second.html", dir);
	assert_int_equal(link(second_path, keep), 0); /* a hard link to the old output */
	char *old_second = read_file(keep, NULL);
	/* white box: the print cache holds each page's print body after a header (its key line, the files
     * it was rendered from, an empty line); mark first's cached body to see it reused, and give
     * lab-one's entry a wrong key to see it ignored */
	char *entry = test_read(dir, "out/cache/print/first.html");
	assert_non_null(entry);
	assert_true(strncmp(entry, "sitegen-print 2 ", 16) == 0);
	assert_non_null(strstr(entry, "templates/example.html\n")); /* a file its render read */
	char *end = strstr(entry, "\n\n");
	assert_non_null(end);
	end[1] = '\0';
	char *marked = xasprintf("%s\n<p>CACHED-BODY</p>\n", entry);
	test_write(dir, "out/cache/print/first.html", marked);
	test_write(dir, "out/cache/print/labs-lab-one.html",
		   "sitegen-print 2 0000000000000000\n\n<p>STALE-BODY</p>\n");
	free(marked);
	free(entry);
	test_append(dir, "content/second.md", "\nA new paragraph.\n");
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out,
			    "[1/3] content/second.md\n[2/3] print.html\n[3/3] search-index.js\n");
	assert_true(inode_of(dir, "out/site/first.html") == first); /* untouched page: same inode */
	assert_true(inode_of(dir, "out/site/second.html") != second); /* re-rendered: a new inode */
	char *kept = read_file(keep, NULL);
	assert_string_equal(kept, old_second); /* the old file was never written through */
	char *new_second = test_read(dir, "out/site/second.html");
	assert_non_null(strstr(new_second, "A new paragraph."));
	/* print.html: the new body of the changed page, the others' bodies (from the print cache) intact */
	char *print = test_read(dir, "out/site/print.html");
	assert_non_null(strstr(print, "<p>A new paragraph.</p>"));
	assert_non_null(strstr(print, "<p>CACHED-BODY</p>")); /* reused */
	assert_null(strstr(print, "STALE-BODY"));	      /* wrong key: re-rendered */
	assert_non_null(strstr(print, "<h1 id=\"labs-lab-one--a-lab-heading\">"));
	free(print);
	assert_int_equal(stray_entries(dir), 0);
	free(kept);
	free(new_second);
	free(old_second);
	free(keep);
	free(second_path);
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

/* What sitegen rebuilds when the basic fixture's example template changes, or second.md's body. */
#define TEMPLATE_REBUILDS "[1/2] content/first.md\n[2/2] print.html\n"
#define SECOND_REBUILDS "[1/3] content/second.md\n[2/3] print.html\n[3/3] search-index.js\n"

/* Appends text to dir's file, runs sitegen, and checks that it rebuilt the outputs listed in out
 * ("[i/n] name" lines), nothing else. */
static void append_rebuilds(const char *dir, const char *file, const char *text, const char *out)
{
	test_append(dir, file, text);
	struct run_result r = test_run_sitegen(dir);
	assert_string_equal(r.out, out);
	run_result_free(&r);
}

/* Checks that dir's print.html contains text. */
static void print_has(const char *dir, const char *text)
{
	char *print = test_read(dir, "out/site/print.html");
	assert_non_null(strstr(print, text));
	free(print);
}

static void dependencies_trigger_rebuilds(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("basic");
	struct run_result r = test_run_sitegen(dir);
	run_result_free(&r);
	/* a directive template: only the page that uses it (and print.html) */
	append_rebuilds(dir, "templates/example.html", "<!-- changed -->\n", TEMPLATE_REBUILDS);
	print_has(dir, "<!-- changed -->");
	/* a page body alone changes: print.html must still see later template changes of the other pages */
	append_rebuilds(dir, "content/second.md", "\nMore.\n", SECOND_REBUILDS);
	append_rebuilds(dir, "templates/example.html", "<!-- changed again -->\n",
			TEMPLATE_REBUILDS);
	print_has(dir, "<!-- changed again -->");
	/* a data file read by an outcome quiz and the example directive */
	append_rebuilds(dir, "data/outcomes/topic/demo.json", "\n",
			"[1/3] content/first.md\n[2/3] content/second.md\n[3/3] print.html\n");
	/* a static file */
	append_rebuilds(dir, "static/style.css", "p { margin: 0; }\n", "[1/1] static/style.css\n");
	/* a title is nav data: every page, print, 404 and search (not the sitemap: no path changed) */
	char *lab = test_read(dir, "content/labs/lab-one.md");
	char *p = strstr(lab, "title: Lab one");
	memcpy(p, "title: Lab One", 14);
	test_write(dir, "content/labs/lab-one.md", lab);
	free(lab);
	r = test_run_sitegen(dir);
	assert_string_equal(
		r.out, "[1/7] content/index.md\n[2/7] content/first.md\n[3/7] content/second.md\n"
		       "[4/7] content/labs/lab-one.md\n[5/7] print.html\n[6/7] 404.html\n"
		       "[7/7] search-index.js\n");
	run_result_free(&r);
	/* a removed page: its output disappears */
	char *second = xasprintf("%s/content/second.md", dir);
	assert_int_equal(unlink(second), 0);
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "sitemap.xml\n"));
	char *gone = xasprintf("%s/out/site/second.html", dir);
	struct stat st;
	assert_int_not_equal(stat(gone, &st), 0);
	free(gone);
	free(second);
	run_result_free(&r);
	test_rm_rf(dir);
	free(dir);
}

/* Every output depends on every template it is rendered from, also one a directive template includes
 * only in print.html: the print body of a page that is itself up to date comes from the print cache,
 * which must then carry that body's own dependencies (the page's record has only what the page read). */
static void print_only_templates_trigger_rebuilds(void **state)
{
	(void)state;
	char *dir = test_copy_fixture("basic");
	test_append(
		dir, "templates/example.html",
		"{% if page.kind == \"print\" then %}{{! include(\"print-note.html\") }}{% end %}\n");
	test_write(dir, "templates/print-note.html", "<p>PRINT-NOTE-1</p>\n");
	struct run_result r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	run_result_free(&r);
	char *print = test_read(dir, "out/site/print.html");
	assert_non_null(strstr(print, "PRINT-NOTE-1"));
	free(print);
	char *first = test_read(dir, "out/site/first.html");
	assert_null(strstr(first, "PRINT-NOTE")); /* print only */
	free(first);
	/* another page's body changes: first's print body comes from the cache */
	append_rebuilds(dir, "content/second.md", "\nMore.\n", SECOND_REBUILDS);
	/* the print-only template alone changes: print.html, nothing else */
	test_write(dir, "templates/print-note.html", "<p>PRINT-NOTE-2</p>\n");
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "[1/1] print.html\n");
	run_result_free(&r);
	print = test_read(dir, "out/site/print.html");
	assert_non_null(strstr(print, "PRINT-NOTE-2"));
	assert_null(strstr(print, "PRINT-NOTE-1"));
	free(print);
	/* ... and together with another page: the cached body of first is not reused */
	test_write(dir, "templates/print-note.html", "<p>PRINT-NOTE-3</p>\n");
	test_append(dir, "content/second.md", "\nEven more.\n");
	r = test_run_sitegen(dir);
	assert_int_equal(r.status, 0);
	run_result_free(&r);
	print = test_read(dir, "out/site/print.html");
	assert_non_null(strstr(print, "PRINT-NOTE-3"));
	assert_null(strstr(print, "PRINT-NOTE-2"));
	free(print);
	test_rm_rf(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(first_build_renders_everything),
		cmocka_unit_test(absolute_paths_build_the_same_site),
		cmocka_unit_test(search_index_headings_carry_their_page_ids),
		cmocka_unit_test(noop_rebuild_renders_nothing),
		cmocka_unit_test(touching_one_page_renders_it_print_and_search),
		cmocka_unit_test(dependencies_trigger_rebuilds),
		cmocka_unit_test(print_only_templates_trigger_rebuilds),
		cmocka_unit_test(bad_input_leaves_site_untouched),
		cmocka_unit_test(bad_bytes_and_entries_are_named),
		cmocka_unit_test(crlf_builds_the_same_site),
	};
	return cmocka_run_group_tests_name("sitegen", tests, NULL, NULL);
}
