/* compact: the site's scripts and stylesheets as served, without what only their readers in the
 * repository need (issue 27 point 14, page weight). */
#ifndef GEN_COMPACT_H
#define GEN_COMPACT_H

#include <stddef.h>

#include "buf.h"

/* Changes when what compact_code keeps changes (the copies' key: tools/gen/build.c). */
#define COMPACT_VERSION "compact 1"

/* Appends to out the text [s, s + n) of a classic script (css 0) or a stylesheet (css 1) without
 * the blanks that start its lines, its blank lines, and its comments that start a line: a block
 * comment opening a line (up to its end, which may be lines later) and, in a script, a line comment
 * opening a line. What follows a block comment's end on its line is kept. Nothing else changes:
 * every kept line keeps its newline, so a script's statements are never joined. */
void compact_code(const char *s, size_t n, int css, struct buf *out);

/* 1 for the files compact_code applies to (.js, .css; build.c: those of site/static), 0 otherwise. */
int compact_applies(const char *path, int *css);

#endif
