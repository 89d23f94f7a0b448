/*
 * util.h - JSON files for the native explorer. Allocation (x*), growable strings
 * (struct buf), whole-file reading (read_file) and error texts for a caller's buffer (fmt_msg:
 * a cut one ends in "...") come from tools/lib/buf.h, making folders and
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
#include <stdint.h>

#include "buf.h"
#include "fileio.h"
#include "jsonfile.h"

/* The native explorer's JSON files: compact, keys in the order built; written with write_json_file
 * (tools/lib/jsonfile.h). */
#define NATIVE_JSON_FLAGS (JSON_COMPACT | JSON_PRESERVE_ORDER)

/* The first object of array whose string member field equals value, or NULL (borrowed). */
json_t *native_json_find(json_t *array, const char *field, const char *value);

/* v as the pages read it: a JSON integer when v <= 2^53 (exact as a JavaScript number), else its
 * decimal digits as a JSON string. A new reference. */
json_t *native_json_u64(uint64_t v);

/* The end of a subcommand that writes one JSON file: when rc (its exit status so far) is 0, writes
 * doc to path (write_json_file, NATIVE_JSON_FLAGS), saying "path: cannot write" on stderr when that
 * fails; nothing is written otherwise. Takes doc's reference. Returns rc, or 1 when the write
 * failed. */
int native_write_doc(const char *path, json_t *doc, int rc);

#endif
