/*
 * body.c - thread bodies of a C litmus test: statements, expressions and the kernel primitives
 * (see litmus.h for the language).
 */
#include <stdio.h>
#include <string.h>

#include "parser.h"

static struct lit_stmt *statement(struct parser *p, struct lit_thread *th);
static struct lit_expr *expr(struct parser *p, struct lit_thread *th, int minprec);

/* ---- names -------------------------------------------------------------------------------- */

static const char *const fence_names[] = {
	[LF_MB] = "smp_mb",
	[LF_RMB] = "smp_rmb",
	[LF_WMB] = "smp_wmb",
	[LF_BARRIER] = "barrier",
	[LF_MB_BEFORE_ATOMIC] = "smp_mb__before_atomic",
	[LF_MB_AFTER_ATOMIC] = "smp_mb__after_atomic",
	[LF_MB_AFTER_SPINLOCK] = "smp_mb__after_spinlock",
	[LF_MB_AFTER_UNLOCK_LOCK] = "smp_mb__after_unlock_lock",
};

const char *lit_fence_name(enum lit_fence f)
{
	return fence_names[f];
}

static int fence_of(const char *name)
{
	for (int f = 0; f < (int)(sizeof fence_names / sizeof fence_names[0]); f++)
		if (!strcmp(name, fence_names[f]))
			return f;
	return -1;
}

static const char *const order_suffixes[] = { "", "_relaxed", "_acquire", "_release" };

const char *lit_order_suffix(enum lit_order o)
{
	return order_suffixes[o];
}

/* "xchg_acquire" -> order LO_ACQUIRE for base "xchg"; -1 when name is not base[suffix]. */
static int rmw_order(const char *name, const char *base)
{
	size_t n = strlen(base);
	if (strncmp(name, base, n))
		return -1;
	for (int o = 0; o < 4; o++)
		if (!strcmp(name + n, order_suffixes[o]))
			return o;
	return -1;
}

int is_rcu(const char *name)
{
	static const char *const prefixes[] = {
		"rcu_",	    "srcu_",	 "synchronize_rcu", "synchronize_srcu",
		"call_rcu", "call_srcu", "kfree_rcu",	    "list_for_each_entry_rcu",
		NULL
	};
	for (int i = 0; prefixes[i]; i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return 1;
	return 0;
}

/* A name that is neither a register nor a supported primitive: say which kind of thing it is. */
static _Noreturn void unknown_name(struct parser *p, struct lit_thread *th, const char *name,
				   int line)
{
	if (is_rcu(name))
		perr(p, LIT_RCU, line, "RCU is not supported ('%s')", name);
	if (!strncmp(name, "atomic_", 7) || !strncmp(name, "atomic64_", 9) ||
	    !strncmp(name, "atomic_long_", 12))
		perr(p, LIT_UNSUPPORTED, line, "atomic_t operations are not supported ('%s')",
		     name);
	if (!strcmp(name, "while") || !strcmp(name, "for") || !strcmp(name, "do") ||
	    !strcmp(name, "goto"))
		perr(p, LIT_UNSUPPORTED, line, "loops are not supported ('%s')", name);
	int l = lit_find_loc(p->t, name);
	if (l >= 0 && thread_has_param(th, l))
		perr(p, LIT_UNSUPPORTED, line,
		     "'%s' is a pointer: pointer values are not supported (write *%s)", name, name);
	if (p->tok.kind == T_PUNCT && !strcmp(p->tok.text, "("))
		perr(p, LIT_UNSUPPORTED, line, "unsupported primitive '%s'", name);
	perr(p, LIT_BAD, line, "'%s' is not a register of P%d (declare it: int %s;)", name,
	     (int)(th - p->t->threads), name);
}

/* ---- locations ------------------------------------------------------------------------------ */

/* A location argument: "x" (or "*x" when star) naming a parameter of th of that type. */
static int loc_arg(struct parser *p, struct lit_thread *th, int star, enum lit_type type,
		   const char *prim)
{
	int line = p->tok.line;
	if (star) {
		if (!accept_punct(p, "*"))
			perr(p, LIT_BAD, line, "%s takes a location through '*': write %s(*x)",
			     prim, prim);
	} else if (is_punct(p, "*") || is_punct(p, "&"))
		perr(p, LIT_BAD, line, "%s takes a pointer: write %s(x), not %s(%sx)", prim, prim,
		     prim, p->tok.text);
	char name[LIT_NAME];
	take_ident(p, name, "a location");
	int l = lit_find_loc(p->t, name);
	if (l < 0 || !thread_has_param(th, l)) {
		if (find_reg(th, name) >= 0)
			perr(p, LIT_UNSUPPORTED, line,
			     "%s through register '%s': pointer values are not supported", prim,
			     name);
		perr(p, LIT_BAD, line, "'%s' is not a parameter of P%d", name,
		     (int)(th - p->t->threads));
	}
	if (p->t->locs[l].type != type)
		perr(p, LIT_BAD, line, "%s on '%s', which is %s", prim, name,
		     p->t->locs[l].type == LT_SPINLOCK ? "a spinlock_t" : "not a spinlock_t");
	return l;
}

/* ---- expressions ---------------------------------------------------------------------------- */

static struct lit_expr *enode(struct parser *p, enum lit_expr_kind k, int line)
{
	struct lit_expr *e = palloc(p, sizeof *e);
	e->kind = k;
	e->line = line;
	return e;
}

static int accesses(const struct lit_expr *e)
{
	if (!e)
		return 0;
	if (e->kind != LE_CONST && e->kind != LE_REG && e->kind != LE_UNARY && e->kind != LE_BINARY)
		return 1;
	return accesses(e->a) || accesses(e->b);
}

/* C leaves the two operands (or arguments) unsequenced: at most one may access memory. */
static void sequenced(struct parser *p, const struct lit_expr *a, const struct lit_expr *b,
		      int line)
{
	if (accesses(a) && accesses(b))
		perr(p, LIT_UNSUPPORTED, line,
		     "two shared accesses that C leaves unsequenced (split the statement)");
}

static struct lit_expr *rmw_call(struct parser *p, struct lit_thread *th, const char *name,
				 int line)
{
	int o = rmw_order(name, "xchg");
	struct lit_expr *e = enode(p, o >= 0 ? LE_XCHG : LE_CMPXCHG, line);
	e->order = o >= 0 ? o : rmw_order(name, "cmpxchg");
	e->loc = loc_arg(p, th, 0, LT_INT, name);
	expect_punct(p, ",", "after the location");
	e->a = expr(p, th, 0);
	if (e->kind == LE_CMPXCHG) {
		expect_punct(p, ",", "after the expected value");
		e->b = expr(p, th, 0);
		sequenced(p, e->a, e->b, line);
	}
	expect_punct(p, ")", "to close the call");
	return e;
}

/* A call in an expression: the name is consumed, the current token is "(" */
static struct lit_expr *call(struct parser *p, struct lit_thread *th, const char *name, int line)
{
	struct lit_expr *e;
	if (!strcmp(name, "READ_ONCE") || !strcmp(name, "smp_load_acquire")) {
		advance(p);
		int once = name[0] == 'R';
		e = enode(p, LE_LOAD, line);
		e->access = once ? LA_ONCE : LA_ACQUIRE;
		e->loc = loc_arg(p, th, once, LT_INT, name);
	} else if (rmw_order(name, "xchg") >= 0 || rmw_order(name, "cmpxchg") >= 0) {
		advance(p);
		return rmw_call(p, th, name, line);
	} else if (!strcmp(name, "spin_trylock") || !strcmp(name, "spin_is_locked")) {
		advance(p);
		e = enode(p, name[5] == 't' ? LE_TRYLOCK : LE_ISLOCKED, line);
		e->loc = loc_arg(p, th, 0, LT_SPINLOCK, name);
	} else {
		unknown_name(p, th, name, line);
	}
	expect_punct(p, ")", "to close the call");
	return e;
}

static struct lit_expr *primary(struct parser *p, struct lit_thread *th)
{
	int line = p->tok.line;
	struct lit_expr *e;
	if (p->tok.kind == T_NUM) {
		e = enode(p, LE_CONST, line);
		e->value = take_int(p, "a constant");
		return e;
	}
	if (accept_punct(p, "(")) {
		if (is_ident(p, "int") || is_ident(p, "unsigned") || is_ident(p, "long"))
			perr(p, LIT_UNSUPPORTED, line, "casts are not supported");
		e = expr(p, th, 0);
		expect_punct(p, ")", "to close the parenthesis");
		return e;
	}
	if (is_punct(p, "*")) {
		e = enode(p, LE_LOAD, line);
		e->access = LA_PLAIN;
		e->loc = loc_arg(p, th, 1, LT_INT, "a plain load");
		p->t->uses_plain = 1;
		return e;
	}
	if (is_punct(p, "!") || is_punct(p, "-") || is_punct(p, "~")) {
		e = enode(p, LE_UNARY, line);
		e->op = p->tok.text[0];
		advance(p);
		e->a = primary(p, th);
		return e;
	}
	if (p->tok.kind != T_IDENT)
		perr(p, LIT_BAD, line, "expected an expression, got '%s'",
		     p->tok.kind == T_EOF ? "end of file" : p->tok.text);
	char name[LIT_NAME];
	take_ident(p, name, "an expression");
	int r = find_reg(th, name);
	if (r >= 0) {
		e = enode(p, LE_REG, line);
		e->reg = r;
		return e;
	}
	if (!is_punct(p, "("))
		unknown_name(p, th, name, line);
	return call(p, th, name, line);
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
		if (is_punct(p, "/") || is_punct(p, "%") || is_punct(p, "?"))
			perr(p, LIT_UNSUPPORTED, p->tok.line, "operator '%s' is not supported",
			     p->tok.text);
		int i = binop_at(p);
		if (i < 0 || binops[i].prec < minprec)
			return e;
		int line = p->tok.line;
		advance(p);
		if (binops[i].op == LOP_LT && is_punct(p, "<"))
			perr(p, LIT_UNSUPPORTED, line, "shifts are not supported");
		if (binops[i].op == LOP_GT && is_punct(p, ">"))
			perr(p, LIT_UNSUPPORTED, line, "shifts are not supported");
		struct lit_expr *b = enode(p, LE_BINARY, line);
		b->op = binops[i].op;
		b->a = e;
		b->b = expr(p, th, binops[i].prec + 1);
		if (b->op != LOP_LAND && b->op != LOP_LOR)
			sequenced(p, b->a, b->b, line);
		e = b;
	}
}

/* ---- statements ----------------------------------------------------------------------------- */

static struct lit_stmt *snode(struct parser *p, enum lit_stmt_kind k, int line)
{
	struct lit_stmt *s = palloc(p, sizeof *s);
	s->kind = k;
	s->line = line;
	return s;
}

/* Statements up to "}" (consumed), as a list. */
static struct lit_stmt *block_items(struct parser *p, struct lit_thread *th, int outer)
{
	struct lit_stmt *first = NULL, **tail = &first;
	for (;;) {
		if (is_punct(p, "}")) {
			if (outer)
				p->lex.ocaml = 1; /* the token after the body is lexed as herd's */
			advance(p);
			return first;
		}
		if (p->tok.kind == T_EOF)
			perr(p, LIT_BAD, p->tok.line, "unterminated thread body");
		struct lit_stmt *s = statement(p, th);
		while (s) {
			*tail = s;
			tail = &s->next;
			s = s->next;
		}
	}
}

struct lit_stmt *parse_body(struct parser *p, struct lit_thread *th)
{
	return block_items(p, th, 1);
}

/* "int r0, r1 = e;": registers; an initialiser becomes an assignment. */
static struct lit_stmt *declaration(struct parser *p, struct lit_thread *th)
{
	struct lit_stmt *first = NULL, **tail = &first;
	int line = p->tok.line;
	advance(p); /* int */
	do {
		if (is_punct(p, "*"))
			perr(p, LIT_UNSUPPORTED, line, "pointer registers are not supported");
		line = p->tok.line;
		char name[LIT_NAME];
		take_ident(p, name, "a register name");
		if (find_reg(th, name) >= 0)
			perr(p, LIT_BAD, line, "register '%s' declared twice", name);
		if (lit_find_loc(p->t, name) >= 0)
			perr(p, LIT_UNSUPPORTED, line, "register '%s' has the name of a location",
			     name);
		if (th->nregs == LIT_MAX_REGS)
			perr(p, LIT_UNSUPPORTED, line, "more than %d registers", LIT_MAX_REGS);
		struct lit_reg *r = &th->regs[th->nregs];
		snprintf(r->name, sizeof r->name, "%s", name);
		r->line = line;
		int reg = th->nregs++;
		if (accept_punct(p, "=")) {
			struct lit_stmt *s = snode(p, LS_ASSIGN, line);
			s->reg = reg;
			s->e = expr(p, th, 0);
			*tail = s;
			tail = &s->next;
		}
	} while (accept_punct(p, ","));
	expect_punct(p, ";", "after a declaration");
	return first;
}

static struct lit_stmt *if_statement(struct parser *p, struct lit_thread *th)
{
	struct lit_stmt *s = snode(p, LS_IF, p->tok.line);
	advance(p);
	expect_punct(p, "(", "after 'if'");
	s->e = expr(p, th, 0);
	expect_punct(p, ")", "after the condition of 'if'");
	s->then = statement(p, th);
	if (is_ident(p, "else")) {
		advance(p);
		s->els = statement(p, th);
	}
	return s;
}

/* WRITE_ONCE(*x, e), smp_store_release(x, e); the name is consumed. */
static struct lit_stmt *store_call(struct parser *p, struct lit_thread *th, const char *name,
				   int line)
{
	struct lit_stmt *s = snode(p, LS_STORE, line);
	int once = name[0] == 'W';
	s->access = once ? LA_ONCE : LA_RELEASE;
	expect_punct(p, "(", "after the primitive");
	s->loc = loc_arg(p, th, once, LT_INT, name);
	expect_punct(p, ",", "after the location");
	s->e = expr(p, th, 0);
	expect_punct(p, ")", "to close the call");
	return s;
}

/* A statement that starts with an identifier other than a keyword. */
static struct lit_stmt *ident_statement(struct parser *p, struct lit_thread *th)
{
	int line = p->tok.line;
	char name[LIT_NAME];
	take_ident(p, name, "a statement");
	struct lit_stmt *s;
	int r = find_reg(th, name), f = fence_of(name);
	if (r >= 0 && accept_punct(p, "=")) {
		s = snode(p, LS_ASSIGN, line);
		s->reg = r;
		s->e = expr(p, th, 0);
	} else if (!strcmp(name, "WRITE_ONCE") || !strcmp(name, "smp_store_release")) {
		s = store_call(p, th, name, line);
	} else if (f >= 0) {
		s = snode(p, LS_FENCE, line);
		s->fence = f;
		expect_punct(p, "(", "after the barrier");
		expect_punct(p, ")", "after the barrier");
	} else if (!strcmp(name, "spin_lock") || !strcmp(name, "spin_unlock")) {
		s = snode(p, name[5] == 'l' ? LS_LOCK : LS_UNLOCK, line);
		expect_punct(p, "(", "after the primitive");
		s->loc = loc_arg(p, th, 0, LT_SPINLOCK, name);
		expect_punct(p, ")", "to close the call");
	} else if (r < 0 && is_punct(p, "(")) {
		s = snode(p, LS_EVAL, line);
		s->e = call(p, th, name, line);
	} else {
		if (r >= 0)
			perr(p, LIT_BAD, p->tok.line, "expected '=' after register '%s'", name);
		unknown_name(p, th, name, line);
	}
	expect_punct(p, ";", "after the statement");
	return s;
}

static struct lit_stmt *statement(struct parser *p, struct lit_thread *th)
{
	int line = p->tok.line;
	if (accept_punct(p, ";"))
		return NULL;
	if (accept_punct(p, "{")) {
		struct lit_stmt *s = snode(p, LS_BLOCK, line);
		s->body = block_items(p, th, 0);
		return s;
	}
	if (is_ident(p, "if"))
		return if_statement(p, th);
	if (is_ident(p, "int"))
		return declaration(p, th);
	if (is_ident(p, "return") || is_ident(p, "switch") || is_ident(p, "break"))
		perr(p, LIT_UNSUPPORTED, line, "'%s' is not supported", p->tok.text);
	if (accept_punct(p, "*")) {
		struct lit_stmt *s = snode(p, LS_STORE, line);
		s->access = LA_PLAIN;
		char name[LIT_NAME];
		take_ident(p, name, "a location after '*'");
		int l = lit_find_loc(p->t, name);
		if (l < 0 || !thread_has_param(th, l) || p->t->locs[l].type != LT_INT)
			perr(p, LIT_BAD, line, "'%s' is not an int parameter of P%d", name,
			     (int)(th - p->t->threads));
		s->loc = l;
		p->t->uses_plain = 1;
		expect_punct(p, "=", "in a plain store");
		s->e = expr(p, th, 0);
		expect_punct(p, ";", "after the statement");
		return s;
	}
	if (p->tok.kind != T_IDENT)
		perr(p, LIT_BAD, line, "expected a statement, got '%s'",
		     p->tok.kind == T_EOF ? "end of file" : p->tok.text);
	return ident_statement(p, th);
}
