/*
 * clex.h - a lexer of preprocessed C (the output of `cc -E`), for the submission checks (scan.h).
 * It knows exactly what the checks need: string literals (every prefix, raw strings, escapes
 * decoded to bytes), character constants, identifiers, numbers, punctuators, line markers
 * (`# 12 "file" 1`, or `#line`), which set the presumed file and line, and the other directive
 * lines (#pragma, #ident) whole. Comments (with -C) are skipped. Never fails: a malformed literal
 * ends at the end of its line and is returned as it is.
 */
#ifndef SBX_CLEX_H
#define SBX_CLEX_H

#include "buf.h"

#include <stddef.h>

enum tok_kind {
	T_EOF,
	T_IDENT,
	T_STRING, /* text: the decoded bytes (UTF-8 for \u escapes), without prefix or quotes */
	T_CHAR,
	T_NUMBER,
	T_PUNCT,    /* one or more punctuator characters; only ( ) [ ] , are single */
	T_LINEMARK, /* text: the file it names (decoded, or the current one if none); mark: the line
			number it sets; flags: bit n for flag n; line and file: where it stands */
	T_DIRECTIVE, /* any other directive line; text: the line without its '#' */
};

struct token {
	enum tok_kind kind;
	const char *start; /* in the input */
	size_t len;
	int line;	  /* presumed line */
	const char *file; /* presumed file (owned by the lexer; valid until the next line marker) */
	struct buf text;  /* see enum tok_kind; empty otherwise (owned by the lexer) */
	int flags;
	int mark;
};

struct clex {
	const char *p, *end;
	int line;
	int at_bol; /* only whitespace since the start of the line */
	struct buf file, prev_file;
	struct token tok;
};

void clex_init(struct clex *lx, const char *text, size_t len, const char *file);
/* The next token (owned by the lexer, valid until the next call). */
const struct token *clex_next(struct clex *lx);
void clex_free(struct clex *lx);

/* Decodes the body of a C string literal (between the quotes) into out (escapes as C11 and GNU
 * \e; \x and octal values keep their low byte; \u and \U become UTF-8). */
void clex_decode(const char *s, size_t n, struct buf *out);

#endif
