/*
 * testutil.c - the litmus-tool unit tests' shared helpers (testutil.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "testutil.h"

const char *lit_test_dir(void)
{
	const char *d = getenv("LITMUS_TESTS");
	return d ? d : "tools/litmus/tests/litmus";
}

void lit_test_lower_text(const char *text, struct lit_test **t, struct lit_prog **p)
{
	char err[512];
	*t = NULL, *p = NULL;
	if (lit_parse("t.litmus", text, strlen(text), t, err, sizeof err) != LIT_OK ||
	    !(*p = lit_lower(*t, err, sizeof err)))
		fail_msg("%s", err);
}

enum lit_status lit_test_lower_file(const char *path, struct lit_test **t, struct lit_prog **p)
{
	char err[512];
	*t = NULL, *p = NULL;
	enum lit_status s = lit_parse_file(path, t, err, sizeof err);
	if (s == LIT_RCU)
		return s;
	if (s != LIT_OK || !(*p = lit_lower(*t, err, sizeof err)))
		fail_msg("%s", err);
	return LIT_OK;
}
