/*
 * lex.c - the litmus tokenizer (see lex.h).
 */
#include "lex.h"
#include "buf.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void lex_init(struct lex *l, const char *text, size_t len, int line)
{
	memset(l, 0, sizeof *l);
	l->start = l->p = text;
	l->end = text + len;
	l->line = line;
	l->ocaml = 1;
}

static void keep(struct lex *l, const char *s, const char *e, int line)
{
	if (!l->collect)
		return;
	if (!l->ndoc)
		l->doc_line = line;
	while (s < e && l->ndoc + 2 < sizeof l->doc)
		l->doc[l->ndoc++] = *s++;
	l->doc[l->ndoc++] = '\n';
	l->doc[l->ndoc] = '\0';
}

static int at(const struct lex *l, const char *s)
{
	size_t n = strlen(s);
	return (size_t)(l->end - l->p) >= n && memcmp(l->p, s, n) == 0;
}

/* Skips one (* ... *) comment, nested ones included; 0 if it is not closed. */
static int ocaml_comment(struct lex *l)
{
	int depth = 0, line = l->line;
	const char *start = l->p + 2;
	while (l->p < l->end) {
		if (at(l, "(*")) {
			depth++;
			l->p += 2;
		} else if (at(l, "*)")) {
			l->p += 2;
			if (--depth == 0) {
				keep(l, start, l->p - 2, line);
				return 1;
			}
		} else {
			l->line += *l->p++ == '\n';
		}
	}
	return 0;
}

static int c_comment(struct lex *l)
{
	int line = l->line;
	const char *start = l->p + 2;
	for (l->p += 2; l->p < l->end; l->line += *l->p++ == '\n')
		if (at(l, "*/")) {
			keep(l, start, l->p, line);
			l->p += 2;
			return 1;
		}
	return 0;
}

/* At l->p, only blanks since the start of the line: "Key=" (a letter, then letters, digits or
 * '_', then '='), as diy7 writes Cycle=, Relax=, Safe=, Prefetch=, Com=, Orig=, Generator=. */
static int metadata_line(const struct lex *l)
{
	const char *q = l->p;
	while (q > l->start && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	if (q > l->start && q[-1] != '\n')
		return 0;
	q = l->p;
	if (q >= l->end || !isalpha((unsigned char)*q))
		return 0;
	while (q < l->end && (isalnum((unsigned char)*q) || *q == '_'))
		q++;
	return q < l->end && *q == '=';
}

/* Skips blanks and comments (and metadata lines, in l->meta); 0 on an unterminated comment
 * (l->error says so). */
static int skip(struct lex *l)
{
	for (;;) {
		while (l->p < l->end && isspace((unsigned char)*l->p))
			l->line += *l->p++ == '\n';
		int line = l->line;
		if (l->meta && metadata_line(l)) {
			while (l->p < l->end && *l->p != '\n')
				l->p++;
		} else if (l->ocaml && at(l, "(*")) {
			if (!ocaml_comment(l))
				goto open;
		} else if (at(l, "/*")) {
			if (!c_comment(l))
				goto open;
		} else if (at(l, "//")) {
			while (l->p < l->end && *l->p != '\n')
				l->p++;
		} else {
			return 1;
		}
		continue;
	open:
		l->error = "unterminated comment";
		l->error_line = line;
		return 0;
	}
}

static void set_text(struct tok *t, const char *s, size_t n)
{
	t->long_text = n >= TOK_TEXT;
	if (n >= TOK_TEXT)
		n = TOK_TEXT - 1;
	memcpy(t->text, s, n);
	t->text[n] = '\0';
}

static void number(struct lex *l, struct tok *t)
{
	const char *s = l->p;
	int base = 10;
	if (at(l, "0x") || at(l, "0X")) {
		base = 16;
		l->p += 2;
	}
	int64_t v = 0;
	while (l->p < l->end && isalnum((unsigned char)*l->p)) {
		int c = tolower((unsigned char)*l->p), d;
		if (isdigit(c))
			d = c - '0';
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else
			d = 99; /* a letter in a number: T_BAD below */
		if (d >= base)
			t->kind = T_BAD;
		else if (v <= (INT64_MAX - d) / base)
			v = v * base + d;
		else
			v = INT64_MAX;
		l->p++;
	}
	if (t->kind != T_BAD)
		t->kind = T_NUM;
	t->num = v;
	set_text(t, s, (size_t)(l->p - s));
}

static const char *const puncts[] = { "/\\", "\\/", "=>", "==", "!=", "<=",
				      ">=",  "&&",  "||", "->", NULL };

void lex_next(struct lex *l, struct tok *t)
{
	memset(t, 0, sizeof *t);
	if (!skip(l)) {
		t->kind = T_EOF;
		t->line = l->error_line;
		return;
	}
	t->line = l->line;
	if (l->p >= l->end) {
		t->kind = T_EOF; /* on the last line, not the empty one after its newline */
		t->line -= l->line > 1 && l->end[-1] == '\n';
		return;
	}
	const char *s = l->p;
	unsigned char c = (unsigned char)*s;
	if (isalpha(c) || c == '_') {
		while (l->p < l->end && (isalnum((unsigned char)*l->p) || *l->p == '_'))
			l->p++;
		t->kind = T_IDENT;
		set_text(t, s, (size_t)(l->p - s));
		return;
	}
	if (isdigit(c)) {
		number(l, t);
		return;
	}
	if (c == '"') {
		for (l->p++; l->p < l->end && *l->p != '"' && *l->p != '\n'; l->p++)
			;
		if (l->p >= l->end || *l->p != '"') {
			l->error = "unterminated string";
			l->error_line = t->line;
			t->kind = T_EOF;
			return;
		}
		l->p++;
		t->kind = T_STRING;
		set_text(t, s, (size_t)(l->p - s));
		t->long_text = 0; /* (the whole string is str) */
		t->str = s + 1;
		t->strlen = (size_t)(l->p - s) - 2;
		return;
	}
	for (int i = 0; puncts[i]; i++)
		if (at(l, puncts[i])) {
			l->p += strlen(puncts[i]);
			t->kind = T_PUNCT;
			set_text(t, s, strlen(puncts[i]));
			return;
		}
	l->p++;
	t->kind = strchr("(){}[];,*=:~!&|^+-<>.?/%", c) && c ? T_PUNCT : T_BAD;
	if (c >= 0x20 && c < 0x7f)
		set_text(t, s, 1);
	else
		xsnprintf(t->text, sizeof t->text, "\\x%02x", c);
}
