/* test_escape_ids: HTML escaping, heading ids (punctuation, unicode, duplicates) and their rendering. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "markdown.h"
#include "slug.h"
#include "util.h"

static void escapes_html(void **state)
{
	(void)state;
	struct buf b = { 0 };
	const char *s = "<a href=\"x\">Tom & 'Jerry'</a>";
	buf_put_escaped(&b, s, strlen(s));
	assert_string_equal(b.data,
			    "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;");
	buf_free(&b);
}

static void check_slug(const char *text, const char *want)
{
	char *id = slug_from_text(text);
	assert_string_equal(id, want);
	free(id);
}

static void ids_from_text(void **state)
{
	(void)state;
	check_slug("Load fusing", "load-fusing");
	check_slug("  The polling loop!  ", "the-polling-loop");
	check_slug("READ_ONCE() and WRITE_ONCE()", "read-once-and-write-once");
	check_slug("C11's memory_order_relaxed", "c11-s-memory-order-relaxed");
	check_slug("Déjà vu: ∀ loads",
		   "déjà-vu-loads"); /* letters lowercased, symbols are separators */
	check_slug("ÉCOLE Ελληνικά", "école-ελληνικά");
	check_slug("Don’t “fuse” this — twice", "don-t-fuse-this-twice");
	check_slug("???", "section");
	check_slug("", "section");
	check_slug("x86-64, -O2", "x86-64-o2");
}

static void duplicates_get_suffixes(void **state)
{
	(void)state;
	struct idset set = { 0 };
	assert_string_equal(idset_add_unique(&set, "intro"), "intro");
	assert_string_equal(idset_add_unique(&set, "intro"), "intro-2");
	assert_string_equal(idset_add_unique(&set, "intro"), "intro-3");
	assert_string_equal(idset_add_unique(&set, "intro-2"), "intro-2-2");
	assert_true(idset_contains(&set, "intro-3"));
	assert_false(idset_contains(&set, "intro-4"));
	idset_free(&set);
}

static void headings_render_with_ids_and_anchors(void **state)
{
	(void)state;
	struct md_doc d;
	const char *body = "## Loads & *stores*\n\ntext\n\n## Loads & stores\n\n### Unicode: Ça\n";
	assert_int_equal(md_parse(&d, "content/p.md", body, 6, "p", NULL, NULL), 0);
	assert_int_equal(d.nheadings, 3);
	assert_string_equal(d.headings[0].id, "loads-stores");
	assert_string_equal(d.headings[0].text, "Loads & stores");
	assert_int_equal(d.headings[0].line, 6);
	assert_string_equal(d.headings[1].id, "loads-stores-2");
	assert_int_equal(d.headings[1].line, 10);
	assert_string_equal(d.headings[2].id, "unicode-ça");
	struct md_hooks h = { 0 };
	struct buf out = { 0 };
	assert_int_equal(md_render(&d, &h, &out), 0);
	assert_non_null(strstr(
		out.data,
		"<h2 id=\"loads-stores\">Loads &amp; <em>stores</em> "
		"<a class=\"anchor\" href=\"#loads-stores\" aria-label=\"Permalink\">#</a></h2>"));
	assert_non_null(strstr(out.data, "<h2 id=\"loads-stores-2\">"));
	assert_non_null(strstr(out.data, "<h3 id=\"unicode-ça\">"));
	buf_free(&out);
	/* rendering twice gives the same HTML: the parse is restored after each render */
	struct buf again = { 0 };
	h.id_prefix = "p--";
	assert_int_equal(md_render(&d, &h, &again), 0);
	assert_non_null(strstr(again.data, "<h2 id=\"p--loads-stores\">"));
	buf_free(&again);
	assert_int_equal(md_render(&d, &(struct md_hooks){ 0 }, &again), 0);
	assert_non_null(strstr(again.data, "<h2 id=\"loads-stores\">"));
	buf_free(&again);
	md_free(&d);
}

static void c_code_is_highlighted(void **state)
{
	(void)state;
	struct md_doc d;
	assert_int_equal(md_parse(&d, "p.md",
				  "```c\nint x = 1; /* <c> */\n```\n\n```\nplain <b>\n```\n\n"
				  "```c\nchar *s = \"a&'\";\n```\n",
				  1, "p", NULL, NULL),
			 0);
	struct buf out = { 0 };
	assert_int_equal(md_render(&d, &(struct md_hooks){ 0 }, &out), 0);
	assert_non_null(strstr(
		out.data,
		"<pre class=\"code code-c\"><code class=\"language-c\"><span class=\"hl-type\">int</span> x "
		"<span class=\"hl-symbol\">=</span> <span class=\"hl-number\">1</span>"
		"<span class=\"hl-symbol\">;</span> <span class=\"hl-comment\">/* &lt;c&gt; */</span>"
		"</code></pre>"));
	assert_non_null(strstr(out.data, "<pre><code>plain &lt;b&gt;\n</code></pre>"));
	/* the code's text is escaped by the generator's one escaper (buf_put_escaped), quotes included */
	assert_non_null(strstr(out.data, "&quot;a&amp;&#39;&quot;"));
	assert_null(strstr(out.data, "style="));
	buf_free(&out);
	md_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(escapes_html),
		cmocka_unit_test(ids_from_text),
		cmocka_unit_test(duplicates_get_suffixes),
		cmocka_unit_test(headings_render_with_ids_and_anchors),
		cmocka_unit_test(c_code_is_highlighted),
	};
	return cmocka_run_group_tests_name("escape_ids", tests, NULL, NULL);
}
