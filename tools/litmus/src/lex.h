/*
 * lex.h - tokens of a C litmus file: C tokens, herd's condition operators (/\ \/ => ~) and
 * comments in both (* OCaml *) and C style. OCaml comments are recognised only outside thread
 * bodies, where "(*x)" is C.
 */
#ifndef LITMUS_LEX_H
#define LITMUS_LEX_H

#include <stddef.h>
#include <stdint.h>

enum tok_kind { T_EOF, T_IDENT, T_NUM, T_PUNCT, T_STRING, T_BAD };

#define TOK_TEXT 128

struct tok {
	enum tok_kind kind;
	int line;
	char text[TOK_TEXT]; /* identifier, punctuator, number as written; truncated (long = 1) */
	int long_text;	     /* the token was longer than TOK_TEXT - 1 (never for a string) */
	int64_t num;	     /* T_NUM, saturated at INT64_MAX */
	const char *str;     /* T_STRING: its characters between the quotes, in the source */
	size_t strlen;
};

struct lex {
	const char *start, *p, *end;
	int line;
	int ocaml;   /* recognise (* ... *) comments */
	int collect; /* keep comment text in doc (header comments) */
	int meta; /* skip diy7's metadata lines, "Key=value" at the start of a line (the header) */
	char doc[4096];
	size_t ndoc;
	int doc_line;	   /* line of the first kept comment */
	const char *error; /* set when a comment or string is not closed */
	int error_line;
};

void lex_init(struct lex *l, const char *text, size_t len, int line);
/* The next token; T_EOF at the end, T_BAD for a character no token starts with. */
void lex_next(struct lex *l, struct tok *t);

#endif
