/* fileio.h - making a file's folders and replacing a file atomically: the one implementation every
 * C tool links (tools/lib/README.md; reading a whole file: buf.h's read_file). Both return 0, or -1
 * with errno set and print nothing: the caller says what failed. */
#ifndef TOOLS_LIB_FILEIO_H
#define TOOLS_LIB_FILEIO_H
#include <stddef.h>

/* Creates every missing directory of path, and path itself unless skip_last (then only its
 * parents: the folders a file at path needs). A path without '/' and skip_last: nothing to do. */
int mkdir_p(const char *path, int skip_last);
/* Replaces path atomically (a temporary name in the same folder, mode 0644, then rename): readers see
 * the old or the new file, never part of it. Creates the parents. On failure the temporary is gone
 * and path is untouched. */
int write_file_atomic(const char *path, const void *data, size_t len);

#endif
