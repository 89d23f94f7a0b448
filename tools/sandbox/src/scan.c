/*
 * scan.c - the checks on a submission's preprocessed view (see scan.h for what and why).
 */
#define _GNU_SOURCE
#include "scan.h"
#include "buf.h"

#include "clex.h"
#include "deps.h"
#include "paths.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ONLY_COURSE_H "a lab file may include \"course.h\" and nothing else"
#define NO_CTOR \
	"constructors and destructors are not allowed in a lab file (they run before or after the threads)"

static int same_path(const char *a, const char *b)
{
	char *x = abs_path(a), *y = abs_path(b);
	int same = x && y && !strcmp(x, y);
	free(x);
	free(y);
	return same;
}

static int allowed(const char *name, const struct scan_opts *o)
{
	for (int i = 0; i < o->nallow; i++)
		if (same_path(name, o->allow[i]))
			return 1;
	return 0;
}

/* Names in line markers that are no file a compiler could read: the pseudo-files, and a directory
 * (gcc -g marks the working directory as "# 1 "/dir//""; a name ending in '/' never opens as a file). */
static int pseudo_file(const char *name)
{
	size_t n = strlen(name);
	return !strcmp(name, "<built-in>") || !strcmp(name, "<command-line>") ||
	       !strcmp(name, "<command line>") || (n > 0 && name[n - 1] == '/');
}

/* The first line of the submission that mentions the file's last path component, else 1. */
static int line_of(const struct scan_opts *o, const char *name)
{
	const char *base = strrchr(name, '/');
	base = base && base[1] ? base + 1 : name;
	const char *hit = o->source_text && *base ? strstr(o->source_text, base) : NULL;
	int line = 1;
	for (const char *p = o->source_text; hit && p < hit; p++)
		line += *p == '\n';
	return line;
}

/* Appends "file:line: " and the message (with bytes outside printable ASCII escaped, so a
 * finding cannot smuggle control characters into a terminal or a page). */
static void finding(struct buf *out, const char *file, int line, const char *fmt, const char *arg)
{
	struct buf m = { 0 };
	buf_printf(&m, fmt, arg ? arg : "");
	buf_printf(out, "%s:%d: ", file, line);
	for (const char *p = buf_str(&m); *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c >= 0x20 && c < 0x7f)
			buf_putc(out, (char)c);
		else
			buf_printf(out, "\\x%02x", c);
	}
	buf_putc(out, '\n');
	buf_free(&m);
}

int scan_deps(const char *deps_text, const struct scan_opts *o, struct buf *out)
{
	struct deps d;
	if (deps_parse(deps_text, &d) != 0) {
		finding(out, o->source, 1,
			"the preprocessor's list of the files it read cannot be parsed%s", "");
		return 1;
	}
	int n = 0;
	for (size_t i = 0; i < d.n; i++) {
		if (allowed(d.files[i], o))
			continue;
		struct buf quoted = { 0 };
		buf_printf(&quoted, ": includes \"%s\": ", d.files[i]);
		int dup = o->reported && strstr(o->reported, buf_str(&quoted));
		buf_free(&quoted);
		if (dup)
			continue;
		finding(out, o->source, line_of(o, d.files[i]),
			"reads \"%s\" (#include or #embed): " ONLY_COURSE_H, d.files[i]);
		n++;
	}
	deps_free(&d);
	return n;
}

/* ---- strings: assembler directives and constructor sections --------------------------------- */

static const char *const reading[] = { "include", "incbin", NULL };
static const char *const building[] = { "macro", "irp", "irpc", "altmacro", NULL };
static const char *const ctor_sections[] = { "init_array", "fini_array", "preinit_array",
					     ".ctors",	   ".dtors",	 NULL };

static int in_list(const char *w, size_t n, const char *const *list)
{
	for (; *list; list++)
		if (strlen(*list) == n && !memcmp(*list, w, n))
			return 1;
	return 0;
}

static int word_char(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

/* Lowercase, C comments removed (the assemblers strip them before reading a statement). */
static void normalize(const char *s, size_t n, struct buf *out)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '/' && i + 1 < n && s[i + 1] == '*') {
			const char *e = memmem(s + i + 2, n - i - 2, "*/", 2);
			i = e ? (size_t)(e - s) + 1 : n;
			continue;
		}
		buf_putc(out, (char)tolower((unsigned char)s[i]));
	}
}

/* ".init" or ".fini" as a whole section name at p (followed by the end, a separator or a
 * numbered suffix). */
static int init_fini(const char *p)
{
	if (strncmp(p, ".init", 5) && strncmp(p, ".fini", 5))
		return 0;
	return !word_char((unsigned char)p[5]);
}

static int check_string(const char *s, size_t n, const char *file, int line, struct buf *out)
{
	struct buf norm = { 0 };
	normalize(s, n, &norm);
	const char *t = buf_str(&norm);
	int found = 0;
	for (const char *p = strchr(t, '.'); p; p = strchr(p + 1, '.')) {
		const char *w = p + 1;
		while (*w == ' ' || *w == '\t')
			w++;
		size_t wl = 0;
		while (word_char((unsigned char)w[wl]))
			wl++;
		char name[32];
		xsnprintf(name, sizeof name, ".%.*s", (int)(wl < 20 ? wl : 20), w);
		if (in_list(w, wl, reading)) {
			finding(out, file, line,
				"assembler directive \"%s\" reads a file: not allowed in a lab file",
				name);
			found++;
		} else if (in_list(w, wl, building)) {
			finding(out, file, line,
				"assembler directive \"%s\" builds directives from text (it could make one that reads a "
				"file): not allowed in a lab file",
				name);
			found++;
		}
	}
	const char *hit = NULL;
	for (int i = 0; ctor_sections[i] && !hit; i++)
		hit = strstr(t, ctor_sections[i]);
	if (!hit && init_fini(t))
		hit = t;
	for (const char *p = strstr(t, "section"); p && !hit; p = strstr(p + 1, "section")) {
		const char *q = p + 7;
		while (*q == ' ' || *q == '\t' || *q == '"')
			q++;
		if (init_fini(q))
			hit = q;
	}
	if (hit) {
		while (hit > t && (word_char((unsigned char)hit[-1]) || hit[-1] == '.'))
			hit--;
		char sect[48];
		size_t k = 0;
		while (k + 1 < sizeof sect && hit[k] && !isspace((unsigned char)hit[k]) &&
		       hit[k] != '"' && hit[k] != ',')
			sect[k] = hit[k], k++;
		sect[k] = '\0';
		finding(out, file, line,
			"section \"%s\" registers a constructor or destructor: " NO_CTOR, sect);
		found++;
	}
	buf_free(&norm);
	return found;
}

/* ---- pragmas --------------------------------------------------------------------------------- */

static int check_pragma(const char *text, const char *file, int line, struct buf *out)
{
	struct clex lx;
	clex_init(&lx, text, strlen(text), file);
	const struct token *t = clex_next(&lx);
	int found = 0;
	if (t->kind == T_IDENT && t->len == 6 && !memcmp(t->start, "pragma", 6)) {
		t = clex_next(&lx);
		char first[32] = "";
		if (t->kind == T_IDENT)
			xsnprintf(first, sizeof first, "%.*s", (int)(t->len < 31 ? t->len : 31),
				  t->start);
		if (!strcmp(first, "GCC") || !strcmp(first, "clang")) {
			t = clex_next(&lx);
			if (t->kind == T_IDENT && t->len == 10 &&
			    !memcmp(t->start, "dependency", 10))
				strcpy(first, "GCC dependency");
		}
		if (!strcmp(first, "comment") || !strcmp(first, "include_alias") ||
		    !strcmp(first, "GCC dependency")) {
			finding(out, file, line,
				"#pragma %s makes a tool read another file: not allowed in a lab file",
				first);
			found++;
		}
	}
	/* strings of any directive line (#ident reaches the assembler) */
	for (t = clex_next(&lx); t->kind != T_EOF; t = clex_next(&lx))
		if (t->kind == T_STRING)
			found += check_string(t->text.data ? t->text.data : "", t->text.len, file,
					      line, out);
	clex_free(&lx);
	return found;
}

/* ---- attributes ------------------------------------------------------------------------------ */

/* The attribute name without its leading and trailing "__". */
static int is_attr(const struct token *t, const char *name)
{
	const char *s = t->start;
	size_t n = t->len;
	if (n > 4 && !memcmp(s, "__", 2) && !memcmp(s + n - 2, "__", 2))
		s += 2, n -= 4;
	return strlen(name) == n && !memcmp(s, name, n);
}

struct state {
	const struct scan_opts *o;
	struct buf *out;
	int found;
	int parens, brackets;  /* nesting of ( and [ */
	int attr_parens;       /* parens depth an __attribute__ closes at, or -1 */
	int attr_brackets;     /* brackets depth a [[ ]] attribute closes at, or -1 */
	int pending_gnu_attr;  /* __attribute__ seen, its "((" not yet */
	int last_open_bracket; /* the previous token was '[' */
	struct buf str;	       /* adjacent string literals, concatenated */
	int str_line, have_str;
	struct buf str_file;
	struct buf entered; /* "\n"-separated names of disallowed files reported as included */
};

static void flush_string(struct state *st)
{
	if (st->have_str)
		st->found += check_string(buf_str(&st->str), st->str.len, buf_str(&st->str_file),
					  st->str_line, st->out);
	buf_free(&st->str);
	buf_free(&st->str_file);
	st->have_str = 0;
}

static int was_entered(const struct state *st, const char *name)
{
	size_t n = strlen(name);
	if (!n)
		return 0;
	for (const char *p = buf_str(&st->entered); (p = strstr(p, name)); p++)
		if ((p == st->entered.data || p[-1] == '\n') && p[n] == '\n')
			return 1;
	return 0;
}

static void linemark(struct state *st, const struct token *t)
{
	const char *name = buf_str(&t->text);
	if (pseudo_file(name) || allowed(name, st->o))
		return;
	if ((t->flags & (1 << 2)) && was_entered(st, name))
		return; /* back in a file already reported */
	if (t->flags & (1 << 1)) {
		finding(st->out, t->file, t->line, "includes \"%s\": " ONLY_COURSE_H, name);
		buf_printf(&st->entered, "%s\n", name);
	} else
		finding(st->out, t->file, t->line,
			"#line names \"%s\": a lab file may not take another file's name (compilers read the named "
			"file to quote its lines in diagnostics)",
			name);
	st->found++;
}

static void punct(struct state *st, const struct token *t)
{
	for (size_t i = 0; i < t->len; i++) {
		char c = t->start[i];
		if (c == '(') {
			st->parens++;
			if (st->pending_gnu_attr) {
				st->attr_parens = st->parens - 1;
				st->pending_gnu_attr = 0;
			}
		} else if (c == ')') {
			st->parens--;
			if (st->attr_parens >= 0 && st->parens <= st->attr_parens)
				st->attr_parens = -1;
		} else if (c == '[') {
			st->brackets++;
			if (st->last_open_bracket && st->attr_brackets < 0)
				st->attr_brackets = st->brackets - 2;
		} else if (c == ']') {
			st->brackets--;
			if (st->attr_brackets >= 0 && st->brackets <= st->attr_brackets)
				st->attr_brackets = -1;
		}
	}
}

static void token(struct state *st, const struct token *t)
{
	if (t->kind == T_STRING) {
		if (!st->have_str) {
			st->str_line = t->line;
			buf_puts(&st->str_file, t->file);
		}
		st->have_str = 1;
		buf_put(&st->str, t->text.data ? t->text.data : "", t->text.len);
		return;
	}
	if (t->kind == T_LINEMARK) {
		linemark(st, t); /* adjacent literals join across line markers */
		return;
	}
	flush_string(st);
	int open_bracket = t->kind == T_PUNCT && t->len == 1 && t->start[0] == '[';
	if (t->kind == T_DIRECTIVE) {
		st->found += check_pragma(buf_str(&t->text), t->file, t->line, st->out);
	} else if (t->kind == T_PUNCT) {
		punct(st, t);
	} else if (t->kind == T_IDENT) {
		if (is_attr(t, "attribute") ||
		    (t->len == 11 && !memcmp(t->start, "__attribute", 11)))
			st->pending_gnu_attr = 1;
		else if ((st->attr_parens >= 0 || st->attr_brackets >= 0) &&
			 (is_attr(t, "constructor") || is_attr(t, "destructor"))) {
			finding(st->out, t->file, t->line, "a %s attribute: " NO_CTOR,
				is_attr(t, "constructor") ? "constructor" : "destructor");
			st->found++;
		}
	}
	st->last_open_bracket = open_bracket;
}

int scan_preprocessed(const char *text, size_t len, const struct scan_opts *o, struct buf *out)
{
	struct state st = { .o = o, .out = out, .attr_parens = -1, .attr_brackets = -1 };
	struct clex lx;
	clex_init(&lx, text, len, o->source);
	const struct token *t;
	while ((t = clex_next(&lx))->kind != T_EOF)
		token(&st, t);
	flush_string(&st);
	buf_free(&st.entered);
	clex_free(&lx);
	return st.found;
}
