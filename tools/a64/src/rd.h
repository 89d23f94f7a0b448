/*
 * rd.h - the litmus reader's internals, shared by its files: read.c (the file's sections),
 * init.c (the initial state), cols.c (the thread columns), cond.c (conditions and clauses).
 */
#ifndef A64_RD_H
#define A64_RD_H

#include "lex.h"
#include "test.h"

#define RD_NAME 128 /* identifiers and register names in the initial state and conditions */

struct rd {
	const char *path;
	char *text; /* the file with comments replaced by blanks (newlines kept), NUL-terminated */
	size_t len;
	struct a64_test *t;
	char *err; /* the first error, "path:line: message" */
};

/* Records the error (the first one only) and returns -1. */
int rd_fail(struct rd *r, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The index of location name, added (with initial value 0, first named at line) if new. */
int rd_loc(struct rd *r, const char *name, int line);

/* "{ ... }" at l: the initial state. 0 or -1. */
int rd_init(struct rd *r, struct lx *l);

/* The thread header at text line `line` (text points at it) and the code lines after it, up to the
 * first line starting with a clause keyword or the end; *rest is where that line starts and
 * *rest_line its number. Overwrites the newlines it passes with NULs. */
int rd_columns(struct rd *r, char *text, int line, char **rest, int *rest_line);

/* The clauses after the code: locations, filter, the condition. 0 or -1. */
int rd_clauses(struct rd *r, struct lx *l);

void rd_cond_free(struct a64_cond *c);

#endif
