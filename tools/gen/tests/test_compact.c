/* test_compact: the site's scripts and stylesheets as copied (compact.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compact.h"

static char *compacted(const char *s, int css)
{
	struct buf b = { 0 };
	compact_code(s, strlen(s), css, &b);
	buf_putc(&b, '\0');
	return buf_take(&b);
}

static void scripts_lose_comment_lines_and_indentation(void **state)
{
	(void)state;
	char *got = compacted(
		"/* head\n * more */\n(function () {\n  // a note\n\n  var a = '/* not */'; // kept\n"
		"  /* one */ var b = 2;\n  /* two\n  */ b++;\n  x = a /* mid */ + b;\n})();",
		0);
	assert_string_equal(got, "(function () {\nvar a = '/* not */'; // kept\nvar b = 2;\nb++;\n"
				 "x = a /* mid */ + b;\n})();\n");
	free(got);
}

static void stylesheets_keep_double_slashes(void **state)
{
	(void)state;
	char *got = compacted(
		"/* theme */\n:root {\n  --a: url(//x/y);\n}\n\n  /* b\n c */\np { color: red; }\n",
		1);
	assert_string_equal(got, ":root {\n--a: url(//x/y);\n}\np { color: red; }\n");
	free(got);
	int css = -1;
	assert_int_equal(compact_applies("static/a.js", &css), 1);
	assert_int_equal(css, 0);
	assert_int_equal(compact_applies("static/a.css", &css), 1);
	assert_int_equal(css, 1);
	assert_int_equal(compact_applies("static/favicon.svg", &css), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(scripts_lose_comment_lines_and_indentation),
		cmocka_unit_test(stylesheets_keep_double_slashes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
