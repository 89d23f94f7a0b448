/*
 * outjson.h - the reference's outcome sets as JSON, in the shape tools/wasm writes for the
 * explorer (build/data/outcomes/<id>.json, tools/wasm/README.md) so the two can be compared:
 *
 *   {"id", "file", "name", "description" (diy7's quoted line, when the file has one),
 *    "lkmm": {"result", "line", "file" (herd's output it came from, when not the test)} | null,
 *    "condition": {"quantifier", "herd", "predicate", "line"},
 *    "threads": ["P0", ...], "outcome": ["P0_r0", ...], "order": ["sc", "tso", "armv8"],
 *    "models": {"sc": {"model": "SC", "partial", ["why",] "schedules", "states", "verdict", "holds",
 *                      "outcomes": [{"key", "values", "hang", "crash": null, "done", "count",
 *                                    "witness", "satisfies"}],
 *                      "checked": {<predicate>: reachable}}, "tso": {...}, "armv8": {...}}}
 *
 * "key" is the explorer's outcome key ("P0_r0=0 P1_r0=1; P1 does not terminate"), "witness"
 * the reference's schedule (enumerate.h), "satisfies" the condition on that outcome (false
 * when a thread did not finish), "verdict" herd's word for the condition over the finished
 * runs and "holds" whether the test's quantifier holds (null when partial or unsupported: no
 * verdict). "why" (only when partial) names the bound; "unsupported": {"why", "line"} (only when
 * the model cannot run the test: armv8.c's list) says what stops it, with "verdict"
 * "unsupported" and no outcomes. An outcome the test's filter rejects has "filtered": true. Under "armv8" (armv8.h), "schedules" counts allowed executions, "states" the candidate
 * executions checked, and "witness" is an execution (its reads-from and coherence), not a
 * schedule.
 */
#ifndef LITMUS_OUTJSON_H
#define LITMUS_OUTJSON_H

#include <jansson.h>

#include "enumerate.h"

/* The outcome key the explorer would give o (tools/lib/outkey.h), whole: malloc'd, caller frees. */
char *lit_outcome_key(const struct lit_test *t, const struct lit_outcome *o);

/* A new object for one model's result. */
json_t *lit_result_json(const struct lit_test *t, const struct lit_result *r);

/* The whole document for results r[0..n) (one per model, in order). */
json_t *lit_test_json(const struct lit_test *t, const char *id, const struct lit_result *r, int n);

#endif
