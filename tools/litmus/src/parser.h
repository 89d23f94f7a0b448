/*
 * parser.h - internal to the parser (parse.c: file structure, initial state, threads,
 * condition; body.c: statements and expressions). Errors longjmp out of the parse.
 */
#ifndef LITMUS_PARSER_H
#define LITMUS_PARSER_H

#include <setjmp.h>

#include "lex.h"
#include "litmus.h"

struct parser {
	struct lex lex;
	struct tok tok; /* the next token, not yet consumed */
	struct lit_test *t;
	char *err;
	size_t errlen;
	enum lit_status status;
	jmp_buf fail;
};

/* Formats "file:line: message" into p->err and leaves the parse with status s. */
_Noreturn void perr(struct parser *p, enum lit_status s, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

void advance(struct parser *p);			     /* consumes the current token */
int is_punct(const struct parser *p, const char *s); /* the current token is s */
int is_ident(const struct parser *p, const char *s);
int accept_punct(struct parser *p, const char *s); /* consumes it if it is s */
void expect_punct(struct parser *p, const char *s, const char *where);
/* The current identifier (copied, consumed); fails with "expected <what>". */
void take_ident(struct parser *p, char *out, const char *what);
/* An optionally negated integer literal that fits in an int. */
int32_t take_int(struct parser *p, const char *what);
void *palloc(struct parser *p, size_t n);

int find_reg(const struct lit_thread *th, const char *name); /* index or -1 */
/* body.c: whether name is an RCU primitive (rcu_*, srcu_*, synchronize_rcu, ...) */
int is_rcu(const char *name);
int thread_has_param(const struct lit_thread *th, int loc);

/* body.c: the statements of a thread body up to its closing brace (consumed). */
struct lit_stmt *parse_body(struct parser *p, struct lit_thread *th);

#endif
