/*
 * report.h - a test's result printed as herd7 prints its own (States, Ok/No, Witnesses, Condition,
 * Observation), each state marked "*" when the condition holds in it, then the file's expectation
 * beside the verdict.
 */
#ifndef A64_REPORT_H
#define A64_REPORT_H

#include <stdio.h>

#include "verdict.h"

/* The comparison with the file's Result: */
enum a64_agree {
	A64_AGREES, /* the verdict is the file's expectation (or the file has none) */
	A64_DISAGREES,
	A64_PARTIAL, /* no verdict: the search was cut at a bound */
};

enum a64_agree a64_agreement(const struct a64_test *t, const struct a64_result *r);
void a64_report(FILE *f, const struct a64_test *t, const char *model, const struct a64_result *r);
/* One line: "file: name: Never (expected Never): agrees" and the like. */
void a64_report_line(FILE *f, const struct a64_test *t, const char *model,
		     const struct a64_result *r);

#endif
