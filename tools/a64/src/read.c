/*
 * read.c - reads a herd7 AArch64 litmus file (test.h): comments and the expectation, the header,
 * the ignored description and metadata lines, then the initial state (init.c), the thread columns
 * (cols.c) and the clauses (cond.c).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "rd.h"

int rd_fail(struct rd *r, int line, const char *fmt, ...)
{
	if (r->err)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	struct buf b = { 0 };
	buf_printf(&b, "%s:%d: ", r->path, line);
	char msg[512];
	vfmt_msg(msg, sizeof msg, fmt, ap);
	va_end(ap);
	buf_puts(&b, msg);
	r->err = buf_take(&b);
	return -1;
}

int a64_loc_find(const struct a64_test *t, const char *name)
{
	for (int i = 0; i < t->nlocs; i++)
		if (!strcmp(t->locs[i].name, name))
			return i;
	return -1;
}

int rd_loc(struct rd *r, const char *name, int line)
{
	struct a64_test *t = r->t;
	int i = a64_loc_find(t, name);
	if (i >= 0)
		return i;
	t->locs = xrealloc(t->locs, (size_t)(t->nlocs + 1) * sizeof *t->locs);
	t->locs[t->nlocs] = (struct a64_loc){ xstrdup(name), 0, line };
	return t->nlocs++;
}

/* "Result: <word>" in a comment's text: the expectation. */
static int result_in(struct rd *r, const char *c, size_t n, int line)
{
	static const char *const words[] = { "Never", "Sometimes", "Always", NULL };
	char *s = xstrndup(c, n), *p = strstr(s, "Result:");
	int rc = 0;
	if (p) {
		for (const char *q = s; q < p; q++)
			line += *q == '\n';
		p += strlen("Result:");
		while (*p == ' ' || *p == '\t')
			p++;
		int k = 0;
		while (words[k] && strncmp(p, words[k], strlen(words[k])) != 0)
			k++;
		if (!words[k])
			rc = rd_fail(r, line, "Result: must be Never, Sometimes or Always");
		else if (r->t->expect)
			rc = rd_fail(r, line, "a second Result: (the first is on line %d)",
				     r->t->expect_line);
		else
			r->t->expect = xstrdup(words[k]), r->t->expect_line = line;
	}
	free(s);
	return rc;
}

/* Replaces each comment "(* ... *)" (nested) by blanks, newlines kept; reads Result: in them. */
static int strip_comments(struct rd *r)
{
	char *s = r->text;
	int line = 1;
	for (size_t i = 0; i < r->len; i++) {
		line += s[i] == '\n';
		if (s[i] != '(' || i + 1 >= r->len || s[i + 1] != '*')
			continue;
		size_t j = i + 2;
		int depth = 1, start = line, l2 = line;
		for (; j + 1 < r->len + 1 && depth; j++) {
			l2 += s[j] == '\n';
			if (j + 1 < r->len && s[j] == '(' && s[j + 1] == '*')
				depth++, j++;
			else if (j + 1 < r->len && s[j] == '*' && s[j + 1] == ')')
				depth--, j++;
		}
		if (depth)
			return rd_fail(r, start, "a comment '(*' that is never closed");
		if (result_in(r, s + i + 2, j - i - 4, start) != 0)
			return -1;
		for (size_t k = i; k < j; k++)
			if (s[k] != '\n')
				s[k] = ' ';
		line = l2;
		i = j - 1;
	}
	return 0;
}

/* The next line at *p (NUL-terminated in place, leading blanks skipped); NULL at the end. */
static char *next_line(char **p, int *line)
{
	if (!**p)
		return NULL;
	char *s = *p, *nl = strchr(s, '\n');
	if (nl) {
		*nl = '\0';
		*p = nl + 1;
	} else {
		*p = s + strlen(s);
	}
	(*line)++;
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/* "AArch64 NAME" (or "X86 NAME") on the first non-blank line. */
static int header(struct rd *r, char **p, int *line)
{
	char *s;
	while ((s = next_line(p, line)) && !*s)
		;
	if (!s)
		return rd_fail(r, *line ? *line : 1, "empty file: expected 'AArch64 <name>'");
	size_t n = strcspn(s, " \t\r");
	char *name = s + n;
	while (isspace((unsigned char)*name))
		name++;
	size_t m = strcspn(name, " \t\r");
	int x86 = n == 3 && !strncmp(s, "X86", 3);
	if (!x86 && (n != strlen("AArch64") || strncmp(s, "AArch64", n) != 0))
		return rd_fail(
			r, *line,
			"expected 'AArch64 <name>' (this reader takes AArch64 and X86 tests)");
	if (!m || name[m] != '\0')
		return rd_fail(r, *line, "expected one name after %s", x86 ? "X86" : "AArch64");
	r->t->arch = xstrdup(x86 ? "X86" : "AArch64");
	r->t->isa = x86 ? A64_ISA_X86 : A64_ISA_AARCH64;
	r->t->name = xstrndup(name, m);
	return 0;
}

/* Lines between the header and '{': a quoted description or key=value metadata. Leaves *p at
 * the line of '{'. */
static int preamble(struct rd *r, char **p, int *line)
{
	for (;;) {
		char *save = *p;
		int save_line = *line;
		char *s = next_line(p, line);
		if (!s)
			return rd_fail(r, *line, "no initial state '{ ... }'");
		if (*s == '{') {
			if (*p > save && (*p)[-1] == '\0')
				(*p)[-1] = '\n';
			*p = save;
			*line = save_line;
			return 0;
		}
		size_t n = strlen(s);
		int quoted = *s == '"' && n > 1 && s[n - 1] == '"';
		int meta = isalpha((unsigned char)*s) && strchr(s, '=');
		if (*s && !quoted && !meta)
			return rd_fail(r, *line,
				       "expected a quoted description, key=value metadata "
				       "or the initial state '{'");
	}
}

static int sections(struct rd *r)
{
	char *p = r->text;
	int line = 0;
	if (strip_comments(r) != 0 || header(r, &p, &line) != 0 || preamble(r, &p, &line) != 0)
		return -1;
	struct lx l = { p, r->text + r->len, line + 1 };
	if (rd_init(r, &l) != 0)
		return -1;
	char *rest = (char *)l.p;
	while (*rest == ' ' || *rest == '\t' || *rest == '\r')
		rest++;
	if (*rest && *rest != '\n')
		return rd_fail(r, l.line, "unexpected text after the initial state");
	char *code = *rest ? rest + 1 : rest;
	int code_line = l.line + 1;
	while (*code && strspn(code, " \t\r") == strcspn(code, "\n"))
		code += strcspn(code, "\n") + (code[strcspn(code, "\n")] != 0), code_line++;
	if (!*code)
		return rd_fail(r, code_line, "no thread header (P0 | P1 ... ;)");
	int rest_line;
	if (rd_columns(r, code, code_line, &rest, &rest_line) != 0)
		return -1;
	struct lx c = { rest, r->text + r->len, rest_line };
	return rd_clauses(r, &c);
}

int a64_read(const char *path, const char *text, size_t len, struct a64_test **out, char **err)
{
	struct rd r = { path, xmalloc(len + 1), len, xcalloc(1, sizeof(struct a64_test)), NULL };
	memcpy(r.text, text, len);
	r.text[len] = '\0';
	for (size_t i = 0; i < len; i++)
		if (r.text[i] == '\0')
			r.text[i] = ' ';
	r.t->file = xstrdup(path);
	int rc = sections(&r);
	free(r.text);
	if (rc == 0 && r.t->nthreads == 0)
		rc = rd_fail(&r, 1, "no threads");
	if (rc != 0) {
		a64_test_free(r.t);
		*out = NULL;
		*err = r.err;
		return -1;
	}
	*out = r.t;
	*err = NULL;
	return 0;
}

void a64_test_free(struct a64_test *t)
{
	if (!t)
		return;
	for (int i = 0; i < t->nlocs; i++)
		free(t->locs[i].name);
	for (int i = 0; i < t->nthreads; i++) {
		for (int j = 0; j < t->threads[i].ncells; j++) {
			free(t->threads[i].cells[j].label);
			free(t->threads[i].cells[j].insn);
		}
		free(t->threads[i].cells);
	}
	rd_cond_free(t->cond);
	rd_cond_free(t->filter);
	free(t->locs);
	free(t->inits);
	free(t->obs);
	free(t->file);
	free(t->arch);
	free(t->name);
	free(t->expect);
	free(t->cond_text);
	free(t);
}
