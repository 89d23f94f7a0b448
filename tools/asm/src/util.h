/*
 * util.h - small file helpers shared by the asm-tool commands; whole-file reading (read_file) and
 * allocation come from tools/lib/buf.h, the atomic write under write_text from tools/lib/fileio.h,
 * JSON files from tools/lib/jsonfile.h.
 */
#ifndef ASM_UTIL_H
#define ASM_UTIL_H

#include <jansson.h>
#include <stddef.h>

#include "buf.h"
#include "jsonfile.h"

int write_text(const char *path, const char *text); /* via a temporary and rename */
/* asm-tool's JSON files: indented by one, keys in the order built; written with write_json_file
 * (tools/lib/jsonfile.h), each caller naming the file it could not write. */
#define ASM_JSON_FLAGS (JSON_INDENT(1) | JSON_PRESERVE_ORDER)
json_t *asm_load_json(const char *path); /* prints path: error on failure */
/* The lines of a text file as a new JSON array of strings (without their '\n'); NULL when it
 * cannot be read. The caller owns it. */
json_t *read_lines(const char *path);

#endif
