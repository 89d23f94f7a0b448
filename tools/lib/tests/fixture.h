/* fixture.h - for the cmocka tests of every C tool (`#include "tests/fixture.h"` with -Itools/lib): the
 * "cases" of a shared fixture in tests/fixtures/ (read from the top of the repository, where make runs
 * the tests; the caller json_decref()s them). Fails the test when it cannot be read or has fewer than
 * 8 cases. */
#ifndef CLIB_TESTS_FIXTURE_H
#define CLIB_TESTS_FIXTURE_H

#include <jansson.h>

static inline json_t *fixture_cases(const char *path)
{
	json_error_t e;
	json_t *f = json_load_file(path, JSON_ALLOW_NUL, &e);
	if (!f)
		fail_msg("%s:%d: %s", path, e.line, e.text);
	json_t *cases = json_incref(json_object_get(f, "cases"));
	json_decref(f);
	if (json_array_size(cases) < 8)
		fail_msg("%s: fewer than 8 cases", path);
	return cases;
}

#endif
