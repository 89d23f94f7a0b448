/* test_engine: the Lua template bridge: compiling templates, escaping vs raw output, include, url, json,
 * template_exists, and errors that name the template file and line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "engine.h"
#include "template.h"
#include "testutil.h"

static char *dir;

static int setup(void **state)
{
	(void)state;
	dir = test_copy_fixture("basic");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	test_rm_rf(dir);
	free(dir);
	return 0;
}

/* Writes templates/<name> and renders it with page = {title = title}. Returns 0/-1; HTML in *out. */
static int render(const char *name, const char *text, const char *title, char **out)
{
	char *rel = xasprintf("templates/%s", name);
	test_write(dir, rel, text);
	free(rel);
	char *tdir = xasprintf("%s/templates", dir);
	struct engine *e = engine_new(tdir);
	lua_State *L = engine_lua(e);
	lua_newtable(L);
	lua_newtable(L);
	lua_pushstring(L, title);
	lua_setfield(L, -2, "title");
	lua_setfield(L, -2, "page");
	struct buf b = { 0 };
	diag_clear();
	int rc = engine_render(e, name, "../", -1, &b);
	lua_pop(L, 1);
	*out = buf_take(&b);
	engine_free(e);
	free(tdir);
	return rc;
}

static void escapes_by_default(void **state)
{
	(void)state;
	char *html;
	assert_int_equal(
		render("t.html",
		       "<h1>{{ page.title }}</h1>|{{! page.title }}|{{ nil }}|{{ 1 + 2 }}|{{! escape(\"&\") }}",
		       "<b>\"Tom\" & 'J'</b>", &html),
		0);
	assert_string_equal(
		html,
		"<h1>&lt;b&gt;&quot;Tom&quot; &amp; &#39;J&#39;&lt;/b&gt;</h1>|<b>\"Tom\" & 'J'</b>||3|&amp;");
	free(html);
}

static void statements_and_comments(void **state)
{
	(void)state;
	char *html;
	assert_int_equal(
		render("loop.html",
		       "<ul>\n{% for i = 1, 3 do %}\n<li>{{ i }}</li>\n{% end %}\n</ul>{# gone\n #}!\n",
		       "x", &html),
		0);
	assert_string_equal(html, "<ul>\n<li>1</li>\n<li>2</li>\n<li>3</li>\n</ul>!\n");
	free(html);
}

static void include_url_json_exists(void **state)
{
	(void)state;
	test_write(dir, "templates/part.html", "[{{ who }} in {{ page.title }}]");
	char *html;
	assert_int_equal(
		render("inc.html",
		       "{{! include(\"part.html\", { who = \"<me>\" }) }} {{ url(\"static/s.css\") }} "
		       "{{! json({a = {1, 2}, s = \"</script>\"}) }} {{ template_exists(\"part.html\") }} "
		       "{{ template_exists(\"nope.html\") }}",
		       "T", &html),
		0);
	assert_string_equal(
		html,
		"[&lt;me&gt; in T] ../static/s.css {\"a\":[1,2],\"s\":\"\\u003c/script\\u003e\"} true false");
	free(html);
}

static void runtime_error_names_template_line(void **state)
{
	(void)state;
	char *html;
	assert_int_equal(
		render("bad.html",
		       "line 1\n{% if true then %}\nline 3\n{{ page.missing.field }}\n{% end %}\n",
		       "x", &html),
		-1);
	free(html);
	char *want = xasprintf(
		"%s/templates/bad.html:4: attempt to index a nil value (field 'missing')", dir);
	assert_string_equal(diag_message(), want);
	free(want);
}

static void error_inside_include_names_included_file(void **state)
{
	(void)state;
	test_write(dir, "templates/inner.html", "ok\n\n{{ error(\"boom\") }}\n");
	char *html;
	assert_int_equal(render("outer.html", "a\n{{! include(\"inner.html\") }}\n", "x", &html),
			 -1);
	free(html);
	char *want = xasprintf("%s/templates/inner.html:3: boom", dir);
	assert_string_equal(diag_message(), want);
	free(want);
	assert_int_equal(
		render("outer2.html", "a\n\n{{! include(\"missing.html\") }}\n", "x", &html), -1);
	free(html);
	want = xasprintf(
		"%s/templates/outer2.html:3: template 'missing.html' not found (%s/templates/missing.html)",
		dir, dir);
	assert_string_equal(diag_message(), want);
	free(want);
}

static void syntax_errors_name_template_line(void **state)
{
	(void)state;
	char *html;
	assert_int_equal(render("syn.html", "1\n2\n<p>{{ 1 + }}</p>\n4\n", "x", &html), -1);
	free(html);
	char *want = xasprintf("%s/templates/syn.html:3: unexpected symbol near ')'", dir);
	assert_string_equal(diag_message(), want);
	free(want);
	assert_int_equal(render("open.html", "1\n{{ page.title\n", "x", &html), -1);
	free(html);
	want = xasprintf("%s/templates/open.html:2: '{{' is not closed by '}}'", dir);
	assert_string_equal(diag_message(), want);
	free(want);
}

static void compiled_chunk_keeps_lines(void **state)
{
	(void)state;
	const char *t = "a\n{% x = 1 %}\nb {{ y }}\n{# c\nd #}\n";
	struct buf b = { 0 };
	assert_int_equal(template_compile("t", t, strlen(t), &b), 0);
	int lines = 0;
	for (size_t i = 0; i < b.len; i++)
		lines += b.data[i] == '\n';
	assert_int_equal(lines, 5);
	buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(escapes_by_default),
		cmocka_unit_test(statements_and_comments),
		cmocka_unit_test(include_url_json_exists),
		cmocka_unit_test(runtime_error_names_template_line),
		cmocka_unit_test(error_inside_include_names_included_file),
		cmocka_unit_test(syntax_errors_name_template_line),
		cmocka_unit_test(compiled_chunk_keeps_lines),
	};
	return cmocka_run_group_tests_name("engine", tests, setup, teardown);
}
