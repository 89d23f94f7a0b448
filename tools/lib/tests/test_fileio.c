/*
 * test_fileio.c - cmocka tests of tools/lib/fileio.c: mkdir_p with and without the last component,
 * write_file_atomic creating parents, replacing a file whole (mode 0644), and failing without a
 * trace (no temporary left, the old file intact) when a parent is a regular file.
 */
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

#include "buf.h"
#include "fileio.h"
#include "scratch.h"

static int is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The number of entries of path other than . and .. */
static int entries(const char *path)
{
	DIR *d = opendir(path);
	assert_non_null(d);
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

static void test_mkdir_p(void **state)
{
	(void)state;
	char *file = xasprintf("%s/a/b/c.txt", scratch_dir), *b = xasprintf("%s/a/b", scratch_dir);
	assert_int_equal(mkdir_p(file, 1), 0);
	assert_true(is_dir(b));
	assert_false(is_dir(file));	       /* skip_last: only the parents */
	assert_int_equal(mkdir_p(file, 1), 0); /* existing folders are fine */
	char *deep = xasprintf("%s/x/y/", scratch_dir), *y = xasprintf("%s/x/y", scratch_dir);
	assert_int_equal(mkdir_p(deep, 0), 0); /* the path itself, trailing '/' ignored */
	assert_true(is_dir(y));
	assert_int_equal(mkdir_p("no-slash", 1), 0); /* nothing to create */
	free(file);
	free(b);
	free(deep);
	free(y);
}

static void test_write_file_atomic(void **state)
{
	(void)state;
	char *path = xasprintf("%s/w/new/out.txt", scratch_dir),
	     *folder = xasprintf("%s/w/new", scratch_dir);
	assert_int_equal(write_file_atomic(path, "first\0x", 7), 0);
	size_t len;
	char *s = read_file(path, &len);
	assert_non_null(s);
	assert_int_equal(len, 7);
	assert_memory_equal(s, "first\0x", 7);
	free(s);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	assert_int_equal(write_file_atomic(path, "second", 6), 0); /* replaced whole */
	s = read_file(path, &len);
	assert_string_equal(s, "second");
	free(s);
	assert_int_equal(entries(folder), 1); /* no temporary left behind */
	free(path);
	free(folder);
}

static void test_write_fails_cleanly(void **state)
{
	(void)state;
	char *blocker = xasprintf("%s/plain", scratch_dir),
	     *under = xasprintf("%s/plain/f.txt", scratch_dir);
	assert_int_equal(write_file_atomic(blocker, "x", 1), 0);
	errno = 0;
	assert_int_equal(write_file_atomic(under, "y", 1), -1); /* a parent is a regular file */
	assert_int_equal(errno, ENOTDIR);
	char *s = read_file(blocker, NULL);
	assert_string_equal(s, "x");
	free(s);
	/* a folder where the file should be: rename fails, the temporary is removed */
	char *d = xasprintf("%s/isdir", scratch_dir), *inner = xasprintf("%s/isdir/k", scratch_dir);
	assert_int_equal(mkdir_p(inner, 0), 0);
	assert_int_equal(write_file_atomic(d, "z", 1), -1);
	assert_true(is_dir(d));
	assert_int_equal(entries(scratch_dir), 5); /* a, x, w, plain, isdir: nothing else */
	free(blocker);
	free(under);
	free(d);
	free(inner);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mkdir_p),
		cmocka_unit_test(test_write_file_atomic),
		cmocka_unit_test(test_write_fails_cleanly),
	};
	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
