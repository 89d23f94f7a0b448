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
_Noreturn void parser_error(struct parser *p, enum lit_status s, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

void parser_advance(struct parser *p);			    /* consumes the current token */
int parser_is_punct(const struct parser *p, const char *s); /* the current token is s */
int parser_is_ident(const struct parser *p, const char *s);
int parser_accept_punct(struct parser *p, const char *s); /* consumes it if it is s */
void parser_expect_punct(struct parser *p, const char *s, const char *where);
/* The current identifier (copied, consumed); fails with "expected <what>". */
void parser_take_ident(struct parser *p, char *out, const char *what);
/* An optionally negated integer literal that fits in an int. */
int32_t parser_take_int(struct parser *p, const char *what);
void *parser_alloc(struct parser *p, size_t n);
const char *parser_strdup(struct parser *p, const char *s); /* in the test's arena */
/* The test uses a pointer value / RCU, at line (the first one is kept). */
void parser_mark_ptr(struct parser *p, int line);
void parser_mark_rcu(struct parser *p, int line);

int parser_find_reg(const struct lit_thread *th, const char *name); /* index or -1 */
/* The register called name of th, declared now if it is new (herd needs no declaration). */
int parser_add_reg(struct parser *p, struct lit_thread *th, const char *name, int line);

/* init.c: C types, locations, the initial state. */
struct parser_ctype {
	enum lit_type type;
	int atomic; /* atomic_t */
	int stars;  /* pointer levels after the type */
};
int parser_type_start(const struct parser *p); /* the current token starts a type */
void parser_read_ctype(struct parser *p, struct parser_ctype *ct);
/* The location called name with that type, created on first mention. */
int parser_declare_loc(struct parser *p, const char *name, enum lit_type type, int line);
void parser_skip_casts(struct parser *p); /* "(int *)", "(intptr_t)": casts change no value here */
void parser_init_state(struct parser *p);
int parser_thread_has_param(const struct lit_thread *th, int loc);

/* body.c: the statements of a thread body up to its closing brace (consumed). */
struct lit_stmt *parser_body(struct parser *p, struct lit_thread *th);
struct lit_expr *parser_expr(struct parser *p, struct lit_thread *th);
struct lit_expr *parser_enode(struct parser *p, enum lit_expr_kind k, int line);
struct lit_stmt *parser_snode(struct parser *p, enum lit_stmt_kind k, int line);
/* C leaves the two operands (or arguments) unsequenced: at most one may access memory. */
void parser_sequenced(struct parser *p, const struct lit_expr *a, const struct lit_expr *b,
		      int line);
/* A location argument of prim: "x" (or "*x" when star) naming a parameter of th of that type;
 * with reg not NULL also a pointer register ("r0", "*r0"): then -1 and *reg is the register. */
int parser_loc_arg(struct parser *p, struct lit_thread *th, int star, enum lit_type type,
		   const char *prim, int *reg);
/* A name that is neither a register nor a supported primitive: the message says what it is. */
_Noreturn void parser_unknown_name(struct parser *p, const char *name, int line);

/* prims.c: the kernel primitives. A call in an expression (name consumed, "(" current); a call
 * as a statement, NULL (nothing consumed) when name is not a statement primitive. */
struct lit_expr *parser_call_expr(struct parser *p, struct lit_thread *th, const char *name,
				  int line);
struct lit_stmt *parser_call_stmt(struct parser *p, struct lit_thread *th, const char *name,
				  int line);
/* An RCU primitive this tool does not model (call_rcu, kfree_rcu, list_*_rcu, ...) when it is
 * not one of those prims.c reads. */
int parser_is_rcu(const char *name);

#endif
