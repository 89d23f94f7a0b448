/*
 * util.h - error texts and JSON files for the native explorer. Allocation (x*), growable strings
 * (struct buf) and whole-file reading (read_file) come from tools/lib/buf.h, making folders and
 * atomic writes (mkdir_p, write_file_atomic) from tools/lib/fileio.h, JSON files
 * (write_json_file) from tools/lib/jsonfile.h: allocation failures abort
 * with a message (the explorer cannot do anything useful without memory); file errors are
 * returned.
 */
#ifndef NATIVE_UTIL_H
#define NATIVE_UTIL_H

#include <jansson.h>
#include <stdarg.h>
#include <stddef.h>

#include "buf.h"
#include "fileio.h"
#include "jsonfile.h"

/* Error text for a caller-provided buffer: truncation is marked with "..." at the end. */
void errf(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The native explorer's JSON files: compact, keys in the order built; written with write_json_file
 * (tools/lib/jsonfile.h). */
#define NATIVE_JSON_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER)

/* The first object of array whose string member field equals value, or NULL (borrowed). */
json_t *json_find(json_t *array, const char *field, const char *value);

#endif
