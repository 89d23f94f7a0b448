/*
 * pred.c - parsers for evidence and outcome predicates (see pred.h).
 */
#include "pred.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const count_fns[] = { "loads", "stores", "rmw", "loads_in_loop",
					 "stores_in_loop", "min_width", "max_width",
					 "accesses", NULL };

struct lex {
	const char *s, *p;
	char *err;
	size_t errlen;
	const struct pred_names *names;
	int failed;
};

static void skip(struct lex *l)
{
	while (isspace((unsigned char)*l->p))
		l->p++;
}

static int fail(struct lex *l, const char *msg, const char *what)
{
	if (!l->failed)
		snprintf(l->err, l->errlen, "%s%s%s (column %d)", msg, what ? " " : "",
			 what ? what : "", (int)(l->p - l->s) + 1);
	l->failed = 1;
	return -1;
}

static int ident(struct lex *l, char *out, size_t n)
{
	skip(l);
	size_t k = 0;
	if (!isalpha((unsigned char)*l->p) && *l->p != '_')
		return 0;
	while (isalnum((unsigned char)*l->p) || *l->p == '_') {
		if (k + 1 < n)
			out[k++] = *l->p;
		l->p++;
	}
	out[k] = '\0';
	return 1;
}

static int accept(struct lex *l, const char *tok)
{
	skip(l);
	if (strncmp(l->p, tok, strlen(tok)) == 0) {
		l->p += strlen(tok);
		return 1;
	}
	return 0;
}

static int known(const char *const *list, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

static int cmp_op(struct lex *l, char op[3])
{
	static const char *const ops[] = { "==", "!=", "<=", ">=", "<", ">", NULL };
	skip(l);
	for (int i = 0; ops[i]; i++)
		if (accept(l, ops[i])) {
			snprintf(op, 3, "%s", ops[i]);
			return 1;
		}
	return 0;
}

/* ---- evidence ---------------------------------------------------------------------------- */

static int ev_term(struct lex *l, struct ev_term *t)
{
	memset(t, 0, sizeof *t);
	skip(l);
	if (isdigit((unsigned char)*l->p)) {
		char *end;
		t->value = strtol(l->p, &end, 0);
		l->p = end;
		return 0;
	}
	char name[64];
	if (!ident(l, name, sizeof name))
		return fail(l, "expected a count or an integer", NULL);
	if (!known(count_fns, (int)(sizeof count_fns / sizeof count_fns[0]) - 1, name))
		return fail(l, "unknown count function", name);
	t->is_count = 1;
	snprintf(t->fn, sizeof t->fn, "%s", name);
	if (!accept(l, "("))
		return fail(l, "expected '(' after", name);
	if (!ident(l, t->thread, sizeof t->thread))
		return fail(l, "expected a thread name", NULL);
	if (!known(l->names->threads, l->names->nthreads, t->thread))
		return fail(l, "unknown thread", t->thread);
	if (!accept(l, ","))
		return fail(l, "expected ','", NULL);
	if (!ident(l, t->var, sizeof t->var))
		return fail(l, "expected a shared variable name", NULL);
	if (!known(l->names->vars, l->names->nvars, t->var))
		return fail(l, "unknown shared variable", t->var);
	if (!accept(l, ")"))
		return fail(l, "expected ')'", NULL);
	return 0;
}

int ev_parse(const char *s, const struct pred_names *names, struct ev_pred *p, char *err,
	     size_t errlen)
{
	struct lex l = { s, s, err, errlen, names, 0 };
	memset(p, 0, sizeof *p);
	do {
		if (p->n == EV_MAX_CMP)
			return fail(&l, "too many comparisons", NULL);
		struct ev_cmp *c = &p->c[p->n++];
		if (ev_term(&l, &c->l) < 0)
			return -1;
		if (!cmp_op(&l, c->op))
			return fail(&l, "expected a comparison (== != < <= > >=)", NULL);
		if (ev_term(&l, &c->r) < 0)
			return -1;
		if (!c->l.is_count && !c->r.is_count)
			return fail(&l, "a comparison needs a count", NULL);
	} while (accept(&l, "&&"));
	skip(&l);
	if (*l.p)
		return fail(&l, "unexpected", l.p);
	return 0;
}

static long term_value(const struct ev_term *t, ev_count_fn count, void *ctx)
{
	return t->is_count ? count(ctx, t->fn, t->thread, t->var) : t->value;
}

int ev_eval(const struct ev_pred *p, ev_count_fn count, void *ctx)
{
	for (int i = 0; i < p->n; i++) {
		long a = term_value(&p->c[i].l, count, ctx), b = term_value(&p->c[i].r, count, ctx);
		const char *op = p->c[i].op;
		int ok = strcmp(op, "==") == 0 ? a == b : strcmp(op, "!=") == 0 ? a != b :
			 strcmp(op, "<=") == 0 ? a <= b : strcmp(op, ">=") == 0 ? a >= b :
			 strcmp(op, "<") == 0  ? a < b  : a > b;
		if (!ok)
			return 0;
	}
	return 1;
}

/* ---- outcome predicates: or := and ('||' and)* ; and := unary ('&&' unary)* ;
 *      unary := '!' unary | cmp ; cmp := primary (op primary)? ;
 *      primary := int | name | hang(t) | crash | crash(t) | done | '(' or ')' --------------- */

static int o_or(struct lex *l);

static int o_primary(struct lex *l)
{
	skip(l);
	if (accept(l, "(")) {
		if (o_or(l) < 0)
			return -1;
		return accept(l, ")") ? 0 : fail(l, "expected ')'", NULL);
	}
	if (*l->p == '-' || isdigit((unsigned char)*l->p)) {
		char *end;
		strtol(l->p, &end, 0);
		if (end == l->p)
			return fail(l, "expected an integer", NULL);
		l->p = end;
		return 0;
	}
	char name[64];
	if (!ident(l, name, sizeof name))
		return fail(l, "expected a name, an integer or '('", NULL);
	if (strcmp(name, "hang") == 0 || strcmp(name, "crash") == 0) {
		if (!accept(l, "(")) {
			if (strcmp(name, "hang") == 0)
				return fail(l, "hang needs a thread: hang(t1)", NULL);
			return 0;
		}
		char t[64];
		if (!ident(l, t, sizeof t))
			return fail(l, "expected a thread name", NULL);
		if (!known(l->names->threads, l->names->nthreads, t))
			return fail(l, "unknown thread", t);
		return accept(l, ")") ? 0 : fail(l, "expected ')'", NULL);
	}
	if (strcmp(name, "done") == 0)
		return 0;
	if (!known(l->names->vars, l->names->nvars, name))
		return fail(l, "unknown outcome variable", name);
	return 0;
}

static int o_cmp(struct lex *l)
{
	if (o_primary(l) < 0)
		return -1;
	char op[3];
	const char *save = l->p;
	if (cmp_op(l, op))
		return o_primary(l);
	l->p = save;
	return 0;
}

static int o_unary(struct lex *l)
{
	skip(l);
	if (*l->p == '!' && l->p[1] != '=') {
		l->p++;
		return o_unary(l);
	}
	return o_cmp(l);
}

static int o_and(struct lex *l)
{
	if (o_unary(l) < 0)
		return -1;
	while (accept(l, "&&"))
		if (o_unary(l) < 0)
			return -1;
	return 0;
}

static int o_or(struct lex *l)
{
	if (o_and(l) < 0)
		return -1;
	while (accept(l, "||"))
		if (o_and(l) < 0)
			return -1;
	return 0;
}

int outcome_check(const char *s, const struct pred_names *names, char *err, size_t errlen)
{
	struct lex l = { s, s, err, errlen, names, 0 };
	if (o_or(&l) < 0)
		return -1;
	skip(&l);
	if (*l.p)
		return fail(&l, "unexpected", l.p);
	return 0;
}
