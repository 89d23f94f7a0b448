/*
 * testutil.h - what the litmus-tool unit tests share: where the project's litmus tests are, and a
 * litmus text or file parsed and lowered, an error failing the calling test with its message.
 */
#ifndef LITMUS_TESTUTIL_H
#define LITMUS_TESTUTIL_H

#include "litmus.h"
#include "prog.h"

/* The project's litmus tests: $LITMUS_TESTS, or tools/litmus/tests/litmus. */
const char *lit_test_dir(void);

/* Parses text (as "t.litmus") and lowers it into *t and *p (the caller frees both). */
void lit_test_lower_text(const char *text, struct lit_test **t, struct lit_prog **p);

/* Parses and lowers the file path: LIT_OK with *t and *p set, or LIT_RCU with nothing set (a test
 * the import skips); any other status fails the test. */
enum lit_status lit_test_lower_file(const char *path, struct lit_test **t, struct lit_prog **p);

#endif
