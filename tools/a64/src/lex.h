/*
 * lex.h - the tokens of a litmus file's initial state, clauses and condition: a cursor over text
 * that counts lines. Comments are gone before (read.c replaces them by spaces, keeping newlines).
 */
#ifndef A64_LEX_H
#define A64_LEX_H

#include <stddef.h>
#include <stdint.h>

struct lx {
	const char *p, *end;
	int line;
};

/* Skips blanks and newlines (counting them). Returns the next character, or 0 at the end. */
int lx_peek(struct lx *l);
/* Consumes the exact text s (after blanks) and returns 1, or returns 0 and consumes nothing. */
int lx_eat(struct lx *l, const char *s);
/* An identifier [A-Za-z_][A-Za-z0-9_.]* (after blanks) copied into buf (n bytes); 0 if none. An
 * identifier longer than buf is an error: returns -1. */
int lx_ident(struct lx *l, char *buf, size_t n);
/* A number: decimal or 0x hexadecimal, with an optional '-' (two's complement). 1, 0 if none, -1
 * if it does not fit in 64 bits. */
int lx_number(struct lx *l, uint64_t *v);
/* "N:" followed by an identifier: 1 with *thread and the identifier in buf (n bytes), 0 if the
 * text is not a thread-qualified name (nothing consumed), -1 if the identifier does not fit. */
int lx_threadreg(struct lx *l, int *thread, char *buf, size_t n);

#endif
