/*
 * test_jsonfile.c - cmocka tests of tools/lib/jsonfile.c: write_json_file writes exactly
 * json_dumps(j, flags) and a newline (indented for asm-tool, compact for native-tool), creates the
 * parents, and on failure (a value jansson will not encode, a parent that is a file) returns -1 with
 * errno set and leaves the old file as it was.
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
#include <unistd.h>

#include "buf.h"
#include "fileio.h"
#include "jsonfile.h"
#include "scratch.h"

static void test_writes_dump_and_newline(void **state)
{
	(void)state;
	json_t *j = json_pack("{s:i, s:[s, s]}", "b", 1, "a", "x/y", "\xc3\xa9");
	char *path = xasprintf("%s/new/dir/v.json", scratch_dir);
	assert_int_equal(write_json_file(path, j, JSON_INDENT(1) | JSON_PRESERVE_ORDER), 0);
	char *s = read_file(path, NULL);
	assert_string_equal(s, "{\n \"b\": 1,\n \"a\": [\n  \"x/y\",\n  \"\xc3\xa9\"\n ]\n}\n");
	free(s);
	assert_int_equal(write_json_file(path, j, JSON_COMPACT | JSON_PRESERVE_ORDER), 0);
	s = read_file(path, NULL);
	assert_string_equal(s, "{\"b\":1,\"a\":[\"x/y\",\"\xc3\xa9\"]}\n");
	free(s);
	json_decref(j);
	free(path);
}

static void test_failure_leaves_old_file(void **state)
{
	(void)state;
	char *path = xasprintf("%s/keep.json", scratch_dir);
	json_t *obj = json_pack("{s:b}", "old", 1), *num = json_integer(7);
	assert_int_equal(write_json_file(path, obj, JSON_COMPACT), 0);
	errno = 0;
	assert_int_equal(write_json_file(path, num, JSON_COMPACT), -1); /* no JSON_ENCODE_ANY */
	assert_int_equal(errno, EINVAL);
	char *s = read_file(path, NULL);
	assert_string_equal(s, "{\"old\":true}\n");
	free(s);
	assert_int_equal(write_json_file(path, num, JSON_ENCODE_ANY), 0);
	s = read_file(path, NULL);
	assert_string_equal(s, "7\n");
	free(s);
	char *under =
		xasprintf("%s/keep.json/x.json", scratch_dir); /* a parent is a regular file */
	errno = 0;
	assert_int_equal(write_json_file(under, obj, JSON_COMPACT), -1);
	assert_int_equal(errno, ENOTDIR);
	json_decref(obj);
	json_decref(num);
	free(under);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_writes_dump_and_newline),
		cmocka_unit_test(test_failure_leaves_old_file),
	};
	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
