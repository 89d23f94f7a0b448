/*
 * cond.c - evaluating and printing the final condition (see cond.h).
 */
#include "cond.h"
#include "buf.h"

#include <stdio.h>

int lit_cond_eval(const struct lit_cond *c, const int32_t *vals)
{
	switch (c->kind) {
	case LC_TRUE: return 1;
	case LC_FALSE: return 0;
	case LC_EQ: return vals[c->cvar] == (c->cvar2 >= 0 ? vals[c->cvar2] : c->value);
	case LC_NE: return vals[c->cvar] != (c->cvar2 >= 0 ? vals[c->cvar2] : c->value);
	case LC_NOT: return !lit_cond_eval(c->a, vals);
	case LC_AND: return lit_cond_eval(c->a, vals) && lit_cond_eval(c->b, vals);
	case LC_OR: return lit_cond_eval(c->a, vals) || lit_cond_eval(c->b, vals);
	case LC_IMPLIES: return !lit_cond_eval(c->a, vals) || lit_cond_eval(c->b, vals);
	}
	return 0;
}

void lit_reg_cname(int th, const char *reg, char *buf, size_t n)
{
	xsnprintf(buf, n, "P%d_%s", th, reg);
}

int lit_ptr_loc(const struct lit_test *t, int32_t v)
{
	int64_t l = (int64_t)v - LIT_PTR_BASE;
	return l >= 0 && l < t->nlocs ? (int)l : -1;
}

void lit_value_text(const struct lit_test *t, int32_t v, struct buf *b)
{
	int l = lit_ptr_loc(t, v);
	if (l >= 0)
		buf_puts(b, t->locs[l].name);
	else
		buf_printf(b, "%d", (int)v);
}

/* "0:r0" or "x" */
static void herd_cvar(const struct lit_test *t, int cvar, struct buf *b)
{
	const struct lit_cvar *v = &t->cvars[cvar];
	if (v->thread >= 0)
		buf_printf(b, "%d:%s", v->thread, t->threads[v->thread].regs[v->index].name);
	else
		buf_puts(b, t->locs[v->index].name);
}

void lit_cvar_name(const struct lit_test *t, int cvar, char *buf, size_t n)
{
	const struct lit_cvar *v = &t->cvars[cvar];
	if (v->thread < 0)
		xsnprintf(buf, n, "%s", t->locs[v->index].name);
	else
		lit_reg_cname(v->thread, t->threads[v->thread].regs[v->index].name, buf, n);
}

/* Binding strength: => 0, \/ 1, /\ 2, the rest 3. */
static int level(const struct lit_cond *c)
{
	return c->kind == LC_IMPLIES ? 0 : c->kind == LC_OR ? 1 : c->kind == LC_AND ? 2 : 3;
}

static void herd(const struct lit_test *t, const struct lit_cond *c, int min, struct buf *b)
{
	int paren = level(c) < min;
	if (paren)
		buf_puts(b, "(");
	switch (c->kind) {
	case LC_TRUE: buf_puts(b, "true"); break;
	case LC_FALSE: buf_puts(b, "false"); break;
	case LC_EQ:
	case LC_NE:
		herd_cvar(t, c->cvar, b);
		buf_puts(b, c->kind == LC_EQ ? "=" : "!=");
		if (c->cvar2 >= 0)
			herd_cvar(t, c->cvar2, b);
		else
			lit_value_text(t, c->value, b);
		break;
	case LC_NOT:
		buf_puts(b, "~");
		herd(t, c->a, 3, b);
		break;
	case LC_AND:
	case LC_OR:
		herd(t, c->a, level(c), b);
		buf_puts(b, c->kind == LC_AND ? " /\\ " : " \\/ ");
		herd(t, c->b, level(c) + 1, b);
		break;
	case LC_IMPLIES:
		herd(t, c->a, 1, b);
		buf_puts(b, " => ");
		herd(t, c->b, 0, b);
		break;
	}
	if (paren)
		buf_puts(b, ")");
}

void lit_cond_herd(const struct lit_test *t, const struct lit_cond *c, struct buf *b)
{
	herd(t, c, 0, b);
}

/* The course grammar: || loosest, then &&, then ! (always with parentheses). */
static void course(const struct lit_test *t, const struct lit_cond *c, int min, struct buf *b)
{
	int lv = c->kind == LC_IMPLIES ? 1 : level(c);
	int paren = lv < min;
	char name[2 * LIT_NAME];
	if (paren)
		buf_puts(b, "(");
	switch (c->kind) {
	case LC_TRUE: buf_puts(b, "1"); break;
	case LC_FALSE: buf_puts(b, "0"); break;
	case LC_EQ:
	case LC_NE:
		lit_cvar_name(t, c->cvar, name, sizeof name);
		buf_printf(b, "%s %s ", name, c->kind == LC_EQ ? "==" : "!=");
		if (c->cvar2 >= 0) {
			lit_cvar_name(t, c->cvar2, name, sizeof name);
			buf_puts(b, name);
		} else {
			buf_printf(b, "%d", (int)c->value);
		}
		break;
	case LC_NOT:
		buf_puts(b, "!(");
		course(t, c->a, 0, b);
		buf_puts(b, ")");
		break;
	case LC_AND:
	case LC_OR:
		course(t, c->a, lv, b);
		buf_puts(b, c->kind == LC_AND ? " && " : " || ");
		course(t, c->b, lv + 1, b);
		break;
	case LC_IMPLIES:
		buf_puts(b, "!(");
		course(t, c->a, 0, b);
		buf_puts(b, ") || ");
		course(t, c->b, 2, b);
		break;
	}
	if (paren)
		buf_puts(b, ")");
}

static int stmt_blocks(const struct lit_stmt *s)
{
	for (; s; s = s->next)
		if (s->kind == LS_LOCK || s->kind == LS_SYNC || stmt_blocks(s->then) ||
		    stmt_blocks(s->els) || stmt_blocks(s->body))
			return 1;
	return 0;
}

int lit_can_block(const struct lit_test *t)
{
	for (int i = 0; i < t->nthreads; i++)
		if (stmt_blocks(t->threads[i].body))
			return 1;
	return 0;
}

void lit_cond_course(const struct lit_test *t, int operand, struct buf *b)
{
	course(t, t->cond, operand ? 2 : 0, b);
}

void lit_expect_predicates(const struct lit_test *t, struct buf *pos, struct buf *neg)
{
	int block = lit_can_block(t);
	if (block) {
		buf_puts(pos, "done && ");
		buf_puts(neg, "done && ");
	}
	lit_cond_course(t, block, pos);
	buf_puts(neg, "!(");
	lit_cond_course(t, 0, neg);
	buf_puts(neg, ")");
}
