/*
 * test_scan.c - cmocka tests of the submission checks' parsers and rules: the dependency-list
 * reader, the lexer of preprocessed C (literals, raw strings, escapes, line markers), and every
 * rule of scan.h, each with a case that must be reported and one that must not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "clex.h"
#include "deps.h"
#include "scan.h"

static const char *allow[] = { "lab.c", "inc/course.h" };
static const struct scan_opts opts = { .source = "lab.c", .allow = allow, .nallow = 2 };

/* The findings for a preprocessed text, as one string (static; valid until the next call). */
static const char *pre(const char *text)
{
	static struct buf out;
	buf_free(&out);
	scan_preprocessed(text, strlen(text), &opts, &out);
	return buf_str(&out);
}

static const char *deps(const char *text)
{
	static struct buf out;
	buf_free(&out);
	scan_deps(text, &opts, &out);
	return buf_str(&out);
}

static void test_deps_parse(void **state)
{
	(void)state;
	struct deps d;
	assert_int_equal(deps_parse("x.o: lab.c inc/course.h \\\n  /a\\ b/c\\#d $$e\n", &d), 0);
	assert_int_equal(d.n, 4);
	assert_string_equal(d.files[0], "lab.c");
	assert_string_equal(d.files[1], "inc/course.h");
	assert_string_equal(d.files[2], "/a b/c#d");
	assert_string_equal(d.files[3], "$e");
	deps_free(&d);
	assert_int_equal(deps_parse("no rule here\n", &d), -1);
	deps_free(&d);
}

static void test_deps_rule(void **state)
{
	(void)state;
	assert_string_equal(deps("lab.i: lab.c inc/course.h\n"), "");
	assert_string_equal(deps("lab.i: lab.c ./inc//course.h\n"), "");
	assert_string_equal(
		deps("lab.i: lab.c /etc/hostname\n"),
		"lab.c:1: reads \"/etc/hostname\" (#include or #embed): a lab file may include "
		"\"course.h\" and nothing else\n");
	assert_non_null(strstr(deps("lab.i: lab.c inc/../inc/other.h\n"), "inc/../inc/other.h"));
	assert_non_null(strstr(deps("garbage"), "cannot be parsed")); /* fails closed */
}

static void test_lexer_strings(void **state)
{
	(void)state;
	const char *src =
		"a \"x\\x2ey\\056\\n\" u8\"q\" R\"d(raw \"inner\" )d\" L'c' 1e+5 \"\\u00e9\"";
	struct clex lx;
	clex_init(&lx, src, strlen(src), "f.c");
	const struct token *t = clex_next(&lx);
	assert_int_equal(t->kind, T_IDENT);
	t = clex_next(&lx);
	assert_int_equal(t->kind, T_STRING);
	assert_string_equal(buf_str(&t->text), "x.y.\n");
	t = clex_next(&lx);
	assert_int_equal(t->kind, T_STRING);
	assert_string_equal(buf_str(&t->text), "q");
	t = clex_next(&lx);
	assert_int_equal(t->kind, T_STRING);
	assert_string_equal(buf_str(&t->text), "raw \"inner\" ");
	t = clex_next(&lx);
	assert_int_equal(t->kind, T_CHAR);
	t = clex_next(&lx);
	assert_int_equal(t->kind, T_NUMBER);
	assert_int_equal(t->len, 4);
	t = clex_next(&lx);
	assert_string_equal(buf_str(&t->text), "\xc3\xa9");
	assert_int_equal(clex_next(&lx)->kind, T_EOF);
	clex_free(&lx);
}

static void test_lexer_markers(void **state)
{
	(void)state;
	const char *src = "# 1 \"lab.c\"\nint a;\n\n# 7 \"x\\\\y.h\" 1 3\nb\n#pragma once\nc";
	struct clex lx;
	clex_init(&lx, src, strlen(src), "");
	const struct token *t = clex_next(&lx);
	assert_int_equal(t->kind, T_LINEMARK);
	assert_int_equal(t->mark, 1);
	t = clex_next(&lx);
	assert_int_equal(t->line, 1);
	assert_string_equal(t->file, "lab.c");
	clex_next(&lx); /* a */
	clex_next(&lx); /* ; */
	t = clex_next(&lx);
	assert_int_equal(t->kind, T_LINEMARK);
	assert_int_equal(t->line, 3); /* where it stands */
	assert_string_equal(t->file, "lab.c");
	assert_string_equal(buf_str(&t->text), "x\\y.h");
	assert_int_equal(t->flags, (1 << 1) | (1 << 3));
	t = clex_next(&lx);
	assert_int_equal(t->line, 7);
	assert_string_equal(t->file, "x\\y.h");
	t = clex_next(&lx);
	assert_int_equal(t->kind, T_DIRECTIVE);
	assert_string_equal(buf_str(&t->text), "pragma once");
	t = clex_next(&lx);
	assert_int_equal(t->line, 9);
	clex_free(&lx);
}

static void test_includes_and_line(void **state)
{
	(void)state;
	assert_string_equal(
		pre("# 1 \"lab.c\"\n# 1 \"inc/course.h\" 1\nint x;\n# 2 \"lab.c\" 2\nint y;\n"),
		"");
	assert_string_equal(
		pre("# 1 \"lab.c\"\nint a;\n# 1 \"/etc/hostname\" 1\nbox\n# 3 \"lab.c\" 2\n"),
		"lab.c:2: includes \"/etc/hostname\": a lab file may include \"course.h\" and nothing else\n");
	assert_non_null(strstr(pre("# 1 \"lab.c\"\n\n\n# 1 \"/etc/passwd\"\nint x = y;\n"),
			       "lab.c:3: #line names \"/etc/passwd\""));
	assert_string_equal(
		pre("# 1 \"lab.c\"\n# 40 \"lab.c\"\n# 1 \"<built-in>\"\n# 1 \"/work/dir//\"\n"),
		"");
	/* a return marker to a file never entered is a rename too */
	assert_non_null(strstr(pre("# 1 \"lab.c\"\n# 1 \"/etc/passwd\" 2\n"), "#line names"));
}

static void test_directives(void **state)
{
	(void)state;
	assert_string_equal(pre("void f(void){ __asm__(\"mfence\" ::: \"memory\"); }"), "");
	assert_string_equal(pre("const char *s = \"include me. or not\";"), "");
	assert_non_null(strstr(pre("__asm__(\".\" \"inc\" \"bin \\\"/x\\\"\");"),
			       "\".incbin\" reads a file"));
	assert_non_null(
		strstr(pre("__asm__(\"\\056INCLUDE \\\"/x\\\"\");"), "\".include\" reads a file"));
	assert_non_null(strstr(pre("__asm__(\"./**/incbin \\\"/x\\\"\");"), "\".incbin\""));
	assert_non_null(strstr(pre("__asm__(\"\\t. incbin \\\"/x\\\"\");"), "\".incbin\""));
	assert_non_null(strstr(pre("__asm__(R\"(.incbin \"/x\")\");"), "\".incbin\""));
	assert_non_null(
		strstr(pre("__asm__(\".macro m\\n.endm\");"), "\".macro\" builds directives"));
	assert_non_null(strstr(pre("__asm__(\".irp d,x\\n.endr\");"), "\".irp\""));
	assert_non_null(strstr(pre("int x asm(\"x\\n.incbin \\\"/y\\\"\");"), "\".incbin\""));
	assert_non_null(strstr(pre("#ident \".include \\\"/q\\\"\"\n"), "\".include\""));
	/* strings are joined across line markers, as phase 6 joins them */
	assert_non_null(strstr(pre("# 1 \"lab.c\"\n__asm__(\".inc\"\n# 9 \"lab.c\"\n\"bin x\");"),
			       "lab.c:1: "));
}

static void test_constructors(void **state)
{
	(void)state;
	assert_string_equal(pre("int constructor = 1; void destructor(void);"), "");
	assert_string_equal(pre("int v __attribute__((section(\"course_shared\"), used));"), "");
	assert_non_null(strstr(pre("__attribute__((constructor)) void f(void);"),
			       "a constructor attribute"));
	assert_non_null(strstr(pre("__attribute((__destructor__(101))) void f(void);"),
			       "a destructor attribute"));
	assert_non_null(
		strstr(pre("[[gnu::constructor]] void f(void);"), "a constructor attribute"));
	assert_non_null(strstr(pre("void (*p)(void) __attribute__((section(\".init_array\")));"),
			       "section \".init_array\" registers"));
	assert_non_null(
		strstr(pre("int v __attribute__((section(\".fini\")));"), "section \".fini\""));
	assert_non_null(
		strstr(pre("__asm__(\".pushsection .init,\\\"ax\\\"\");"), "section \".init\""));
	assert_non_null(strstr(pre("__asm__(\".section .ctors\");"), "section \".ctors\""));
	assert_string_equal(pre("int v __attribute__((section(\".initial\")));"), "");
}

static void test_pragmas(void **state)
{
	(void)state;
	assert_string_equal(pre("#pragma GCC diagnostic ignored \"-Wunused\"\n"), "");
	assert_non_null(
		strstr(pre("#pragma comment(lib, \"/etc/passwd\")\n"), "#pragma comment makes"));
	assert_non_null(
		strstr(pre("#pragma GCC dependency \"/etc/passwd\"\n"), "#pragma GCC dependency"));
}

static void test_message_escaping(void **state)
{
	(void)state;
	const char *m = pre("# 1 \"lab.c\"\n# 1 \"/x\\033[2J\" 1\n");
	assert_non_null(strstr(m, "\\x1b[2J"));
	assert_null(strchr(m, '\033'));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deps_parse),	  cmocka_unit_test(test_deps_rule),
		cmocka_unit_test(test_lexer_strings),	  cmocka_unit_test(test_lexer_markers),
		cmocka_unit_test(test_includes_and_line), cmocka_unit_test(test_directives),
		cmocka_unit_test(test_constructors),	  cmocka_unit_test(test_pragmas),
		cmocka_unit_test(test_message_escaping),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
