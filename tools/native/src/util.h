/*
 * util.h - memory, strings and files for the native explorer. Allocation failures abort with
 * a message (the explorer cannot do anything useful without memory); file errors are returned.
 */
#ifndef NATIVE_UTIL_H
#define NATIVE_UTIL_H

#include <jansson.h>
#include <stdarg.h>
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable NUL-terminated string. Initialise with {0}; free with free(sb.s). */
struct sbuf {
	char *s;
	size_t len, cap;
};
void sb_add(struct sbuf *sb, const char *s);
void sb_printf(struct sbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Error text for a caller-provided buffer: truncation is marked with "..." at the end. */
void errf(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

char *read_file(const char *path, size_t *len); /* NUL-terminated, NULL (errno set) on error */
int mkdir_parents(const char *path);		/* mkdir -p of path's directory; 0 or -1 */
int write_file(const char *path, const void *data, size_t len); /* via a temporary and rename */
int write_json(const char *path, json_t *j); /* compact, key order as built; 0 or -1 */

/* The first object of array whose string member field equals value, or NULL (borrowed). */
json_t *json_find(json_t *array, const char *field, const char *value);

#endif
