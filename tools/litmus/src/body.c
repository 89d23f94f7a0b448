/*
 * body.c - thread bodies of a C litmus test: statements, expressions, registers and the location
 * arguments of the primitives (see litmus.h for the language; prims.c has the primitives).
 */
#include <stdio.h>
#include <string.h>

#include "parser.h"
#include "buf.h"

static struct lit_stmt *statement(struct parser *p, struct lit_thread *th);

/* ---- registers ---------------------------------------------------------------------------- */

int parser_add_reg(struct parser *p, struct lit_thread *th, const char *name, int line)
{
	int r = parser_find_reg(th, name);
	if (r >= 0)
		return r;
	if (lit_find_loc(p->t, name) >= 0)
		parser_error(p, LIT_UNSUPPORTED, line, "register '%s' has the name of a location",
			     name);
	if (th->nregs == LIT_MAX_REGS)
		parser_error(p, LIT_UNSUPPORTED, line, "more than %d registers", LIT_MAX_REGS);
	struct lit_reg *reg = &th->regs[th->nregs];
	xsnprintf(reg->name, sizeof reg->name, "%s", name);
	reg->line = line;
	return th->nregs++;
}

/* ---- names -------------------------------------------------------------------------------- */

/* A name that is neither a register nor a supported primitive: say which kind of thing it is. */
_Noreturn void parser_unknown_name(struct parser *p, const char *name, int line)
{
	if (parser_is_rcu(name))
		parser_error(p, LIT_RCU, line, "RCU primitive '%s' is not supported", name);
	if (!strcmp(name, "while") || !strcmp(name, "for") || !strcmp(name, "do") ||
	    !strcmp(name, "goto"))
		parser_error(p, LIT_UNSUPPORTED, line, "loops are not supported ('%s')", name);
	if (!strncmp(name, "atomic", 6))
		parser_error(p, LIT_UNSUPPORTED, line, "atomic_t operation '%s' is not supported",
			     name);
	parser_error(p, LIT_UNSUPPORTED, line, "unsupported primitive '%s'", name);
}

/* ---- locations ---------------------------------------------------------------------------- */

int parser_loc_arg(struct parser *p, struct lit_thread *th, int star, enum lit_type type,
		   const char *prim, int *reg)
{
	int line = p->tok.line;
	if (star) {
		if (!parser_accept_punct(p, "*"))
			parser_error(p, LIT_BAD, line,
				     "%s takes a location through '*': write %s(*x)", prim, prim);
	} else if (parser_is_punct(p, "*") || parser_is_punct(p, "&"))
		parser_error(p, LIT_BAD, line, "%s takes a pointer: write %s(x), not %s(%sx)", prim,
			     prim, prim, p->tok.text);
	char name[LIT_NAME];
	parser_skip_casts(p);
	parser_take_ident(p, name, "a location");
	int r = parser_find_reg(th, name), l = lit_find_loc(p->t, name);
	if (r >= 0 && reg) { /* through a pointer register: its value when it runs */
		*reg = r;
		parser_mark_ptr(p, line);
		return -1;
	}
	if (r >= 0)
		parser_error(p, LIT_UNSUPPORTED, line, "%s through register '%s' is not supported",
			     prim, name);
	if (l < 0 || !parser_thread_has_param(th, l))
		parser_error(p, LIT_BAD, line, "'%s' is not a parameter of P%d", name,
			     (int)(th - p->t->threads));
	static const char *const type_names[] = {
		[LT_INT] = "an int", [LT_SPINLOCK] = "a spinlock_t", [LT_SRCU] = "a srcu_struct"
	};
	if (p->t->locs[l].type != type)
		parser_error(p, LIT_BAD, line, "%s on '%s', which is %s, not %s", prim, name,
			     type_names[p->t->locs[l].type], type_names[type]);
	return l;
}

/* ---- expressions -------------------------------------------------------------------------- */

struct lit_expr *parser_enode(struct parser *p, enum lit_expr_kind k, int line)
{
	struct lit_expr *e = parser_alloc(p, sizeof *e);
	e->kind = k;
	e->line = line;
	return e;
}

static int accesses(const struct lit_expr *e)
{
	if (!e)
		return 0;
	if (e->kind != LE_CONST && e->kind != LE_REG && e->kind != LE_UNARY &&
	    e->kind != LE_BINARY && e->kind != LE_ADDR)
		return 1;
	return accesses(e->a) || accesses(e->b);
}

void parser_sequenced(struct parser *p, const struct lit_expr *a, const struct lit_expr *b,
		      int line)
{
	if (accesses(a) && accesses(b))
		parser_error(p, LIT_UNSUPPORTED, line,
			     "two shared accesses that C leaves unsequenced (split the statement)");
}

/* The location of a plain access "*x" or "*r0" (the '*' is the current token; what names the
 * access in errors): returns the location's index, or -1 with *reg set when it is read from a
 * register (then *dyn is 1: the location is known only when the test runs). Marks the test as one
 * with plain accesses. */
static int plain_loc(struct parser *p, struct lit_thread *th, const char *what, int *reg, int *dyn)
{
	int loc = parser_loc_arg(p, th, 1, LT_INT, what, reg);
	*dyn = loc < 0;
	p->t->uses_plain = 1;
	return loc;
}

/* "*x" or "*r0": a plain load (the '*' is the current token). */
static struct lit_expr *plain_load(struct parser *p, struct lit_thread *th, int line)
{
	struct lit_expr *e = parser_enode(p, LE_LOAD, line);
	e->access = LA_PLAIN;
	e->loc = plain_loc(p, th, "a plain load", &e->reg, &e->dyn);
	return e;
}

/* A name in an expression: a register (declared or not: herd needs no declaration), a
 * parameter's address (a pointer value), or a call. */
static struct lit_expr *name_expr(struct parser *p, struct lit_thread *th, int line)
{
	char name[LIT_NAME];
	parser_take_ident(p, name, "an expression");
	struct lit_expr *e;
	int l = lit_find_loc(p->t, name);
	if (parser_is_punct(p, "("))
		return parser_call_expr(p, th, name, line);
	if (parser_find_reg(th, name) < 0 && l >= 0 && parser_thread_has_param(th, l)) {
		e = parser_enode(p, LE_ADDR, line);
		e->loc = l;
		e->value = LIT_PTR(l);
		parser_mark_ptr(p, line);
		return e;
	}
	if (parser_find_reg(th, name) < 0 && l >= 0)
		parser_error(p, LIT_BAD, line, "'%s' is not a parameter of P%d", name,
			     (int)(th - p->t->threads));
	e = parser_enode(p, LE_REG, line);
	e->reg = parser_add_reg(p, th, name, line);
	return e;
}

static struct lit_expr *primary(struct parser *p, struct lit_thread *th)
{
	int line = p->tok.line;
	struct lit_expr *e;
	parser_skip_casts(p);
	if (p->tok.kind == T_NUM) {
		e = parser_enode(p, LE_CONST, line);
		e->value = parser_take_int(p, "a constant");
		return e;
	}
	if (parser_accept_punct(p, "(")) {
		e = parser_expr(p, th);
		parser_expect_punct(p, ")", "to close the parenthesis");
		return e;
	}
	if (parser_is_punct(p, "*"))
		return plain_load(p, th, line);
	if (parser_is_punct(p, "!") || parser_is_punct(p, "-") || parser_is_punct(p, "~")) {
		e = parser_enode(p, LE_UNARY, line);
		e->op = p->tok.text[0];
		parser_advance(p);
		e->a = primary(p, th);
		return e;
	}
	if (p->tok.kind != T_IDENT)
		parser_error(p, LIT_BAD, line, "expected an expression, got '%s'",
			     p->tok.kind == T_EOF ? "end of file" : p->tok.text);
	return name_expr(p, th, line);
}

static const struct {
	const char *tok;
	int op, prec;
} binops[] = {
	{ "*", LOP_MUL, 10 },  { "+", LOP_ADD, 9 },  { "-", LOP_SUB, 9 },  { "<", LOP_LT, 7 },
	{ "<=", LOP_LE, 7 },   { ">", LOP_GT, 7 },   { ">=", LOP_GE, 7 },  { "==", LOP_EQ, 6 },
	{ "!=", LOP_NE, 6 },   { "&", LOP_BAND, 5 }, { "^", LOP_BXOR, 4 }, { "|", LOP_BOR, 3 },
	{ "&&", LOP_LAND, 2 }, { "||", LOP_LOR, 1 },
};

const char *lit_binop_text(int op)
{
	for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++)
		if (binops[i].op == op)
			return binops[i].tok;
	return "?";
}

static int binop_at(const struct parser *p)
{
	if (p->tok.kind != T_PUNCT)
		return -1;
	for (int i = 0; i < (int)(sizeof binops / sizeof binops[0]); i++)
		if (!strcmp(p->tok.text, binops[i].tok))
			return i;
	return -1;
}

static struct lit_expr *expr(struct parser *p, struct lit_thread *th, int minprec)
{
	struct lit_expr *e = primary(p, th);
	for (;;) {
		if (parser_is_punct(p, "/") || parser_is_punct(p, "%") || parser_is_punct(p, "?"))
			parser_error(p, LIT_UNSUPPORTED, p->tok.line,
				     "operator '%s' is not supported", p->tok.text);
		int i = binop_at(p);
		if (i < 0 || binops[i].prec < minprec)
			return e;
		int line = p->tok.line;
		parser_advance(p);
		if (binops[i].op == LOP_LT && parser_is_punct(p, "<"))
			parser_error(p, LIT_UNSUPPORTED, line, "shifts are not supported");
		if (binops[i].op == LOP_GT && parser_is_punct(p, ">"))
			parser_error(p, LIT_UNSUPPORTED, line, "shifts are not supported");
		struct lit_expr *b = parser_enode(p, LE_BINARY, line);
		b->op = binops[i].op;
		b->a = e;
		b->b = expr(p, th, binops[i].prec + 1);
		if (b->op != LOP_LAND && b->op != LOP_LOR)
			parser_sequenced(p, b->a, b->b, line);
		e = b;
	}
}

struct lit_expr *parser_expr(struct parser *p, struct lit_thread *th)
{
	return expr(p, th, 0);
}

/* ---- statements --------------------------------------------------------------------------- */

struct lit_stmt *parser_snode(struct parser *p, enum lit_stmt_kind k, int line)
{
	struct lit_stmt *s = parser_alloc(p, sizeof *s);
	s->kind = k;
	s->line = line;
	return s;
}

/* Statements up to "}" (consumed), as a list. */
static struct lit_stmt *block_items(struct parser *p, struct lit_thread *th, int outer)
{
	struct lit_stmt *first = NULL, **tail = &first;
	for (;;) {
		if (parser_is_punct(p, "}")) {
			if (outer)
				p->lex.ocaml = 1; /* the token after the body is lexed as herd's */
			parser_advance(p);
			return first;
		}
		if (p->tok.kind == T_EOF)
			parser_error(p, LIT_BAD, p->tok.line, "unterminated thread body");
		struct lit_stmt *s = statement(p, th);
		while (s) {
			*tail = s;
			tail = &s->next;
			s = s->next;
		}
	}
}

struct lit_stmt *parser_body(struct parser *p, struct lit_thread *th)
{
	return block_items(p, th, 1);
}

/* "int r0, *r1 = e;" (any integer type, pointers): registers; an initialiser becomes an
 * assignment. A register the initial state gives a value may be declared again. */
static struct lit_stmt *declaration(struct parser *p, struct lit_thread *th)
{
	struct lit_stmt *first = NULL, **tail = &first;
	struct parser_ctype ct;
	int line = p->tok.line;
	parser_read_ctype(p, &ct);
	if (ct.type != LT_INT || ct.atomic)
		parser_error(p, LIT_UNSUPPORTED, line, "a register of type %s",
			     ct.atomic		    ? "atomic_t" :
			     ct.type == LT_SPINLOCK ? "spinlock_t" :
						      "srcu_struct");
	do {
		while (parser_accept_punct(p, "*"))
			ct.stars++;
		line = p->tok.line;
		char name[LIT_NAME];
		parser_take_ident(p, name, "a register name");
		int fresh = parser_find_reg(th, name) < 0;
		int reg = parser_add_reg(p, th, name, line);
		if (!fresh && !th->regs[reg].from_init)
			parser_error(p, LIT_BAD, line, "register '%s' declared twice", name);
		th->regs[reg].from_init = 0;
		if (ct.stars > 0)
			parser_mark_ptr(p, line);
		if (parser_accept_punct(p, "=")) {
			struct lit_stmt *s = parser_snode(p, LS_ASSIGN, line);
			s->reg = reg;
			s->e = parser_expr(p, th);
			*tail = s;
			tail = &s->next;
		}
	} while (parser_accept_punct(p, ","));
	parser_expect_punct(p, ";", "after a declaration");
	return first;
}

static struct lit_stmt *if_statement(struct parser *p, struct lit_thread *th)
{
	struct lit_stmt *s = parser_snode(p, LS_IF, p->tok.line);
	parser_advance(p);
	parser_expect_punct(p, "(", "after 'if'");
	s->e = parser_expr(p, th);
	parser_expect_punct(p, ")", "after the condition of 'if'");
	s->then = statement(p, th);
	if (parser_is_ident(p, "else")) {
		parser_advance(p);
		s->els = statement(p, th);
	}
	return s;
}

/* A statement that starts with an identifier other than a keyword: an assignment to a register
 * (declared or not), a primitive, or a call evaluated for its effect. */
static struct lit_stmt *ident_statement(struct parser *p, struct lit_thread *th)
{
	int line = p->tok.line;
	char name[LIT_NAME];
	parser_take_ident(p, name, "a statement");
	struct lit_stmt *s;
	if (parser_accept_punct(p, "=")) {
		int l = lit_find_loc(p->t, name);
		if (parser_find_reg(th, name) < 0 && l >= 0)
			parser_error(
				p, LIT_BAD, line,
				"'%s' is a location: assign it with WRITE_ONCE(*%s, ...) or *%s = ...",
				name, name, name);
		s = parser_snode(p, LS_ASSIGN, line);
		s->reg = parser_add_reg(p, th, name, line);
		s->e = parser_expr(p, th);
	} else if (parser_is_punct(p, "(")) {
		s = parser_call_stmt(p, th, name, line);
		if (!s) {
			s = parser_snode(p, LS_EVAL, line);
			s->e = parser_call_expr(p, th, name, line);
		}
	} else {
		parser_error(p, LIT_BAD, p->tok.line, "expected '=' or '(' after '%s', got '%s'",
			     name, p->tok.kind == T_EOF ? "end of file" : p->tok.text);
	}
	parser_expect_punct(p, ";", "after the statement");
	return s;
}

/* "*x = e;" or "*r0 = e;" (the '*' is the current token) */
static struct lit_stmt *plain_store(struct parser *p, struct lit_thread *th, int line)
{
	struct lit_stmt *s = parser_snode(p, LS_STORE, line);
	s->access = LA_PLAIN;
	s->loc = plain_loc(p, th, "a plain store", &s->reg, &s->dyn);
	parser_expect_punct(p, "=", "in a plain store");
	s->e = parser_expr(p, th);
	parser_expect_punct(p, ";", "after the statement");
	return s;
}

static struct lit_stmt *statement(struct parser *p, struct lit_thread *th)
{
	int line = p->tok.line;
	if (parser_accept_punct(p, ";"))
		return NULL;
	if (parser_accept_punct(p, "{")) {
		struct lit_stmt *s = parser_snode(p, LS_BLOCK, line);
		s->body = block_items(p, th, 0);
		return s;
	}
	if (parser_is_ident(p, "if"))
		return if_statement(p, th);
	if (parser_type_start(p))
		return declaration(p, th);
	if (parser_is_ident(p, "return") || parser_is_ident(p, "switch") ||
	    parser_is_ident(p, "break"))
		parser_error(p, LIT_UNSUPPORTED, line, "'%s' is not supported", p->tok.text);
	if (parser_is_punct(p, "*"))
		return plain_store(p, th, line);
	if (p->tok.kind != T_IDENT)
		parser_error(p, LIT_BAD, line, "expected a statement, got '%s'",
			     p->tok.kind == T_EOF ? "end of file" : p->tok.text);
	return ident_statement(p, th);
}
