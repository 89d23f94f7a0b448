/*
 * init.c - C types as herd7's C dialect writes them (int, long, unsigned, intptr_t, atomic_t,
 * spinlock_t, struct srcu_struct, with volatile/const and pointer stars), the shared locations
 * they declare, and the initial state: "int x = 1;", "y = z;" and "int *y = &z;" (y holds z's
 * address), casts, ATOMIC_INIT(n), and registers' initial values "0:r1 = 2;" (see litmus.h).
 */
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "parser.h"

/* Names of integer types: every one is a 32-bit int in the model (as herd's are values). */
static const char *const int_words[] = { "int",	    "long",	"unsigned", "signed",
					 "char",    "short",	"intptr_t", "uintptr_t",
					 "int32_t", "uint32_t", NULL };

static int word_in(const char *w, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (!strcmp(w, list[i]))
			return 1;
	return 0;
}

int parser_type_start(const struct parser *p)
{
	static const char *const others[] = { "volatile",   "const",  "atomic_t",
					      "spinlock_t", "struct", NULL };
	return p->tok.kind == T_IDENT &&
	       (word_in(p->tok.text, int_words) || word_in(p->tok.text, others));
}

/* One type name (words of int_words in any number, atomic_t, spinlock_t, struct srcu_struct). */
static void base_type(struct parser *p, struct parser_ctype *ct)
{
	int line = p->tok.line;
	char name[LIT_NAME];
	if (p->tok.kind == T_IDENT && word_in(p->tok.text, int_words)) {
		while (p->tok.kind == T_IDENT && word_in(p->tok.text, int_words))
			parser_advance(p);
		return;
	}
	parser_take_ident(p, name, "a type");
	if (!strcmp(name, "atomic_t")) {
		ct->atomic = 1;
	} else if (!strcmp(name, "spinlock_t")) {
		ct->type = LT_SPINLOCK;
	} else if (!strcmp(name, "struct")) {
		parser_take_ident(p, name, "a struct name");
		if (strcmp(name, "srcu_struct"))
			parser_error(p, LIT_UNSUPPORTED, line,
				     "type 'struct %s' is not supported (struct srcu_struct)",
				     name);
		ct->type = LT_SRCU;
	} else {
		parser_error(
			p, LIT_UNSUPPORTED, line,
			"type '%s' is not supported (int and the other integer types, atomic_t, "
			"spinlock_t, struct srcu_struct)",
			name);
	}
}

static void qualifiers(struct parser *p)
{
	while (parser_is_ident(p, "volatile") || parser_is_ident(p, "const"))
		parser_advance(p);
}

void parser_read_ctype(struct parser *p, struct parser_ctype *ct)
{
	memset(ct, 0, sizeof *ct);
	ct->type = LT_INT;
	qualifiers(p);
	base_type(p, ct);
	qualifiers(p);
	while (parser_accept_punct(p, "*")) {
		ct->stars++;
		qualifiers(p);
	}
}

int parser_declare_loc(struct parser *p, const char *name, enum lit_type type, int line)
{
	struct lit_test *t = p->t;
	int i = lit_find_loc(t, name);
	if (i >= 0) {
		if (t->locs[i].type != type)
			parser_error(p, LIT_BAD, line, "'%s' is declared with two types (line %d)",
				     name, t->locs[i].line);
		return i;
	}
	if (t->nlocs == LIT_MAX_LOCS)
		parser_error(p, LIT_UNSUPPORTED, line, "more than %d shared locations",
			     LIT_MAX_LOCS);
	struct lit_loc *l = &t->locs[t->nlocs];
	xsnprintf(l->name, sizeof l->name, "%s", name);
	l->type = type;
	l->line = line;
	return t->nlocs++;
}

/* "(int *)", "(intptr_t)", ... before a value: skipped (a cast changes no value here). */
void parser_skip_casts(struct parser *p)
{
	while (parser_is_punct(p, "(")) {
		struct lex save = p->lex;
		struct tok tok = p->tok;
		parser_advance(p);
		if (!parser_type_start(p)) { /* a parenthesis, not a cast: back to it */
			p->lex = save;
			p->tok = tok;
			return;
		}
		struct parser_ctype ct;
		parser_read_ctype(p, &ct);
		parser_expect_punct(p, ")", "to close the cast");
	}
}

/* An initial value: an integer, a location's address (z, &z), ATOMIC_INIT(n), after casts. */
static int32_t init_value(struct parser *p)
{
	parser_skip_casts(p);
	int line = p->tok.line;
	int amp = parser_accept_punct(p, "&");
	if (p->tok.kind == T_IDENT && !amp && parser_is_ident(p, "ATOMIC_INIT")) {
		parser_advance(p);
		parser_expect_punct(p, "(", "after ATOMIC_INIT");
		int32_t v = parser_take_int(p, "initial value");
		parser_expect_punct(p, ")", "to close ATOMIC_INIT");
		return v;
	}
	if (p->tok.kind == T_IDENT || amp) {
		char name[LIT_NAME];
		parser_take_ident(p, name, "a location after '&'");
		parser_mark_ptr(p, line);
		return LIT_PTR(parser_declare_loc(p, name, LT_INT, line));
	}
	return parser_take_int(p, "initial value");
}

/* "0:r1 = 2;" (the thread number is the current token) */
static void reg_init(struct parser *p)
{
	struct lit_test *t = p->t;
	struct lit_reg_init *ri = &t->reg_inits[t->nreg_inits];
	ri->line = p->tok.line;
	if (p->tok.num >= LIT_MAX_THREADS)
		parser_error(p, LIT_BAD, ri->line, "%s: there is no thread P%s", p->tok.text,
			     p->tok.text);
	if (t->nreg_inits == LIT_MAX_REGS)
		parser_error(p, LIT_UNSUPPORTED, ri->line, "more than %d initial register values",
			     LIT_MAX_REGS);
	ri->thread = (int)p->tok.num;
	parser_advance(p);
	parser_expect_punct(p, ":", "after a thread number");
	parser_take_ident(p, ri->name, "a register name");
	parser_expect_punct(p, "=", "after a register");
	ri->value = init_value(p);
	for (int i = 0; i < t->nreg_inits; i++)
		if (t->reg_inits[i].thread == ri->thread && !strcmp(t->reg_inits[i].name, ri->name))
			parser_error(p, LIT_BAD, ri->line, "%d:%s is initialised twice (line %d)",
				     ri->thread, ri->name, t->reg_inits[i].line);
	t->nreg_inits++;
	parser_expect_punct(p, ";", "after an initial value");
}

static void init_item(struct parser *p)
{
	if (p->tok.kind == T_NUM)
		return reg_init(p);
	int typed = parser_type_start(p);
	struct parser_ctype ct = { .type = LT_INT };
	if (typed)
		parser_read_ctype(p, &ct);
	for (;;) {
		int line = p->tok.line, stars = ct.stars;
		while (parser_accept_punct(p, "*"))
			stars++;
		char name[LIT_NAME];
		parser_take_ident(p, name, "a location name");
		int i = lit_find_loc(p->t, name);
		if (typed || i < 0)
			i = parser_declare_loc(p, name, ct.type, line);
		p->t->locs[i].atomic |= ct.atomic;
		if (stars > 0)
			parser_mark_ptr(p, line);
		if (parser_accept_punct(p, "=")) {
			if (p->t->locs[i].type != LT_INT)
				parser_error(p, LIT_UNSUPPORTED, line, "a %s cannot be initialised",
					     p->t->locs[i].type == LT_SPINLOCK ? "spinlock_t" :
										 "srcu_struct");
			p->t->locs[i].init = init_value(p);
		}
		if (!typed || !parser_accept_punct(p, ","))
			break;
	}
	parser_expect_punct(p, ";", "after an initial value");
}

void parser_init_state(struct parser *p)
{
	parser_expect_punct(p, "{", "to open the initial state");
	while (!parser_accept_punct(p, "}")) {
		if (p->tok.kind == T_EOF)
			parser_error(p, LIT_BAD, p->tok.line, "unterminated initial state");
		init_item(p);
	}
}
