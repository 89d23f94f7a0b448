/* buf.h - growable byte buffers, allocation that never returns NULL, whole-file reading: the one
 * implementation every C tool links (tools/lib/README.md). A failed allocation prints
 * "<program>: out of memory" and aborts (no caller handles NULL); nothing here truncates. */
#ifndef TOOLS_LIB_BUF_H
#define TOOLS_LIB_BUF_H
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
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

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
