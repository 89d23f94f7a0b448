/*
 * parse.c - the structure of a C litmus file: name line, header comment (Result:), initial
 * state, thread headers, locations and the final condition (see litmus.h). Thread bodies are
 * body.c's.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "parser.h"

void parser_error(struct parser *p, enum lit_status s, int line, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vfmt_msg(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fmt_msg(p->err, p->errlen, "%s:%d: %s", p->t->file, line, msg);
	p->status = s;
	longjmp(p->fail, 1);
}

void parser_advance(struct parser *p)
{
	lex_next(&p->lex, &p->tok);
	if (p->lex.error)
		parser_error(p, LIT_BAD, p->lex.error_line, "%s", p->lex.error);
	if (p->tok.kind == T_BAD)
		parser_error(p, LIT_BAD, p->tok.line, "unexpected '%s'", p->tok.text);
	if (p->tok.long_text)
		parser_error(p, LIT_BAD, p->tok.line, "token too long: '%.20s...'", p->tok.text);
}

int parser_is_punct(const struct parser *p, const char *s)
{
	return p->tok.kind == T_PUNCT && strcmp(p->tok.text, s) == 0;
}

int parser_is_ident(const struct parser *p, const char *s)
{
	return p->tok.kind == T_IDENT && strcmp(p->tok.text, s) == 0;
}

int parser_accept_punct(struct parser *p, const char *s)
{
	if (!parser_is_punct(p, s))
		return 0;
	parser_advance(p);
	return 1;
}

static const char *tok_desc(const struct tok *t)
{
	return t->kind == T_EOF ? "end of file" : t->text;
}

void parser_expect_punct(struct parser *p, const char *s, const char *where)
{
	if (!parser_accept_punct(p, s))
		parser_error(p, LIT_BAD, p->tok.line, "expected '%s' %s, got '%s'", s, where,
			     tok_desc(&p->tok));
}

void parser_take_ident(struct parser *p, char *out, const char *what)
{
	if (p->tok.kind != T_IDENT)
		parser_error(p, LIT_BAD, p->tok.line, "expected %s, got '%s'", what,
			     tok_desc(&p->tok));
	if (strlen(p->tok.text) >= LIT_NAME)
		parser_error(p, LIT_BAD, p->tok.line, "name too long: '%.20s...'", p->tok.text);
	strcpy(out, p->tok.text);
	parser_advance(p);
}

int32_t parser_take_int(struct parser *p, const char *what)
{
	int neg = parser_accept_punct(p, "-");
	if (p->tok.kind != T_NUM)
		parser_error(p, LIT_BAD, p->tok.line, "expected an integer as %s, got '%s'", what,
			     tok_desc(&p->tok));
	int64_t v = p->tok.num;
	if (v > (int64_t)INT32_MAX + neg)
		parser_error(p, LIT_UNSUPPORTED, p->tok.line, "%s out of the range of int",
			     p->tok.text);
	if (!neg && v >= LIT_PTR_BASE && v < LIT_PTR_BASE + LIT_MAX_LOCS)
		parser_error(p, LIT_UNSUPPORTED, p->tok.line,
			     "%s is in the range of values this tool gives to addresses (%d to %d)",
			     p->tok.text, LIT_PTR_BASE, LIT_PTR_BASE + LIT_MAX_LOCS - 1);
	parser_advance(p);
	return (int32_t)(neg ? -v : v);
}

const char *parser_strdup(struct parser *p, const char *s)
{
	char *d = parser_alloc(p, strlen(s) + 1);
	strcpy(d, s);
	return d;
}

void parser_mark_ptr(struct parser *p, int line)
{
	if (!p->t->uses_ptr++)
		p->t->ptr_line = line;
}

void parser_mark_rcu(struct parser *p, int line)
{
	if (!p->t->uses_rcu++)
		p->t->rcu_line = line;
}

void *parser_alloc(struct parser *p, size_t n)
{
	void *r = arena_alloc(p->t->arena, n);
	if (!r)
		parser_error(p, LIT_BAD, p->tok.line, "out of memory");
	return r;
}

int lit_find_loc(const struct lit_test *t, const char *name)
{
	for (int i = 0; i < t->nlocs; i++)
		if (strcmp(t->locs[i].name, name) == 0)
			return i;
	return -1;
}

int parser_find_reg(const struct lit_thread *th, const char *name)
{
	for (int i = 0; i < th->nregs; i++)
		if (strcmp(th->regs[i].name, name) == 0)
			return i;
	return -1;
}

int parser_thread_has_param(const struct lit_thread *th, int loc)
{
	for (int i = 0; i < th->nparams; i++)
		if (th->params[i] == loc)
			return 1;
	return 0;
}

/* "int *x", "volatile int *x", "atomic_t *v", "int **p" (p holds a pointer), "spinlock_t *l",
 * "struct srcu_struct *s": the location the pointer points to. */
static void parse_param(struct parser *p, struct lit_thread *th)
{
	int line = p->tok.line;
	struct parser_ctype ct;
	if (!parser_type_start(p))
		parser_error(p, LIT_BAD, line, "expected a parameter type, got '%s'",
			     p->tok.kind == T_EOF ? "end of file" : p->tok.text);
	parser_read_ctype(p, &ct);
	if (ct.stars == 0)
		parser_error(p, LIT_BAD, line,
			     "expected '*' in a parameter (parameters are pointers: int *x)");
	if (ct.stars > 1 && ct.type != LT_INT)
		parser_error(p, LIT_UNSUPPORTED, line,
			     "a pointer to a pointer to a %s is not supported",
			     ct.type == LT_SPINLOCK ? "spinlock_t" : "srcu_struct");
	char name[LIT_NAME];
	parser_take_ident(p, name, "a parameter name");
	int loc = parser_declare_loc(p, name, ct.type, line);
	p->t->locs[loc].atomic |= ct.atomic;
	if (ct.stars > 1)
		parser_mark_ptr(p, line);
	if (parser_thread_has_param(th, loc))
		parser_error(p, LIT_BAD, line, "duplicate parameter '%s'", name);
	if (th->nparams == LIT_MAX_LOCS)
		parser_error(p, LIT_UNSUPPORTED, line, "more than %d parameters", LIT_MAX_LOCS);
	th->params[th->nparams++] = loc;
}

/* The registers the initial state gives thread n a value ("0:r1=2;"), declared up front. */
static void initial_registers(struct parser *p, struct lit_thread *th, int n)
{
	const struct lit_test *t = p->t;
	for (int i = 0; i < t->nreg_inits; i++) {
		const struct lit_reg_init *ri = &t->reg_inits[i];
		if (ri->thread != n)
			continue;
		int r = parser_add_reg(p, th, ri->name, ri->line);
		th->regs[r].init = ri->value;
		th->regs[r].from_init = 1;
	}
}

static int thread_number(const char *s)
{
	if (s[0] != 'P' || !isdigit((unsigned char)s[1]))
		return -1;
	char *end;
	long n = strtol(s + 1, &end, 10);
	return *end || n > 1000 ? -1 : (int)n;
}

static void parse_thread(struct parser *p)
{
	struct lit_test *t = p->t;
	int line = p->tok.line, n = thread_number(p->tok.text);
	if (n != t->nthreads)
		parser_error(p, LIT_BAD, line, "expected thread P%d, got '%s'", t->nthreads,
			     p->tok.text);
	if (n == LIT_MAX_THREADS)
		parser_error(p, LIT_UNSUPPORTED, line, "more than %d threads", LIT_MAX_THREADS);
	struct lit_thread *th = &t->threads[t->nthreads++];
	th->line = line;
	initial_registers(p, th, n);
	parser_advance(p);
	parser_expect_punct(p, "(", "after the thread name");
	if (!parser_is_punct(p, ")"))
		do
			parse_param(p, th);
		while (parser_accept_punct(p, ","));
	parser_expect_punct(p, ")", "after the parameters");
	/* the body is C: (* is a parenthesis and a star there */
	p->lex.ocaml = 0;
	parser_expect_punct(p, "{", "to open the thread body");
	th->body = parser_body(p, th);
}

/* ---- the final condition ------------------------------------------------------------------ */

static int add_cvar(struct parser *p, int thread, int index, int line)
{
	struct lit_test *t = p->t;
	for (int i = 0; i < t->ncvars; i++)
		if (t->cvars[i].thread == thread && t->cvars[i].index == index)
			return i;
	if (t->ncvars == LIT_MAX_CVARS)
		parser_error(p, LIT_UNSUPPORTED, line, "more than %d locations in the condition",
			     LIT_MAX_CVARS);
	t->cvars[t->ncvars].thread = thread;
	t->cvars[t->ncvars].index = index;
	return t->ncvars++;
}

/* "0:r0", "x" or "[x]". */
static int parse_cloc(struct parser *p)
{
	struct lit_test *t = p->t;
	int line = p->tok.line;
	char name[LIT_NAME];
	if (p->tok.kind == T_NUM) {
		int64_t n = p->tok.num;
		parser_advance(p);
		parser_expect_punct(p, ":", "after a thread number");
		parser_take_ident(p, name, "a register name");
		if (n >= t->nthreads)
			parser_error(p, LIT_BAD, line, "%d:%s: there is no thread P%d", (int)n,
				     name, (int)n);
		int r = parser_find_reg(&t->threads[n], name);
		if (r < 0)
			parser_error(p, LIT_BAD, line, "%d:%s: P%d has no register %s", (int)n,
				     name, (int)n, name);
		return add_cvar(p, (int)n, r, line);
	}
	int bracket = parser_accept_punct(p, "[");
	parser_take_ident(p, name, "a location");
	if (bracket)
		parser_expect_punct(p, "]", "after a location");
	int l = lit_find_loc(t, name);
	if (l < 0)
		parser_error(p, LIT_BAD, line, "unknown location '%s'", name);
	if (t->locs[l].type != LT_INT)
		parser_error(p, LIT_UNSUPPORTED, line, "the condition reads the lock '%s'", name);
	return add_cvar(p, -1, l, line);
}

static struct lit_cond *cnode(struct parser *p, enum lit_cond_kind k, struct lit_cond *a,
			      struct lit_cond *b)
{
	struct lit_cond *c = parser_alloc(p, sizeof *c);
	c->kind = k;
	c->a = a;
	c->b = b;
	c->cvar2 = -1;
	return c;
}

/* The right side of "=": an integer, another register ("1:r0") or location ("[y]"), or a
 * location's name, which is its address ("1:r0=x"). */
static void cond_rhs(struct parser *p, struct lit_cond *c)
{
	if (p->tok.kind == T_NUM) {
		struct lex save = p->lex;
		struct tok tok = p->tok;
		parser_advance(p);
		int reg = parser_is_punct(p, ":");
		p->lex = save;
		p->tok = tok;
		if (reg) {
			c->cvar2 = parse_cloc(p);
			return;
		}
	}
	if (parser_is_punct(p, "[")) {
		c->cvar2 = parse_cloc(p);
		return;
	}
	if (p->tok.kind == T_IDENT) {
		int line = p->tok.line, l = lit_find_loc(p->t, p->tok.text);
		if (l < 0)
			parser_error(p, LIT_BAD, line, "unknown location '%s'", p->tok.text);
		parser_advance(p);
		c->value = LIT_PTR(l);
		parser_mark_ptr(p, line);
		return;
	}
	c->value = parser_take_int(p, "a value in the condition");
}

static struct lit_cond *parse_cond(struct parser *p);

static struct lit_cond *cond_atom(struct parser *p)
{
	if (parser_accept_punct(p, "(")) {
		struct lit_cond *c = parse_cond(p);
		parser_expect_punct(p, ")", "to close the condition");
		return c;
	}
	if (parser_accept_punct(p, "~"))
		return cnode(p, LC_NOT, cond_atom(p), NULL);
	if (parser_is_ident(p, "not")) { /* herd's other spelling of ~ */
		parser_advance(p);
		return cnode(p, LC_NOT, cond_atom(p), NULL);
	}
	if (parser_is_ident(p, "true") || parser_is_ident(p, "false")) {
		int v = parser_is_ident(p, "true");
		parser_advance(p);
		return cnode(p, v ? LC_TRUE : LC_FALSE, NULL, NULL);
	}
	int v = parse_cloc(p);
	enum lit_cond_kind k = LC_EQ;
	if (parser_accept_punct(p, "!="))
		k = LC_NE;
	else if (!parser_accept_punct(p, "=") && !parser_accept_punct(p, "=="))
		parser_error(p, LIT_BAD, p->tok.line,
			     "expected '=' or '!=' in the condition, got '%s'", tok_desc(&p->tok));
	struct lit_cond *c = cnode(p, k, NULL, NULL);
	c->cvar = v;
	cond_rhs(p, c);
	return c;
}

static struct lit_cond *cond_and(struct parser *p)
{
	struct lit_cond *c = cond_atom(p);
	while (parser_accept_punct(p, "/\\"))
		c = cnode(p, LC_AND, c, cond_atom(p));
	return c;
}

static struct lit_cond *cond_or(struct parser *p)
{
	struct lit_cond *c = cond_and(p);
	while (parser_accept_punct(p, "\\/"))
		c = cnode(p, LC_OR, c, cond_and(p));
	return c;
}

static struct lit_cond *parse_cond(struct parser *p)
{
	struct lit_cond *c = cond_or(p);
	if (parser_accept_punct(p, "=>"))
		c = cnode(p, LC_IMPLIES, c, parse_cond(p));
	return c;
}

static void parse_locations(struct parser *p)
{
	parser_advance(p);
	parser_expect_punct(p, "[", "after 'locations'");
	while (!parser_accept_punct(p, "]")) {
		parse_cloc(p);
		if (!parser_accept_punct(p, ";") && !parser_is_punct(p, "]"))
			parser_error(p, LIT_BAD, p->tok.line, "expected ';' in locations, got '%s'",
				     tok_desc(&p->tok));
	}
}

static void parse_final(struct parser *p)
{
	struct lit_test *t = p->t;
	if (parser_is_ident(p, "locations"))
		parse_locations(p);
	if (parser_is_ident(p, "filter")) {
		t->filter_line = p->tok.line;
		parser_advance(p);
		t->filter = parse_cond(p);
	}
	if (parser_is_ident(p, "with"))
		parser_error(p, LIT_UNSUPPORTED, p->tok.line, "'%s' clauses are not supported",
			     p->tok.text);
	t->cond_line = p->tok.line;
	if (parser_accept_punct(p, "~")) {
		if (!parser_is_ident(p, "exists"))
			parser_error(p, LIT_BAD, p->tok.line, "expected 'exists' after '~'");
		t->quant = LQ_NOT_EXISTS;
	} else if (parser_is_ident(p, "exists")) {
		t->quant = LQ_EXISTS;
	} else if (parser_is_ident(p, "forall")) {
		t->quant = LQ_FORALL;
	} else {
		parser_error(p, LIT_BAD, p->tok.line,
			     "expected a thread P%d, 'exists', '~exists' or 'forall', got '%s'",
			     t->nthreads, tok_desc(&p->tok));
	}
	parser_advance(p);
	t->cond = parse_cond(p);
	if (p->tok.kind != T_EOF)
		parser_error(p, LIT_BAD, p->tok.line, "unexpected '%s' after the condition",
			     p->tok.text);
}

/* ---- the header ------------------------------------------------------------------------- */

/* The first word of a herd test in another language: a letter, then letters, digits or '_',
 * 16 at most (LISA, PPC, X86, X86_64, AArch64, ARM, RISCV, MIPS, ...). */
static int language_word(const char *s, size_t n)
{
	if (n == 0 || n > 16 || !isalpha((unsigned char)s[0]))
		return 0;
	for (size_t k = 0; k < n; k++)
		if (!isalnum((unsigned char)s[k]) && s[k] != '_')
			return 0;
	return 1;
}

/* "C name" on the first non-blank line; returns the offset just past that line. */
static size_t parse_name_line(struct parser *p, const char *text, size_t len, int *line)
{
	size_t i = 0;
	*line = 1;
	while (i < len && isspace((unsigned char)text[i]))
		*line += text[i++] == '\n';
	size_t e = i;
	while (e < len && text[e] != '\n')
		e++;
	size_t w = i;
	while (w < e && !isspace((unsigned char)text[w]))
		w++;
	if (w - i != 1 || text[i] != 'C') {
		if (language_word(text + i, w - i) && w < e)
			parser_error(p, LIT_NOT_C, *line,
				     "not C: a %.*s litmus test (only C tests are read)",
				     (int)(w - i), text + i);
		if (w > i && w - i < 20)
			parser_error(
				p, LIT_BAD, *line,
				"not a C litmus test: the first line must be 'C <name>', not '%.*s'",
				(int)(w - i), text + i);
		parser_error(p, LIT_BAD, *line,
			     "not a C litmus test: the first line must be 'C <name>'");
	}
	while (w < e && isspace((unsigned char)text[w]))
		w++;
	size_t n = w;
	while (n < e && !isspace((unsigned char)text[n]))
		n++;
	if (n == w)
		parser_error(p, LIT_BAD, *line, "the test has no name after 'C'");
	if (n - w >= sizeof p->t->name)
		parser_error(p, LIT_BAD, *line, "test name too long");
	for (size_t k = w; k < n; k++)
		if (!isgraph((unsigned char)text[k]))
			parser_error(p, LIT_BAD, *line,
				     "the test name has a non-printable character");
	memcpy(p->t->name, text + w, n - w);
	return e;
}

/* The first paragraph of comment text from s (leading '*' of each line dropped, blank lines
 * end it) as one line in t->doc, cut to its first sentence. */
static void first_sentence(struct lit_test *t, const char *s)
{
	size_t k = 0;
	int cut = 0;
	for (const char *e; *s && !cut; s = *e ? e + 1 : e) {
		e = strchr(s, '\n');
		if (!e)
			e = s + strlen(s);
		const char *a = s;
		while (a < e && (isspace((unsigned char)*a) || *a == '*'))
			a++;
		if (a == e && k)
			break; /* a blank line ends the paragraph */
		if (k && a < e)
			t->doc[k++] = ' ';
		for (; a < e && k + 4 < sizeof t->doc; a++)
			t->doc[k++] = isprint((unsigned char)*a) ? *a : ' ';
		cut = a < e;
	}
	t->doc[k] = '\0';
	char *dot = strstr(t->doc, ". ");
	if (dot)
		dot[1] = '\0';
	else if (cut)
		strcpy(t->doc + k, "...");
}

/* "Result: <word>" and the first sentence of the description (after the Result line, or the
 * whole header comment when there is none). */
static void parse_doc(struct parser *p)
{
	struct lit_test *t = p->t;
	const char *d = p->lex.doc, *r = strstr(d, "Result:");
	if (!r) {
		first_sentence(t, d);
		return;
	}
	t->result_line = p->lex.doc_line;
	for (const char *q = d; q < r; q++)
		t->result_line += *q == '\n';
	r += 7;
	while (*r == ' ' || *r == '\t')
		r++;
	size_t n = 0;
	while (isalpha((unsigned char)r[n]) && n + 1 < sizeof t->result)
		n++;
	memcpy(t->result, r, n);
	r = strchr(r, '\n');
	if (r)
		first_sentence(t, r + 1);
}

/* The current string token's characters, printable ones, as a new string. */
static char *description(struct parser *p)
{
	char *d = parser_alloc(p, p->tok.strlen + 1);
	for (size_t k = 0; k < p->tok.strlen; k++)
		d[k] = isprint((unsigned char)p->tok.str[k]) ? p->tok.str[k] : ' ';
	d[p->tok.strlen] = '\0';
	return d;
}

static void parse_test(struct parser *p, const char *text, size_t len)
{
	int line;
	size_t off = parse_name_line(p, text, len, &line);
	lex_init(&p->lex, text + off, len - off, line);
	/* the header: comments (kept for Result:), diy7's quoted description and metadata lines */
	p->lex.collect = 1;
	p->lex.meta = 1;
	parser_advance(p);
	for (; p->tok.kind == T_STRING; parser_advance(p))
		if (!p->t->description)
			p->t->description = description(p);
	p->lex.collect = 0;
	p->lex.meta = 0;
	parse_doc(p);
	if (parser_is_punct(p, "{"))
		parser_init_state(p);
	while (p->tok.kind == T_IDENT && thread_number(p->tok.text) >= 0)
		parse_thread(p);
	if (p->t->nthreads == 0)
		parser_error(p, LIT_BAD, p->tok.line, "expected thread P0, got '%s'",
			     tok_desc(&p->tok));
	for (int i = 0; i < p->t->nreg_inits; i++)
		if (p->t->reg_inits[i].thread >= p->t->nthreads)
			parser_error(p, LIT_BAD, p->t->reg_inits[i].line,
				     "%d:%s: there is no thread P%d", p->t->reg_inits[i].thread,
				     p->t->reg_inits[i].name, p->t->reg_inits[i].thread);
	parse_final(p);
}

/*
 * After the parse stopped at something unsupported (a pointer in the initial state, a pointer
 * parameter): the line of the first RCU primitive of the file, if it has one, in *name; else 0.
 * Tokens are read as the parser reads them: herd's (* *) comments outside braces only, so the
 * header comment's prose does not count.
 */
static int first_rcu(const char *text, size_t len, char *name, size_t n)
{
	struct lex l;
	struct tok t;
	int depth = 0, line = 1;
	size_t off = 0;
	while (off < len && isspace((unsigned char)text[off])) /* the name line is not C */
		line += text[off++] == '\n';
	while (off < len && text[off] != '\n')
		off++;
	lex_init(&l, text + off, len - off, line);
	for (lex_next(&l, &t); t.kind != T_EOF && t.kind != T_BAD; lex_next(&l, &t)) {
		if (t.kind == T_IDENT && parser_is_rcu(t.text)) {
			xsnprintf(name, n, "%s", t.text);
			return t.line;
		}
		if (t.kind == T_PUNCT && !strcmp(t.text, "{"))
			depth++;
		else if (t.kind == T_PUNCT && !strcmp(t.text, "}") && depth > 0)
			depth--;
		l.ocaml = depth == 0;
	}
	return 0;
}

enum lit_status lit_parse(const char *path, const char *text, size_t len, struct lit_test **out,
			  char *err, size_t errlen)
{
	*out = NULL;
	struct lit_test *t = calloc(1, sizeof *t);
	struct lit_arena *a = arena_new();
	if (!t || !a) {
		free(t);
		arena_free(a);
		fmt_msg(err, errlen, "%s:1: out of memory", path);
		return LIT_BAD;
	}
	t->arena = a;
	if (fmt_fixed(t->file, sizeof t->file, "%s", path)) {
		fmt_msg(err, errlen, "%s:1: a path of %zu bytes or more", path, sizeof t->file);
		lit_free(t);
		return LIT_BAD;
	}
	if (memchr(text, '\0', len)) {
		fmt_msg(err, errlen, "%s:1: the file contains a NUL byte", path);
		lit_free(t);
		return LIT_BAD;
	}
	struct parser *p = calloc(1, sizeof *p);
	if (!p) {
		lit_free(t);
		fmt_msg(err, errlen, "%s:1: out of memory", path);
		return LIT_BAD;
	}
	p->t = t;
	p->err = err;
	p->errlen = errlen;
	enum lit_status s = LIT_OK;
	if (setjmp(p->fail) == 0)
		parse_test(p, text, len);
	else
		s = p->status;
	free(p);
	char rcu[TOK_TEXT];
	int line = 1;
	/* a test that uses RCU is reported as such, whatever else it uses first */
	if (s == LIT_UNSUPPORTED && (line = first_rcu(text, len, rcu, sizeof rcu)) > 0) {
		fmt_msg(err, errlen, "%s:%d: RCU is not supported ('%s')", path, line, rcu);
		s = LIT_RCU;
	}
	if (s != LIT_OK) {
		lit_free(t);
		return s;
	}
	*out = t;
	return LIT_OK;
}

enum lit_status lit_parse_file(const char *path, struct lit_test **out, char *err, size_t errlen)
{
	*out = NULL;
	size_t n;
	char *buf = read_file_max(path, (size_t)1 << 24, &n);
	if (!buf) {
		fmt_msg(err, errlen, "%s:1: cannot read (or larger than 16 MB)", path);
		return LIT_BAD;
	}
	enum lit_status s = lit_parse(path, buf, n, out, err, errlen);
	free(buf);
	if (s == LIT_OK && !(*out)->result[0])
		lit_read_expected(*out);
	return s;
}

void lit_free(struct lit_test *t)
{
	if (!t)
		return;
	arena_free(t->arena);
	free(t);
}

const char *lit_status_name(enum lit_status s)
{
	static const char *const names[] = { "ok", "malformed", "unsupported", "RCU", "not C" };
	return names[s];
}

const char *lit_quant_name(enum lit_quant q)
{
	static const char *const names[] = { "exists", "~exists", "forall" };
	return names[q];
}
