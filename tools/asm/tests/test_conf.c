/*
 * test_conf.c - cmocka tests of conf_load(), the reader of examples/targets.conf: a line of any length
 * is read whole (flags and a target's command have no length limit), and a field that cannot be held
 * (a name past its size, a ninth -O level, a NUL byte) is an error at path:line, never cut short.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "example.h"

#define HEAD "opts O0 O2\ndefault gcc-12/x86_64/O2\n"
#define TARGET "target gcc-12/x86_64 gcc-12 x86_64 gcc-12 -m64\n"

/* Writes text (len bytes) to a new temporary file; returns its path (malloc'd). */
static char *write_conf(const char *text, size_t len)
{
	char *path = xstrdup("/tmp/test-conf.XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
	return path;
}

/* conf_load on text; returns its result, the error in err. */
static int load_text(struct conf *c, const char *text, size_t len, char *err, size_t errlen,
		     char **path_out)
{
	char *path = write_conf(text, len);
	err[0] = '\0';
	int rc = conf_load(c, path, err, errlen);
	unlink(path);
	if (path_out)
		*path_out = path;
	else
		free(path);
	return rc;
}

/* " -DW0=0 -DW1=1 ..." until it is at least n bytes long (malloc'd) */
static char *many_words(size_t n)
{
	struct buf b = { 0 };
	for (int i = 0; b.len < n; i++)
		buf_printf(&b, " -DW%d=%d", i, i);
	return buf_take(&b);
}

static void long_lines_are_read_whole(void **state)
{
	(void)state;
	char *flags = many_words(3000), *cmd = many_words(2500);
	struct buf b = { 0 };
	buf_printf(&b,
		   "# a comment\nflags  %s\n" HEAD
		   "target gcc-12/x86_64 gcc-12 x86_64 gcc-12%s\n" TARGET,
		   flags + 1, cmd);
	struct conf c;
	char err[512];
	int rc = load_text(&c, b.data, b.len, err, sizeof err, NULL);
	if (rc != 0)
		fail_msg("conf_load: %s", err);
	assert_string_equal(c.flags, flags + 1);
	assert_int_equal(c.ntargets, 2);
	char *want = xasprintf("gcc-12%s", cmd);
	assert_string_equal(c.targets[0].command, want);
	assert_string_equal(c.targets[1].command, "gcc-12 -m64");
	assert_int_equal(c.nopts, 2);
	conf_free(&c);
	free(want);
	free(flags);
	free(cmd);
	buf_free(&b);
}

/* load fails with "<path>:<line>: " and the message contains what */
static void expect_error(const char *text, int line, const char *what)
{
	struct conf c;
	char err[512], *path;
	assert_int_equal(load_text(&c, text, strlen(text), err, sizeof err, &path), -1);
	char *at = xasprintf("%s:%d: ", path, line);
	if (strncmp(err, at, strlen(at)) != 0 || !strstr(err, what))
		fail_msg("wanted '%s...%s', got '%s'", at, what, err);
	free(at);
	free(path);
}

static void fields_past_their_size_are_errors(void **state)
{
	(void)state;
	char name[200];
	memset(name, 'x', sizeof name - 1);
	name[sizeof name - 1] = '\0';
	memcpy(name, "gcc/", 4);
	char *t = xasprintf(HEAD "target %s gcc-12 x86_64 gcc-12\n", name);
	expect_error(t, 3, "target name");
	free(t);
	t = xasprintf(HEAD "target gcc-12/x86_64 %s x86_64 gcc-12\n", name);
	expect_error(t, 3, "package");
	free(t);
	t = xasprintf(HEAD "target gcc-12/x86_64 gcc-12 x86_64_and_more_than_that gcc-12\n");
	expect_error(t, 3, "arch");
	free(t);
	t = xasprintf("opts O0 O2\ndefault gcc-12/x86_64/%s\n" TARGET, name);
	expect_error(t, 2, "default");
	free(t);
	t = xasprintf(HEAD "source-counts %s/O0\n" TARGET, name);
	expect_error(t, 3, "source-counts");
	free(t);
	expect_error("opts O0 O1 O2 O3 Os Oz Og Ofast O4\n", 1, "more than 8");
	expect_error("opts O0 Oaverylongname\n", 1, "-O level");
	struct buf b = { 0 };
	buf_puts(&b, HEAD);
	for (int i = 0; i <= CONF_MAX_TARGETS; i++)
		buf_printf(&b, "target gcc-12/t%d gcc-12 x86_64 gcc-12\n", i);
	expect_error(b.data, 2 + CONF_MAX_TARGETS + 1, "more than 32 targets");
	buf_free(&b);
}

static void bad_lines_are_named(void **state)
{
	(void)state;
	/* a line longer than any buffer: the message names it by file:line and shows its start */
	char *junk = many_words(5000);
	char *t = xasprintf(HEAD "bogus%s\n" TARGET, junk);
	expect_error(t, 3, "bad line 'bogus -DW0=0");
	free(t);
	free(junk);
	expect_error(HEAD "target gcc-12 gcc-12 x86_64 gcc-12\n", 3, "bad line");
	expect_error("opts O0\n", 1, "needs target, opts and default lines");
	static const char nul[] = HEAD "flags -g\0 -O2\n" TARGET;
	struct conf c;
	char err[512], *path;
	assert_int_equal(load_text(&c, nul, sizeof nul - 1, err, sizeof err, &path), -1);
	char *at = xasprintf("%s:3: ", path);
	assert_true(strncmp(err, at, strlen(at)) == 0);
	assert_non_null(strstr(err, "NUL"));
	free(at);
	free(path);
}

/* A message longer than the caller's buffer is cut visibly (it ends in "..."), never silently. */
static void long_messages_end_in_dots(void **state)
{
	(void)state;
	struct conf c;
	char err[24];
	const char *t = HEAD "target gcc-12 gcc-12 x86_64 gcc-12\n";
	assert_int_equal(load_text(&c, t, strlen(t), err, sizeof err, NULL), -1);
	assert_int_equal(strlen(err), sizeof err - 1);
	assert_string_equal(err + sizeof err - 4, "...");
	assert_int_equal(conf_load(&c, "/nonexistent/a-matrix-file-with-a-long-name.conf", err,
				   sizeof err),
			 -1);
	assert_string_equal(err + sizeof err - 4, "...");
}

static void the_matrix_loads(void **state)
{
	(void)state;
	struct conf c;
	char err[512];
	if (conf_load(&c, "examples/targets.conf", err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_true(c.ntargets > 0 && c.nopts > 0 && c.flags[0]);
	assert_non_null(conf_target(&c, "gcc-12/x86_64"));
	conf_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(long_lines_are_read_whole),
		cmocka_unit_test(fields_past_their_size_are_errors),
		cmocka_unit_test(bad_lines_are_named),
		cmocka_unit_test(long_messages_end_in_dots),
		cmocka_unit_test(the_matrix_loads),
	};
	return cmocka_run_group_tests_name("conf", tests, NULL, NULL);
}
