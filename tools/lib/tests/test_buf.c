/*
 * test_buf.c - cmocka tests of tools/lib/buf.c: the buffers (growth, NULs, printf past the small
 * buffer, escaping, take/free) and whole-file reading with its error paths: a missing file
 * (ENOENT), a file over read_file_max's limit (EFBIG; exactly the limit is read), a read error
 * (EIO: a directory opens but cannot be read), never a truncated result.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"

static char dir[] = "/tmp/clib-test-XXXXXX";

/* Writes n bytes of 'a' to dir/name; returns the path (caller frees). */
static char *make_file(const char *name, size_t n)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(fputc('a', f), 'a');
	assert_int_equal(fclose(f), 0);
	return path;
}

static void test_read_whole_file(void **state)
{
	(void)state;
	char *path = make_file("whole", 200000); /* several of read_file's 64 KiB chunks */
	size_t len = 0;
	char *s = read_file(path, &len);
	assert_non_null(s);
	assert_int_equal(len, 200000);
	assert_int_equal(strlen(s), 200000);
	assert_int_equal(s[199999], 'a');
	free(s);
	s = read_file(path, NULL); /* len may be NULL */
	assert_non_null(s);
	free(s);
	free(path);

	path = make_file("empty", 0);
	s = read_file(path, &len);
	assert_non_null(s);
	assert_int_equal(len, 0);
	assert_string_equal(s, "");
	free(s);
	free(path);
}

static void test_read_missing_file(void **state)
{
	(void)state;
	char *path = xasprintf("%s/missing", dir);
	size_t len = 7;
	errno = 0;
	assert_null(read_file(path, &len));
	assert_int_equal(errno, ENOENT);
	assert_int_equal(len, 7); /* untouched on failure */
	errno = 0;
	assert_null(read_file_max(path, 10, &len));
	assert_int_equal(errno, ENOENT);
	free(path);
}

static void test_read_file_max(void **state)
{
	(void)state;
	char *path = make_file("limit", 100);
	size_t len = 0;
	char *s = read_file_max(path, 100, &len); /* exactly the limit: read */
	assert_non_null(s);
	assert_int_equal(len, 100);
	free(s);
	len = 7;
	errno = 0;
	assert_null(read_file_max(path, 99, &len)); /* one byte over: refused, not truncated */
	assert_int_equal(errno, EFBIG);
	assert_int_equal(len, 7);
	errno = 0;
	assert_null(read_file_max(path, 0, NULL));
	assert_int_equal(errno, EFBIG);
	free(path);

	/* over the limit in a later chunk than the first */
	path = make_file("big", 150000);
	errno = 0;
	assert_null(read_file_max(path, 140000, NULL));
	assert_int_equal(errno, EFBIG);
	s = read_file_max(path, 150000, &len);
	assert_non_null(s);
	assert_int_equal(len, 150000);
	free(s);
	free(path);
}

static void test_read_error(void **state)
{
	(void)state;
	/* fopen succeeds on a directory; the read fails (EISDIR): reported as EIO, never as "" */
	errno = 0;
	assert_null(read_file(dir, NULL));
	assert_int_equal(errno, EIO);
	errno = 0;
	assert_null(read_file_max(dir, 1 << 20, NULL));
	assert_int_equal(errno, EIO);
}

static void test_str_trim(void **state)
{
	(void)state;
	char a[] = " \t key: v \r\n", b[] = "   ", c[] = "x";
	char *t = str_trim(a);
	assert_string_equal(t, "key: v");
	assert_ptr_equal(t, a + 3);
	assert_int_equal(a[9], '\0'); /* cut in place */
	assert_string_equal(str_trim(b), "");
	assert_string_equal(str_trim(c), "x");
}

static void test_buffers(void **state)
{
	(void)state;
	struct buf b = { 0 };
	assert_string_equal(buf_str(&b), "");
	buf_put(&b, "a\0b", 3);
	assert_int_equal(b.len, 3);
	assert_memory_equal(b.data, "a\0b", 4);
	buf_putc(&b, '-');
	buf_puts(&b, "xy");
	assert_int_equal(b.len, 6);
	char *big = xmalloc(1000);
	memset(big, 'z', 999);
	big[999] = '\0';
	buf_printf(&b, "[%s|%d]", big, 42); /* longer than buf_printf's 256-byte first try */
	assert_int_equal(b.len, 6 + 1 + 999 + 4);
	assert_int_equal(strlen(b.data + 4), 2 + 1 + 999 + 4);
	assert_string_equal(b.data + 6 + 1 + 999, "|42]");
	free(big);
	buf_free(&b);
	assert_null(b.data);
	assert_int_equal(b.len, 0);

	buf_put_escaped(&b, "<a href=\"x\">&'</a>", 18);
	char *s = buf_take(&b);
	assert_string_equal(s, "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
	assert_null(b.data);
	free(s);
	s = buf_take(&b); /* an empty buffer gives "", owned by the caller */
	assert_string_equal(s, "");
	free(s);

	char *d = xstrndup("abcdef", 3);
	assert_string_equal(d, "abc");
	free(d);
	d = xasprintf("%s-%03d", "n", 7);
	assert_string_equal(d, "n-007");
	free(d);
}

/* fixed arrays: a result that does not fit is refused (fmt_fixed: "" and -1, never a prefix) or
 * visibly cut (fmt_msg: "..."); one that fits is written whole */
static void test_fixed_formats(void **state)
{
	(void)state;
	char a[8];
	assert_int_equal(fmt_fixed(a, sizeof a, "%s/%d", "ab", 1234), 0);
	assert_string_equal(a, "ab/1234");
	assert_int_equal(fmt_fixed(a, sizeof a, "%s/%d", "abc", 1234), -1);
	assert_string_equal(a, "");
	fmt_msg(a, sizeof a, "%s", "short");
	assert_string_equal(a, "short");
	fmt_msg(a, sizeof a, "%s", "a much longer message");
	assert_string_equal(a, "a mu...");
	xsnprintf(a, sizeof a, "%d", 1234567);
	assert_string_equal(a, "1234567");
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_whole_file), cmocka_unit_test(test_read_missing_file),
		cmocka_unit_test(test_read_file_max),	cmocka_unit_test(test_read_error),
		cmocka_unit_test(test_buffers),		cmocka_unit_test(test_fixed_formats),
		cmocka_unit_test(test_str_trim),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	const char *names[] = { "whole", "empty", "limit", "big" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);
		unlink(p);
		free(p);
	}
	rmdir(dir);
	return rc;
}
