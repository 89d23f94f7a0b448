/* buf.h - growable byte buffers, allocation that never returns NULL, whole-file reading: the one
 * implementation every C tool links (tools/lib/README.md). A failed allocation prints
 * "<program>: out of memory" and aborts (no caller handles NULL); nothing here truncates. */
#ifndef TOOLS_LIB_BUF_H
#define TOOLS_LIB_BUF_H
#include <stdarg.h>
#include <stddef.h>

struct buf {
	char *data; /* always NUL-terminated when non-NULL; NULL until the first append */
	size_t len;
	size_t cap;
};

/* Each returns memory the caller frees with free(); never NULL. A size of 0 allocates 1 byte.
 * xrealloc: p may be NULL; on return p is invalid and the result owns its bytes. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* The first n bytes of s (which need not be NUL-terminated) and a NUL. */
char *xstrndup(const char *s, size_t n);
/* s without the white space (isspace) around it: the trailing cut in place (a NUL written), the
 * leading skipped. Returns a pointer into s. */
char *str_trim(char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Formatting into a fixed array, never silently cut (tools/lint/snprintf.sh refuses a bare
 * snprintf into one):
 * fmt_fixed: returns 0, or -1 when the result needs more than n bytes; dst is then "" (never a
 *   prefix), and the caller refuses its input ("file:line: ... longer than N") or reports.
 * xsnprintf: for results whose size is known to fit (a number, a bounded token); one that does not
 *   fit is a program error: "<program>: internal limit: ..." on stderr and abort().
 * fmt_msg: a message into a caller's error buffer; one longer than n ends in "..." (a visible cut,
 *   never a silent one). */
int fmt_fixed(char *dst, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), warn_unused_result));
void xsnprintf(char *dst, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void fmt_msg(char *dst, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void vfmt_msg(char *dst, size_t n, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

/* A buffer starts as { 0 } and owns its data until buf_take or buf_free. The appends never fail
 * (they grow the buffer) and keep data NUL-terminated, so binary data may hold NULs of its own. */
void buf_put(struct buf *b, const void *s, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_putc(struct buf *b, char c);
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends s with & < > " ' replaced by HTML entities. */
void buf_put_escaped(struct buf *b, const char *s, size_t n);
/* The data so far: "" for an empty buffer; owned by b. */
const char *buf_str(const struct buf *b);
/* Returns the data (caller frees; never NULL) and resets the buffer. */
char *buf_take(struct buf *b);
void buf_free(struct buf *b);

/* Reads a whole file into a NUL-terminated malloc'd string (caller frees); NULL with errno set when
 * it cannot: fopen's errno (ENOENT, EACCES, EISDIR...), EIO for a read error (never a truncated
 * result). *len (may be NULL) gets the length. read_file_max: NULL with errno EFBIG when the file
 * holds more than max bytes (exactly max is read). */
char *read_file(const char *path, size_t *len);
char *read_file_max(const char *path, size_t max, size_t *len);

#endif
