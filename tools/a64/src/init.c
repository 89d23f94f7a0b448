/*
 * init.c - the initial state of a litmus test: "{ 0:X1=x; uint64_t 0:X2; int x=1; y=2; }".
 *
 * Items are separated by ';'. An item is optional C type words, then a thread's register or a
 * location, then optionally "=" and a number or a location name (a register holding that
 * location's address). Types are accepted and ignored: every register is 64 bits and every
 * location one 8-byte slot (tools/a64/README.md).
 */
#include <string.h>

#include "buf.h"
#include "rd.h"

static const char *const type_words[] = { "int",      "long",	  "char",     "short",
					  "unsigned", "signed",	  "int8_t",   "uint8_t",
					  "int16_t",  "uint16_t", "int32_t",  "uint32_t",
					  "int64_t",  "uint64_t", "intptr_t", "uintptr_t",
					  "atomic_t", "_Atomic",  "volatile", NULL };

static int is_type_word(const char *s)
{
	for (int i = 0; type_words[i]; i++)
		if (!strcmp(s, type_words[i]))
			return 1;
	return 0;
}

/* The right-hand side of "lhs =": a number, or a location's name (*loc set). */
static int init_value(struct rd *r, struct lx *l, uint64_t *v, int *loc)
{
	char name[RD_NAME];
	*loc = -1;
	int n = lx_number(l, v);
	if (n < 0)
		return rd_fail(r, l->line, "a number that does not fit in 64 bits");
	if (n > 0)
		return 0;
	int k = lx_ident(l, name, sizeof name);
	if (k <= 0)
		return rd_fail(r, l->line, "expected a number or a location after '='");
	*loc = rd_loc(r, name, l->line);
	return 0;
}

static int add_reginit(struct rd *r, int thread, const char *name, int line, struct lx *l)
{
	struct a64_test *t = r->t;
	uint64_t v = 0;
	int loc = -1, reg = a64_reg_parse(t->isa, name);
	if (reg < 0)
		return rd_fail(r, line, "unknown register %d:%s (%s)", thread, name,
			       a64_reg_list(t->isa));
	if (lx_eat(l, "=") && init_value(r, l, &v, &loc) != 0)
		return -1;
	for (int i = 0; i < t->ninits; i++)
		if (t->inits[i].thread == thread && t->inits[i].reg == reg)
			return rd_fail(r, line, "register %d:%s is initialised twice", thread,
				       name);
	t->inits = xrealloc(t->inits, (size_t)(t->ninits + 1) * sizeof *t->inits);
	t->inits[t->ninits++] = (struct a64_reginit){ thread, reg, loc, v, line };
	return 0;
}

static int set_loc(struct rd *r, const char *name, int line, struct lx *l)
{
	uint64_t v = 0;
	int loc = -1, i = rd_loc(r, name, line);
	if (!lx_eat(l, "="))
		return 0;
	if (init_value(r, l, &v, &loc) != 0)
		return -1;
	if (loc >= 0)
		return rd_fail(r, line,
			       "location %s holds the address of %s: pointer values in memory "
			       "are not supported",
			       name, r->t->locs[loc].name);
	r->t->locs[i].init = v;
	return 0;
}

/* One item, up to (not including) its ';'. */
static int init_item(struct rd *r, struct lx *l)
{
	char name[RD_NAME];
	int line = l->line, thread, k;
	for (;;) {
		while (lx_eat(l, "*"))
			;
		k = lx_threadreg(l, &thread, name, sizeof name);
		if (k < 0)
			return rd_fail(r, line, "a name of more than %d characters", RD_NAME - 1);
		if (k > 0)
			return add_reginit(r, thread, name, line, l);
		k = lx_ident(l, name, sizeof name);
		if (k < 0)
			return rd_fail(r, line, "a name of more than %d characters", RD_NAME - 1);
		if (k == 0)
			return rd_fail(r, line,
				       "expected a register (0:X1) or a location in the "
				       "initial state");
		if (!is_type_word(name) && lx_peek(l) != '*')
			return set_loc(r, name, line, l);
		/* a type word, or a type name followed by '*': the name comes next */
	}
}

int rd_init(struct rd *r, struct lx *l)
{
	if (!lx_eat(l, "{"))
		return rd_fail(r, l->line, "expected '{' (the initial state)");
	for (;;) {
		int c = lx_peek(l);
		if (c == 0)
			return rd_fail(r, l->line, "the initial state has no closing '}'");
		if (lx_eat(l, "}"))
			return 0;
		if (lx_eat(l, ";"))
			continue;
		if (init_item(r, l) != 0)
			return -1;
		c = lx_peek(l);
		if (c != ';' && c != '}')
			return rd_fail(r, l->line,
				       "expected ';' or '}' after an item of the initial "
				       "state");
	}
}
