/*
 * util.h - small file helpers shared by the asm-tool commands.
 */
#ifndef ASM_UTIL_H
#define ASM_UTIL_H

#include <jansson.h>
#include <stddef.h>

char *read_file(const char *path, size_t *len);	    /* NUL-terminated, NULL on error */
int mkdir_parents(const char *path);		    /* mkdir -p of path's directory */
int write_text(const char *path, const char *text); /* via a temporary and rename */
int write_json(const char *path, json_t *j);	    /* indented, sorted as built */
json_t *load_json(const char *path);		    /* prints path: error on failure */

#endif
