/*
 * test_nmeta.c - the metadata the native explorer reads (nmeta.c): a message about a variant's line
 * names the example file's line through the metadata's own map ("lines", written by asm-tool
 * linemap), not through a match of the two files' texts; an example without a map keeps its
 * numbers; a malformed map makes the metadata unreadable.
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

#include "nmeta.h"

#define META_HEAD                                                                           \
	"{\"id\": \"t/x\", \"file\": \"examples/t/x.c\", \"threads\": [\"t0\"], "           \
	"\"outcome\": [\"r\"], \"shared\": [], \"observed\": [{\"name\": \"r\", \"type\": " \
	"\"int\", \"line\": 3}], \"variants\": [\"plain\", \"fixed\"], \"sources\": "       \
	"{\"plain\": \"/nonexistent/x.plain.c\", \"fixed\": \"/nonexistent/x.fixed.c\"}"

/* Loads META_HEAD + tail + "}" from a temporary file into m; returns nmeta_load's status. */
static int load(struct nmeta *m, const char *tail)
{
	char path[] = "/tmp/native-nmeta-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w");
	fprintf(f, "%s%s}", META_HEAD, tail);
	fclose(f);
	char err[512];
	int rc = nmeta_load(m, path, err, sizeof err);
	unlink(path);
	return rc;
}

static void test_lines_from_the_map(void **state)
{
	(void)state;
	struct nmeta m;
	/* the sources do not exist: the map alone answers, no text is matched */
	assert_int_equal(
		load(&m, ", \"lines\": {\"plain\": [1, 2, 7, 8], \"fixed\": [1, 2, 0, 12]}"), 0);
	assert_int_equal(nmeta_file_line(&m, "plain", 3), 7);
	assert_int_equal(nmeta_file_line(&m, "plain", 4), 8);
	assert_int_equal(nmeta_file_line(&m, "fixed", 4), 12);
	assert_int_equal(nmeta_file_line(&m, "fixed", 3), 0); /* a line the file does not have */
	assert_int_equal(nmeta_file_line(&m, "plain", 5), 0); /* past the variant's end */
	assert_int_equal(nmeta_file_line(&m, "plain", 0), 0);
	assert_int_equal(nmeta_file_line(&m, "transformed", 1), 0); /* no such variant */
	nmeta_free(&m);
}

static void test_no_map_keeps_numbers(void **state)
{
	(void)state;
	struct nmeta m;
	assert_int_equal(load(&m, ""), 0);
	assert_int_equal(nmeta_file_line(&m, "plain", 35), 35);
	assert_int_equal(nmeta_file_line(&m, "plain", 0), 0);
	nmeta_free(&m);
}

static void test_malformed_map(void **state)
{
	(void)state;
	struct nmeta m;
	assert_int_equal(load(&m, ", \"lines\": {\"plain\": [1, \"2\"], \"fixed\": [1]}"), -1);
	assert_int_equal(load(&m, ", \"lines\": {\"plain\": [1, 2]}"), -1); /* fixed has none */
	assert_int_equal(load(&m, ", \"lines\": {\"plain\": [1, -4], \"fixed\": [1]}"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines_from_the_map),
		cmocka_unit_test(test_no_map_keeps_numbers),
		cmocka_unit_test(test_malformed_map),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
