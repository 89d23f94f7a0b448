/*
 * files.h - writing the tool's outputs: whole files replaced atomically, parent folders made.
 */
#ifndef LITMUS_FILES_H
#define LITMUS_FILES_H

#include <stddef.h>

/* Writes len bytes to path atomically (tools/lib/fileio.h: a temporary and rename); creates missing
 * parent folders. 0, or -1 after printing "path: reason" to stderr. */
int files_write(const char *path, const char *data, size_t len);

/* The regular files under dir and its subfolders (32 deep at most; names starting with '.'
 * skipped) whose names end with suffix, as paths relative to dir ("a/b/x.litmus"), sorted; *n of
 * them. Free with files_list_free. NULL (and *n = 0) when dir cannot be read or memory runs out. */
char **files_list(const char *dir, const char *suffix, int *n);
void files_list_free(char **names, int n);

#endif
