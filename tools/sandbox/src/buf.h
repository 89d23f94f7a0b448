/*
 * buf.h - a growable byte buffer, always NUL-terminated, that never truncates: a failed allocation
 * aborts the program (the sandbox tools handle bounded inputs; running out of memory here is a bug
 * or a limit of the host, never something to paper over).
 */
#ifndef SBX_BUF_H
#define SBX_BUF_H

#include <stddef.h>

struct buf {
	char *data; /* NUL-terminated; NULL until the first append */
	size_t len;
	size_t cap;
};

void buf_append(struct buf *b, const void *p, size_t n);
void buf_putc(struct buf *b, char c);
void buf_puts(struct buf *b, const char *s);
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *buf_str(const struct buf *b); /* "" for an empty buffer; owned by b */
char *buf_steal(struct buf *b);		  /* the data (caller frees; never NULL); b is left empty */
void buf_free(struct buf *b);

/* Reads a whole file into a NUL-terminated malloc'd string (caller frees), at most max bytes;
 * NULL with errno set on error, errno EFBIG if the file is larger than max. */
char *read_whole_file(const char *path, size_t max, size_t *len);

#endif
