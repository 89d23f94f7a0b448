/*
 * verdict.h - how a step that ended on its own is told apart from one that hit an rlimit backstop
 * between two samples of the runner (runner.h): by the signal that ended it, or by the message a
 * tool prints when an allocation fails. Messages are matched at the start of a line only, after an
 * optional "program: " prefix, so a compiler diagnostic (which starts with "file:line:") or an
 * #error text cannot pass for one.
 */
#ifndef SBX_VERDICT_H
#define SBX_VERDICT_H

#include "runner.h"

/* The limit a failed step's output or signal points at: "memory", "cpu", "file", or NULL. */
const char *verdict_backstop(const char *output, int signal);

/* Fills in r->verdict, r->limit, limit_value, limit_unit and r->message for a step ended by
 * `limit` ("cpu", "wall", "memory", "processes", "output", "file"), under the limits lim. */
void verdict_limit(struct sbx_result *r, const char *limit, const struct sbx_limits *lim);

#endif
