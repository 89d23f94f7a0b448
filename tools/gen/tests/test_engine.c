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
#include <unistd.h>

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

/* Writes templates/<name> and renders it with page = {title = title} under the given limits (0: the
 * defaults). Returns 0/-1; HTML in *out. */
static int render_limited(const char *name, const char *text, const char *title, long long steps,
			  size_t bytes, char **out)
{
	char *rel = xasprintf("templates/%s", name);
	test_write(dir, rel, text);
	free(rel);
	char *tdir = xasprintf("%s/templates", dir);
	struct engine *e = engine_new(tdir);
	engine_set_limits(e, steps, bytes);
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

static int render(const char *name, const char *text, const char *title, char **out)
{
	return render_limited(name, text, title, 0, 0, out);
}

static void expect_error(const char *name, const char *text, long long steps, size_t bytes,
			 const char *want_fmt)
{
	char *html;
	assert_int_equal(render_limited(name, text, "x", steps, bytes, &html), -1);
	free(html);
	char *want = xasprintf(want_fmt, dir);
	if (strcmp(diag_message(), want) != 0)
		fail_msg("template %s: got '%s', want '%s'", name, diag_message(), want);
	free(want);
}

/* Templates see string, table, math, utf8 and the helpers, and nothing that reaches the host. */
static void templates_are_sandboxed(void **state)
{
	(void)state;
	char *html;
	assert_int_equal(
		render("names.html",
		       "{% for _, n in ipairs({'os', 'io', 'require', 'load', 'loadfile', 'dofile', 'debug', "
		       "'package', 'collectgarbage', 'print', 'pcall', 'xpcall', 'setmetatable', "
		       "'getmetatable', 'rawset', 'coroutine', '_G'}) do %}{{ n }}={{ type(_ENV[n]) }} "
		       "{% end %}|{{ type(string.dump) }}",
		       "x", &html),
		0);
	assert_string_equal(
		html,
		"os=nil io=nil require=nil load=nil loadfile=nil dofile=nil debug=nil package=nil "
		"collectgarbage=nil print=nil pcall=nil xpcall=nil setmetatable=nil "
		"getmetatable=nil rawset=nil coroutine=nil _G=nil |nil");
	free(html);
	/* what rendering needs still works */
	assert_int_equal(
		render("libs.html",
		       "{{ string.format('%03d', 7) }} {{ ('ab'):rep(2) }} {{ table.concat({1, 2}, '+') }} "
		       "{{ math.max(3, 9) }} {{ utf8.len('\xC3\xA9t\xC3\xA9') }} {{ tostring(nil) }} "
		       "{{ select('#', 1, 2) }} {% local t = {} t.x = 1 %}{{ t.x }}",
		       "x", &html),
		0);
	assert_string_equal(html, "007 abab 1+2 9 3 nil 2 1");
	free(html);
	expect_error("os.html", "ok\n{% os.execute('touch /tmp/sitegen-escaped') %}\n", 0, 0,
		     "%s/templates/os.html:2: attempt to index a nil value (global 'os')");
	expect_error("io.html", "{{ io.open('/etc/passwd'):read('a') }}", 0, 0,
		     "%s/templates/io.html:1: attempt to index a nil value (global 'io')");
	expect_error("req.html", "\n\n{% require('os') %}", 0, 0,
		     "%s/templates/req.html:3: attempt to call a nil value (global 'require')");
	expect_error("load.html", "{% load('return 1')() %}", 0, 0,
		     "%s/templates/load.html:1: attempt to call a nil value (global 'load')");
	/* the shared libraries cannot be changed under the next template */
	expect_error(
		"mut.html", "{% string.format = nil %}", 0, 0,
		"%s/templates/mut.html:1: attempt to change 'format' (a shared library: keep your own table "
		"instead)");
	/* not through the string metatable either */
	expect_error("meta.html", "{{ (''):dump() }}", 0, 0,
		     "%s/templates/meta.html:1: attempt to call a nil value (method 'dump')");
}

/* An endless loop stops at the instruction limit with the template line; so does one in an include, and
 * one a template tries to outlast by catching errors (there is no pcall). Memory is capped too. */
static void runaway_templates_are_stopped(void **state)
{
	(void)state;
	alarm(120); /* without the limit this test would hang: let SIGALRM fail it */
	expect_error(
		"loop.html", "<p>\n{% while true do end %}\n</p>\n", 1000000, 0,
		"%s/templates/loop.html:2: did not finish within 1000000 Lua instructions (an endless loop?)");
	test_write(dir, "templates/spin.html",
		   "a\nb\n{% local n = 0 repeat n = n + 1 until n < 0 %}\n");
	expect_error(
		"outer-spin.html", "{{! include('spin.html') }}", 1000000, 0,
		"%s/templates/spin.html:3: did not finish within 1000000 Lua instructions (an endless loop?)");
	expect_error("catch.html",
		     "{% while true do pcall(function() while true do end end) end %}", 1000000, 0,
		     "%s/templates/catch.html:1: attempt to call a nil value (global 'pcall')");
	expect_error(
		"mem.html", "{% local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(64) .. i end %}", 0,
		(size_t)16 << 20,
		"%s/templates/mem.html: not enough memory (a Lua state may use at most 16 MiB)");
	/* the budget is per render: renders that each stay under it all succeed */
	char *tdir = xasprintf("%s/templates", dir);
	test_write(dir, "templates/busy.html",
		   "{% local n = 0 for i = 1, 300000 do n = n + i end %}{{ n }}");
	struct engine *e = engine_new(tdir);
	engine_set_limits(e, 2000000, 0);
	for (int i = 0; i < 5; i++) {
		struct buf b = { 0 };
		assert_int_equal(engine_render(e, "busy.html", "", 0, &b), 0);
		assert_string_equal(b.data, "45000150000");
		buf_free(&b);
	}
	engine_free(e);
	free(tdir);
	alarm(0);
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

/* page_path(slug) finds a page of the calling template's site.pages by slug or by path, also from an
 * included template; an unknown slug is an error at the template's line. */
static void page_path_reads_site_pages(void **state)
{
	(void)state;
	test_write(dir, "templates/pp.html", "{{ page_path(\"x\") }}");
	char *html;
	assert_int_equal(
		render("paths.html",
		       "{% site = { pages = { { slug = \"x\", path = \"x.html\" }, { slug = \"sec-y\", "
		       "path = \"sec/y.html\" }, { path = \"z.html\" } } } %}"
		       "{{ page_path(\"sec-y\") }} {{ page_path(\"z\") }} {{! include(\"pp.html\") }}",
		       "T", &html),
		0);
	assert_string_equal(html, "sec/y.html z.html x.html");
	free(html);
	expect_error("nopage.html",
		     "{% site = { pages = { { slug = \"x\", path = \"x.html\" } } } %}\n"
		     "{{ page_path(\"q\") }}",
		     0, 0, "%s/templates/nopage.html:2: no page 'q' in site.pages");
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

/* The blanks that start a literal line and the blank lines go (the templates' indentation); those of a
 * value stay. */
static void indentation_is_dropped(void **state)
{
	(void)state;
	char *html;
	assert_int_equal(
		render("ind.html",
		       "<ul>\n\n  {% for i = 1, 2 do %}\n    <li>{{ i }} a\n  \n\t  b</li>\n  {% end %}\n"
		       "  {% if true then %}<p>{{ page.title }}</p>{% end %}\n</ul>\n",
		       "  t", &html),
		0);
	assert_string_equal(html, "<ul>\n<li>1 a\nb</li>\n<li>2 a\nb</li>\n<p>  t</p>\n</ul>\n");
	free(html);
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
		cmocka_unit_test(page_path_reads_site_pages),
		cmocka_unit_test(runtime_error_names_template_line),
		cmocka_unit_test(error_inside_include_names_included_file),
		cmocka_unit_test(syntax_errors_name_template_line),
		cmocka_unit_test(indentation_is_dropped),
		cmocka_unit_test(compiled_chunk_keeps_lines),
		cmocka_unit_test(templates_are_sandboxed),
		cmocka_unit_test(runaway_templates_are_stopped),
	};
	return cmocka_run_group_tests_name("engine", tests, setup, teardown);
}
