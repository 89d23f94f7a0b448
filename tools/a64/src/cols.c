/*
 * cols.c - the thread columns of a litmus test: the "P0 | P1 ;" header, then one line per row of
 * instructions, cells separated by '|', each line ending in ';'. A cell is empty, an instruction,
 * "LABEL:" or "LABEL: instruction". The instructions stay text: the assembler reads them, so a
 * cell must be one instruction and nothing else the assembler would act on: a directive (.include,
 * .incbin, .macro, .irp ... would read a host file or run text), a second statement after ';' or
 * a second label is refused here, before anything is assembled.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "rd.h"

/* Splits line (without its ';') at '|' into at most max cells; returns how many there are. */
static int split(char *line, char **cells, int max)
{
	int n = 0;
	for (char *p = line;; n++) {
		char *bar = strchr(p, '|');
		if (bar)
			*bar = '\0';
		if (n < max)
			cells[n] = str_trim(p);
		if (!bar)
			return n + 1;
		p = bar + 1;
	}
}

/* Removes the line's final ';' (after blanks); 0, or -1 when there is none. */
static int strip_semicolon(char *line)
{
	char *s = str_trim(line);
	size_t n = strlen(s);
	if (!n || s[n - 1] != ';')
		return -1;
	s[n - 1] = '\0';
	memmove(line, s, n);
	return 0;
}

static int header(struct rd *r, char *line, int lineno)
{
	char *cells[A64_MAX_THREADS];
	if (strip_semicolon(line) != 0)
		return rd_fail(r, lineno, "the thread header (P0 | P1 ...) must end with ';'");
	int n = split(line, cells, A64_MAX_THREADS);
	if (n > A64_MAX_THREADS)
		return rd_fail(r, lineno, "%d threads (at most %d)", n, A64_MAX_THREADS);
	for (int i = 0; i < n; i++) {
		char want[16];
		xsnprintf(want, sizeof want, "P%d", i);
		if (strcmp(cells[i], want) != 0)
			return rd_fail(r, lineno, "expected thread %s in the header, found '%s'",
				       want, cells[i]);
	}
	r->t->nthreads = n;
	r->t->threads_line = lineno;
	return 0;
}

/* The length of a label at the start of s ("NAME:"), or 0. */
static size_t label_len(const char *s)
{
	size_t n = 0;
	if (!isalpha((unsigned char)s[0]) && s[0] != '_')
		return 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	return s[n] == ':' ? n : 0;
}

/* Why the cell's text after its label is not one instruction statement, or NULL when it is: a
 * mnemonic (a letter, then letters, digits, '_' or '.', as in B.NE) followed by a blank or the
 * end, and no ';' (the assembler's statement separator on AArch64 and x86) anywhere. */
static const char *not_one_insn(const char *s)
{
	if (*s == '.')
		return "an assembler directive: a cell holds one instruction, after an optional "
		       "label";
	if (strchr(s, ';'))
		return "';' would start a second statement: a cell holds one instruction";
	size_t n = 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.')
		n++;
	if (!isalpha((unsigned char)*s) || (s[n] && s[n] != ' ' && s[n] != '\t'))
		return "expected an instruction (a mnemonic, then its operands), after an optional "
		       "label";
	return NULL;
}

static int add_cell(struct rd *r, int th, char *cell, int lineno)
{
	if (!*cell)
		return 0;
	struct a64_thread *t = &r->t->threads[th];
	struct a64_cell c = { NULL, NULL, lineno };
	size_t n = label_len(cell);
	if (n) {
		c.label = xstrndup(cell, n);
		cell = str_trim(cell + n + 1);
		for (int i = 0; i < t->ncells; i++)
			if (t->cells[i].label && !strcmp(t->cells[i].label, c.label)) {
				rd_fail(r, lineno, "label %s defined twice in P%d", c.label, th);
				free(c.label);
				return -1;
			}
	}
	const char *why = *cell ? not_one_insn(cell) : NULL;
	if (why) {
		rd_fail(r, lineno, "P%d: '%s': %s", th, cell, why);
		free(c.label);
		return -1;
	}
	if (*cell)
		c.insn = xstrdup(cell);
	t->cells = xrealloc(t->cells, (size_t)(t->ncells + 1) * sizeof *t->cells);
	t->cells[t->ncells++] = c;
	return 0;
}

static int code_line(struct rd *r, char *line, int lineno)
{
	char *cells[A64_MAX_THREADS];
	int nt = r->t->nthreads;
	if (strip_semicolon(line) != 0)
		return rd_fail(r, lineno, "a line of code must end with ';'");
	int n = split(line, cells, A64_MAX_THREADS);
	if (n != nt)
		return rd_fail(r, lineno, "%d column%s on this line, but the test has %d thread%s",
			       n, n == 1 ? "" : "s", nt, nt == 1 ? "" : "s");
	for (int i = 0; i < n; i++)
		if (add_cell(r, i, cells[i], lineno) != 0)
			return -1;
	return 0;
}

static int is_clause(const char *s)
{
	static const char *const kw[] = { "exists", "forall", "locations", "filter", NULL };
	if (*s == '~')
		return 1;
	for (int i = 0; kw[i]; i++) {
		size_t n = strlen(kw[i]);
		if (!strncmp(s, kw[i], n) && !isalnum((unsigned char)s[n]) && s[n] != '_')
			return 1;
	}
	return 0;
}

int rd_columns(struct rd *r, char *text, int line, char **rest, int *rest_line)
{
	char *p = text, *nl = strchr(p, '\n');
	if (nl)
		*nl = '\0';
	if (header(r, p, line) != 0)
		return -1;
	for (p = nl ? nl + 1 : p + strlen(p); *p; line++) {
		nl = strchr(p, '\n');
		char *s = p;
		while (*s == ' ' || *s == '\t' || *s == '\r')
			s++;
		if (is_clause(s))
			break;
		if (nl)
			*nl = '\0';
		if (*s && code_line(r, p, line + 1) != 0)
			return -1;
		p = nl ? nl + 1 : p + strlen(p);
	}
	*rest = p;
	*rest_line = line + 1;
	return 0;
}
