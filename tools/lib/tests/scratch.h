/* scratch.h - for the cmocka tests that write files: a fresh directory under /tmp (scratch_dir), made
 * by the group's setup and removed, with everything in it, by its teardown:
 *   return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
 * Include after cmocka.h. */
#ifndef CLIB_TESTS_SCRATCH_H
#define CLIB_TESTS_SCRATCH_H

#include <stdio.h>
#include <stdlib.h>

#include "buf.h"

static char scratch_dir[] = "/tmp/clib-test-XXXXXX";

static int scratch_setup(void **state)
{
	(void)state;
	if (mkdtemp(scratch_dir))
		return 0;
	perror("mkdtemp");
	return -1;
}

static int scratch_teardown(void **state)
{
	(void)state;
	char *rm = xasprintf("rm -rf '%s'", scratch_dir);
	int rc = system(rm) == 0 ? 0 : -1;
	free(rm);
	return rc;
}

#endif
