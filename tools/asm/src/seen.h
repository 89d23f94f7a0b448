/*
 * seen.h - where a transformation is seen: the set of matrix cells on which an example's plain
 * evidence holds, as the shortest list of compiler/arch/opt patterns that matches exactly that set
 * (the form of `evidence-on`), and as the sentence the pages print (the `seen` directive).
 */
#ifndef ASM_SEEN_H
#define ASM_SEEN_H

#include <jansson.h>

#include "example.h"

enum { SEEN_NO_CELL = -1, SEEN_NO = 0, SEEN_YES = 1 };

/* cell[t][o] for target t and -O level o of c: SEEN_NO_CELL (the example is not compiled there),
 * SEEN_NO or SEEN_YES. Returns a new object (the caller json_decref()s it):
 *   {"cells": ["gcc-12/aarch64/O0", ...],       the cells where it is seen, in matrix order
 *    "patterns": ["gcc-12/aarch64/any"],        matching exactly those among the example's cells
 *    "text": "with gcc-12 on aarch64 at every level, -O0 included"   (or "on none of the 60
 *             cells checked": a page writes "seen `seen: id`")
 *    "count": 5, "checked": 60,                 seen on count of the checked cells
 *    "first": {"target": ..., "opt": ...}}      the cell a page opens on: the matrix's default cell
 *                                               if seen there, else the first seen cell at the
 *                                               default's -O level, else the first seen cell (matrix
 *                                               order); null when seen nowhere
 * A pattern component is "any" only when it covers every target (every -O level) the example
 * has cells on for that compiler, so the patterns mean the same for every reader of evidence-on. */
json_t *seen_summary(const struct conf *c, const signed char cell[][CONF_MAX_OPTS]);

#endif
