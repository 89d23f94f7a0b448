/*
 * cond.c - the clauses after a litmus test's code and its condition language:
 *
 *   locations [x; 0:X2;]          more observed locations and registers
 *   filter C                      only executions satisfying C count
 *   exists C | ~exists C | forall C
 *
 *   C    := D ("=>" C)?           implication, the weakest
 *   D    := K ("\/" K)*
 *   K    := U ("/\" U)*
 *   U    := "~" U | "not" U | "(" C ")" | "true" | "false" | atom
 *   atom := term ("=" | "!=") (number | location)     term := N:Xk | x | [x]
 */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "rd.h"

static struct a64_cond *node(enum a64_cond_kind k, struct a64_cond *a, struct a64_cond *b)
{
	struct a64_cond *c = xcalloc(1, sizeof *c);
	c->kind = k;
	c->a = a;
	c->b = b;
	c->rloc = -1;
	return c;
}

void rd_cond_free(struct a64_cond *c)
{
	if (!c)
		return;
	rd_cond_free(c->a);
	rd_cond_free(c->b);
	free(c);
}

/* A register or location term: *thread (-1 for a location) and *reg. 0 or -1. */
static int term(struct rd *r, struct lx *l, int *thread, int *reg)
{
	char name[RD_NAME];
	int k = lx_threadreg(l, thread, name, sizeof name);
	if (k < 0)
		return rd_fail(r, l->line, "a name of more than %d characters", RD_NAME - 1);
	if (k > 0 && (*reg = a64_reg_parse(r->t->isa, name)) < 0)
		return rd_fail(r, l->line, "unknown register %d:%s (%s)", *thread, name,
			       a64_reg_list(r->t->isa));
	if (k > 0 && *thread >= r->t->nthreads)
		return rd_fail(r, l->line, "unknown register %d:%s (the test has %d thread%s)",
			       *thread, name, r->t->nthreads, r->t->nthreads == 1 ? "" : "s");
	if (k > 0)
		return 0;
	int bracket = lx_eat(l, "[");
	if (lx_ident(l, name, sizeof name) <= 0)
		return rd_fail(r, l->line, "expected a register (0:X1) or a location");
	if (bracket && !lx_eat(l, "]"))
		return rd_fail(r, l->line, "expected ']' after [%s", name);
	*thread = -1;
	*reg = a64_loc_find(r->t, name);
	if (*reg < 0)
		return rd_fail(r, l->line, "unknown location %s", name);
	return 0;
}

static struct a64_cond *atom(struct rd *r, struct lx *l)
{
	int thread, reg;
	char name[RD_NAME];
	if (term(r, l, &thread, &reg) != 0)
		return NULL;
	enum a64_cond_kind k = lx_eat(l, "!=") ? AC_NE : lx_eat(l, "=") ? AC_EQ : AC_TRUE;
	if (k == AC_TRUE) {
		rd_fail(r, l->line, "expected '=' or '!=' in the condition");
		return NULL;
	}
	struct a64_cond *c = node(k, NULL, NULL);
	c->thread = thread;
	c->reg = reg;
	int n = lx_number(l, &c->value);
	if (n == 0 && lx_ident(l, name, sizeof name) > 0) {
		c->rloc = a64_loc_find(r->t, name);
		if (c->rloc >= 0)
			return c;
		rd_fail(r, l->line, "unknown location %s", name);
	} else if (n <= 0) {
		rd_fail(r, l->line,
			n < 0 ? "a number that does not fit in 64 bits" :
				"expected a number or a location after '='");
	} else {
		return c;
	}
	free(c);
	return NULL;
}

static struct a64_cond *cond(struct rd *r, struct lx *l, int depth);

static struct a64_cond *unary(struct rd *r, struct lx *l, int depth)
{
	if (depth > 200) {
		rd_fail(r, l->line, "the condition nests too deeply");
		return NULL;
	}
	if (lx_eat(l, "~") || lx_eat(l, "not ")) {
		struct a64_cond *a = unary(r, l, depth + 1);
		return a ? node(AC_NOT, a, NULL) : NULL;
	}
	if (lx_eat(l, "(")) {
		struct a64_cond *a = cond(r, l, depth + 1);
		if (a && !lx_eat(l, ")")) {
			rd_fail(r, l->line, "expected ')' in the condition");
			rd_cond_free(a);
			return NULL;
		}
		return a;
	}
	if (lx_eat(l, "true"))
		return node(AC_TRUE, NULL, NULL);
	if (lx_eat(l, "false"))
		return node(AC_FALSE, NULL, NULL);
	return atom(r, l);
}

/* A left-associative chain of `next` joined by op. */
static struct a64_cond *chain(struct rd *r, struct lx *l, int depth, const char *op,
			      enum a64_cond_kind k,
			      struct a64_cond *(*next)(struct rd *, struct lx *, int))
{
	struct a64_cond *a = next(r, l, depth);
	while (a && lx_eat(l, op)) {
		struct a64_cond *b = next(r, l, depth);
		if (!b) {
			rd_cond_free(a);
			return NULL;
		}
		a = node(k, a, b);
	}
	return a;
}

static struct a64_cond *conjunction(struct rd *r, struct lx *l, int depth)
{
	return chain(r, l, depth, "/\\", AC_AND, unary);
}

static struct a64_cond *disjunction(struct rd *r, struct lx *l, int depth)
{
	return chain(r, l, depth, "\\/", AC_OR, conjunction);
}

static struct a64_cond *cond(struct rd *r, struct lx *l, int depth)
{
	struct a64_cond *a = disjunction(r, l, depth);
	if (a && lx_eat(l, "=>")) {
		struct a64_cond *b = cond(r, l, depth + 1);
		if (!b) {
			rd_cond_free(a);
			return NULL;
		}
		a = node(AC_IMPLIES, a, b);
	}
	return a;
}

static void add_obs(struct a64_test *t, int thread, int reg)
{
	for (int i = 0; i < t->nobs; i++)
		if (t->obs[i].thread == thread && t->obs[i].reg == reg)
			return;
	t->obs = xrealloc(t->obs, (size_t)(t->nobs + 1) * sizeof *t->obs);
	t->obs[t->nobs++] = (struct a64_obs){ thread, reg };
}

static void observe(struct a64_test *t, const struct a64_cond *c)
{
	if (!c)
		return;
	if (c->kind == AC_EQ || c->kind == AC_NE)
		add_obs(t, c->thread, c->reg);
	observe(t, c->a);
	observe(t, c->b);
}

static int locations(struct rd *r, struct lx *l)
{
	if (!lx_eat(l, "["))
		return rd_fail(r, l->line, "expected '[' after locations");
	while (!lx_eat(l, "]")) {
		int thread, reg;
		if (lx_eat(l, ";"))
			continue;
		if (term(r, l, &thread, &reg) != 0)
			return -1;
		add_obs(r->t, thread, reg);
	}
	return 0;
}

/* The condition's text from a to b, blanks folded into one space. */
static char *folded(const char *a, const char *b)
{
	struct buf out = { 0 };
	int space = 0;
	for (; a < b; a++) {
		int blank = *a == ' ' || *a == '\t' || *a == '\n' || *a == '\r' || *a == '\0';
		if (blank && out.len)
			space = 1;
		if (blank)
			continue;
		if (space)
			buf_putc(&out, ' ');
		space = 0;
		buf_putc(&out, *a);
	}
	return buf_take(&out);
}

static int quantified(struct rd *r, struct lx *l)
{
	struct a64_test *t = r->t;
	t->cond_line = l->line;
	if (lx_eat(l, "~exists") || (lx_eat(l, "~") && lx_eat(l, "exists")))
		t->quant = A64_NOT_EXISTS;
	else if (lx_eat(l, "exists"))
		t->quant = A64_EXISTS;
	else if (lx_eat(l, "forall"))
		t->quant = A64_FORALL;
	else
		return rd_fail(r, l->line, "expected the condition (exists, ~exists or forall)");
	lx_peek(l);
	const char *start = l->p;
	t->cond = cond(r, l, 0);
	if (!t->cond)
		return -1;
	t->cond_text = folded(start, l->p);
	if (lx_peek(l) != 0)
		return rd_fail(r, l->line, "unexpected text after the condition");
	return 0;
}

int rd_clauses(struct rd *r, struct lx *l)
{
	if (lx_peek(l) == 0)
		return rd_fail(r, l->line,
			       "no condition (exists, ~exists or forall) after the code");
	if (lx_eat(l, "locations") && locations(r, l) != 0)
		return -1;
	if (lx_eat(l, "filter")) {
		r->t->filter = cond(r, l, 0);
		if (!r->t->filter)
			return -1;
	}
	if (quantified(r, l) != 0)
		return -1;
	observe(r->t, r->t->cond);
	return 0;
}

/* ---- evaluation ---------------------------------------------------------------------------- */

static uint64_t term_value(const struct a64_cond *c, const struct a64_state_fns *s)
{
	return c->thread >= 0 ? s->reg(s->ctx, c->thread, c->reg) : s->loc(s->ctx, c->reg);
}

int a64_cond_eval(const struct a64_cond *c, const struct a64_state_fns *s)
{
	uint64_t want;
	switch (c->kind) {
	case AC_TRUE: return 1;
	case AC_FALSE: return 0;
	case AC_EQ:
	case AC_NE:
		want = c->rloc >= 0 ? s->addr(s->ctx, c->rloc) : c->value;
		return (term_value(c, s) == want) == (c->kind == AC_EQ);
	case AC_NOT: return !a64_cond_eval(c->a, s);
	case AC_AND: return a64_cond_eval(c->a, s) && a64_cond_eval(c->b, s);
	case AC_OR: return a64_cond_eval(c->a, s) || a64_cond_eval(c->b, s);
	case AC_IMPLIES: return !a64_cond_eval(c->a, s) || a64_cond_eval(c->b, s);
	}
	return 0;
}
