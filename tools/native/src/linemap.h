/*
 * linemap.h - maps a line of a variant's source (build/data/src/<id>.<variant>.c, cut from the
 * example by unifdef, which only deletes lines) to its line in examples/<id>.c, so that
 * messages point at the file the author edits.
 */
#ifndef NATIVE_LINEMAP_H
#define NATIVE_LINEMAP_H

/* The line of example_path that line `line` of variant_path came from: the variant's lines are
 * matched in order to the example's (a subsequence). 0 when a file cannot be read or line is
 * out of range. */
int linemap_line(const char *variant_path, const char *example_path, int line);

#endif
