/* jsonfile.h - writing a JSON value to a file: the one write_json of the C tools (asm-tool writes
 * its data indented, native-tool compact; each passes its jansson flags). Links jansson. */
#ifndef TOOLS_LIB_JSONFILE_H
#define TOOLS_LIB_JSONFILE_H
#include <jansson.h>
#include <stddef.h>

/* Replaces path with json_dumps(j, flags) and a final '\n', through write_file_atomic (fileio.h:
 * the parents are created, readers see the old or the new file). Returns 0, or -1 with errno set
 * (EINVAL when jansson cannot encode j, for example a bare number without JSON_ENCODE_ANY) and path
 * untouched. Prints nothing: the caller says what failed. */
int write_json_file(const char *path, const json_t *j, size_t flags);

#endif
