/* util: growable byte buffers, allocation that never returns NULL, whole-file I/O and content hashes.
 * Every other module of the generator builds on these. */
#ifndef GEN_UTIL_H
#define GEN_UTIL_H
#include <stddef.h>
#include <stdint.h>

struct buf {
	char *data; /* always NUL-terminated when non-NULL */
	size_t len;
	size_t cap;
};

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void buf_put(struct buf *b, const char *s, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_putc(struct buf *b, char c);
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends s with & < > " ' replaced by HTML entities. */
void buf_put_escaped(struct buf *b, const char *s, size_t n);
/* Returns the data (caller frees; never NULL) and resets the buffer. */
char *buf_take(struct buf *b);
void buf_free(struct buf *b);

/* Reads a whole file; returns NULL (errno set) when it cannot. *len may be NULL. */
char *read_file(const char *path, size_t *len);
int file_exists(const char *path);
/* Creates every missing directory of path (not the last component if skip_last). 0 or -1. */
int mkdir_p(const char *path, int skip_last);

/* Content hash (XXH3 64-bit). */
uint64_t hash_bytes(const void *data, size_t len);
/* Hash of a file's bytes, or 0 when it does not exist / cannot be read. */
uint64_t hash_file(const char *path);
/* Mixes a string (with its length) into a running hash. */
uint64_t hash_mix(uint64_t h, const char *s, size_t len);
uint64_t hash_mix_str(uint64_t h, const char *s);

#endif
