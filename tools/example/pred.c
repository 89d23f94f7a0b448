/*
 * pred.c - parser of the predicate language into trees, and their evaluation (see example.h).
 */
#include "example.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"

#define PRED_MAX_DEPTH 64
#define PRED_MAX_INT 9007199254740991LL /* 2^53 - 1: exact in the explorer's JavaScript numbers */
#define PRED_NAME_MAX 64

const char *const pred_count_fns[] = {
	"loads",       "stores",     "rmw",	 "loads_in_loop", "stores_in_loop",
	"min_width",   "max_width",  "accesses", "first_load",	  "last_load",
	"first_store", "last_store", NULL
};

const char *const pred_flow_fns[] = { "loads_to", "first_load_to", "last_load_to", "stale_loads_to",
				      NULL };

const char *const pred_order_fns[] = { "stored_before", "loaded_before", NULL };

static int fn_in(const char *const *list, const char *fn)
{
	for (int i = 0; list[i]; i++)
		if (!strcmp(list[i], fn))
			return 1;
	return 0;
}

struct parser {
	const char *s, *p;
	enum pred_lang lang;
	const struct pred_names *names;
	char *err;
	size_t errlen;
	int depth;
	int counts; /* count atoms seen (an evidence predicate needs one) */
};

static json_t *fail(struct parser *ps, const char *fmt, const char *what)
{
	char msg[200];
	fmt_msg(msg, sizeof msg, fmt, what ? what : "");
	fmt_msg(ps->err, ps->errlen, "%s (column %d)", msg, (int)(ps->p - ps->s) + 1);
	return NULL;
}

static void skip(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static int accept(struct parser *ps, const char *tok)
{
	skip(ps);
	size_t n = strlen(tok);
	if (strncmp(ps->p, tok, n) != 0)
		return 0;
	/* "<" must not take the first half of "<=", nor "!" of "!=", nor "&" of "&&" */
	if (n == 1 && strchr("<>!=", tok[0]) && ps->p[1] == '=')
		return 0;
	ps->p += n;
	return 1;
}

/* An identifier into out (at most PRED_NAME_MAX - 1 characters); 0 if there is none. */
static int ident(struct parser *ps, char out[PRED_NAME_MAX])
{
	skip(ps);
	const char *b = ps->p;
	if (!isalpha((unsigned char)*b) && *b != '_')
		return 0;
	while (isalnum((unsigned char)*ps->p) || *ps->p == '_')
		ps->p++;
	size_t n = (size_t)(ps->p - b);
	if (n >= PRED_NAME_MAX) {
		ps->p = b;
		return -1;
	}
	memcpy(out, b, n);
	out[n] = '\0';
	return 1;
}

static int listed(const char *const *list, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

static json_t *node(const char *op, json_t *a, json_t *b)
{
	if (!a || (b == NULL && strcmp(op, "!") && strcmp(op, "neg")))
		return json_decref(a), json_decref(b), NULL;
	json_t *args = b ? json_pack("[o, o]", a, b) : json_pack("[o]", a);
	return json_pack("{s:s, s:o}", "op", op, "args", args);
}

static json_t *integer(struct parser *ps)
{
	const char *b = ps->p;
	long long v = 0;
	int hex = b[0] == '0' && (b[1] == 'x' || b[1] == 'X');
	if (hex) {
		ps->p += 2;
		if (!isxdigit((unsigned char)*ps->p))
			return fail(ps, "expected hex digits after 0x", NULL);
	} else if (b[0] == '0' && isdigit((unsigned char)b[1])) {
		return fail(ps, "no octal: write a decimal or 0x integer", NULL);
	}
	for (; hex ? isxdigit((unsigned char)*ps->p) : isdigit((unsigned char)*ps->p); ps->p++) {
		int d = isdigit((unsigned char)*ps->p) ? *ps->p - '0' : tolower(*ps->p) - 'a' + 10;
		if (v > (PRED_MAX_INT - d) / (hex ? 16 : 10)) {
			ps->p = b;
			return fail(ps, "integer larger than 2^53 - 1", NULL);
		}
		v = v * (hex ? 16 : 10) + d;
	}
	if (isalnum((unsigned char)*ps->p) || *ps->p == '_')
		return fail(ps, "bad integer", NULL);
	return json_pack("{s:s, s:I}", "op", "int", "value", (json_int_t)v);
}

/* A name that must be one of list (what: "thread", "shared variable"): 0 with it in out, or -1. */
static int listed_name(struct parser *ps, const char *const *list, int n, char out[PRED_NAME_MAX],
		       const char *what)
{
	char msg[80];
	if (ident(ps, out) != 1) {
		xsnprintf(msg, sizeof msg, "expected a %s name", what);
		fail(ps, "%s", msg);
		return -1;
	}
	if (!listed(list, n, out)) {
		ps->p -= strlen(out);
		xsnprintf(msg, sizeof msg, "unknown %s %%s", what);
		fail(ps, msg, out);
		return -1;
	}
	return 0;
}

static json_t *thread_arg(struct parser *ps, const char *fn, int crash)
{
	char t[PRED_NAME_MAX];
	if (!accept(ps, "("))
		return fail(ps, "expected '(' after %s", fn);
	const char *save = ps->p;
	if (crash && ident(ps, t) == 1 && (!strcmp(t, "check") || !strcmp(t, "init"))) {
		int ok = t[0] == 'c' ? ps->names->has_check : ps->names->has_init;
		if (!ok) {
			ps->p -= strlen(t);
			return fail(ps,
				    t[0] == 'c' ? "crash(check) needs a CHECK() in the example" :
						  "crash(init) needs an INIT() in the example",
				    NULL);
		}
	} else {
		ps->p = save;
		if (listed_name(ps, ps->names->threads, ps->names->nthreads, t, "thread") < 0)
			return NULL;
	}
	if (!accept(ps, ")"))
		return fail(ps, "expected ')'", NULL);
	return json_string(t);
}

static json_t *count_atom(struct parser *ps, const char *fn)
{
	char t[PRED_NAME_MAX], v[PRED_NAME_MAX];
	int flow = fn_in(pred_flow_fns, fn), order = fn_in(pred_order_fns, fn);
	if (!fn_in(pred_count_fns, fn) && !flow && !order) {
		ps->p -= strlen(fn);
		return fail(ps, "unknown count function %s", fn);
	}
	if (!accept(ps, "("))
		return fail(ps, "expected '(' after %s", fn);
	if (listed_name(ps, ps->names->threads, ps->names->nthreads, t, "thread") < 0)
		return NULL;
	if (!accept(ps, ","))
		return fail(ps, "expected ','", NULL);
	if (listed_name(ps, ps->names->vars, ps->names->nvars, v, "shared variable") < 0)
		return NULL;
	char arg[PRED_NAME_MAX] = "";
	if (flow || order) {
		if (!accept(ps, ","))
			return fail(ps,
				    flow ? "expected ',' and a use (deref, branch or a variable)" :
					   "expected ',' and a second shared variable",
				    NULL);
		if (order &&
		    listed_name(ps, ps->names->vars, ps->names->nvars, arg, "shared variable") < 0)
			return NULL;
		if (flow && ident(ps, arg) != 1)
			return fail(ps, "expected a use: deref, branch or a variable", NULL);
		if (flow && strcmp(arg, "deref") && strcmp(arg, "branch") &&
		    !listed(ps->names->vars, ps->names->nvars, arg) &&
		    !listed(ps->names->observed, ps->names->nobserved, arg)) {
			ps->p -= strlen(arg);
			return fail(
				ps,
				"unknown use %s: deref, branch or a SHARED or OBSERVED variable",
				arg);
		}
	}
	if (!accept(ps, ")"))
		return fail(ps, "expected ')'", NULL);
	ps->counts++;
	json_t *a =
		json_pack("{s:s, s:s, s:s, s:s}", "op", "count", "fn", fn, "thread", t, "var", v);
	if (arg[0])
		json_object_set_new(a, "arg", json_string(arg));
	return a;
}

static json_t *outcome_atom(struct parser *ps, const char *name)
{
	if (!strcmp(name, "done"))
		return json_pack("{s:s}", "op", "done");
	if (!strcmp(name, "hang") || !strcmp(name, "crash")) {
		int crash = name[0] == 'c';
		skip(ps);
		if (crash && *ps->p != '(')
			return json_pack("{s:s}", "op", "crash");
		if (!crash && *ps->p != '(')
			return fail(ps, "hang needs a thread: hang(t1)", NULL);
		json_t *t = thread_arg(ps, name, crash);
		return t ? json_pack("{s:s, s:o}", "op", name, "thread", t) : NULL;
	}
	if (!listed(ps->names->vars, ps->names->nvars, name)) {
		ps->p -= strlen(name);
		return fail(ps, "unknown outcome variable %s", name);
	}
	return json_pack("{s:s, s:s}", "op", "var", "name", name);
}

static json_t *expr(struct parser *ps);

static json_t *primary(struct parser *ps)
{
	skip(ps);
	if (isdigit((unsigned char)*ps->p))
		return integer(ps);
	if (accept(ps, "(")) {
		json_t *e = expr(ps);
		if (e && !accept(ps, ")")) {
			json_decref(e);
			return fail(ps, "expected ')'", NULL);
		}
		return e;
	}
	char name[PRED_NAME_MAX];
	int r = ident(ps, name);
	if (r < 0)
		return fail(ps, "name too long", NULL);
	if (r == 0)
		return fail(ps,
			    *ps->p ? "expected a name, an integer or '('" :
				     "the predicate ends too early",
			    NULL);
	return ps->lang == PRED_EVIDENCE ? count_atom(ps, name) : outcome_atom(ps, name);
}

static json_t *unary(struct parser *ps)
{
	if (++ps->depth > PRED_MAX_DEPTH)
		return fail(ps, "nested too deeply", NULL);
	json_t *r;
	if (accept(ps, "!"))
		r = node("!", unary(ps), NULL);
	else if (accept(ps, "-"))
		r = node("neg", unary(ps), NULL);
	else
		r = primary(ps);
	ps->depth--;
	return r;
}

static json_t *sum(struct parser *ps)
{
	json_t *l = unary(ps);
	while (l) {
		if (accept(ps, "+"))
			l = node("+", l, unary(ps));
		else if (accept(ps, "-"))
			l = node("-", l, unary(ps));
		else
			break;
	}
	return l;
}

static const char *const cmp_ops[] = { "==", "!=", "<=", ">=", "<", ">", NULL };

static const char *cmp_op(struct parser *ps)
{
	for (int i = 0; cmp_ops[i]; i++)
		if (accept(ps, cmp_ops[i]))
			return cmp_ops[i];
	return NULL;
}

static json_t *cmp(struct parser *ps)
{
	json_t *l = sum(ps);
	const char *op = l ? cmp_op(ps) : NULL;
	if (!op)
		return l;
	l = node(op, l, sum(ps));
	if (l && cmp_op(ps)) {
		json_decref(l);
		return fail(ps, "one comparison at a time: use parentheses and && (a < b && b < c)",
			    NULL);
	}
	return l;
}

static json_t *and_(struct parser *ps)
{
	json_t *l = cmp(ps);
	while (l && accept(ps, "&&"))
		l = node("&&", l, cmp(ps));
	return l;
}

static json_t *expr(struct parser *ps)
{
	if (++ps->depth > PRED_MAX_DEPTH)
		return fail(ps, "nested too deeply", NULL);
	json_t *l = and_(ps);
	while (l && accept(ps, "||"))
		l = node("||", l, and_(ps));
	ps->depth--;
	return l;
}

json_t *pred_parse(const char *s, enum pred_lang lang, const struct pred_names *names, char *err,
		   size_t errlen)
{
	struct parser ps = { s, s, lang, names, err, errlen, 0, 0 };
	json_t *t = expr(&ps);
	if (!t)
		return NULL;
	skip(&ps);
	if (*ps.p) {
		json_decref(t);
		return fail(&ps, "unexpected '%s'", ps.p);
	}
	if (lang == PRED_EVIDENCE && ps.counts == 0) {
		json_decref(t);
		ps.p = s;
		return fail(&ps, "an evidence predicate counts something: loads(t1, x) == 1", NULL);
	}
	return t;
}

long long pred_eval(const json_t *t, pred_atom_fn atom, void *ctx)
{
	const char *op = json_string_value(json_object_get(t, "op"));
	json_t *args = json_object_get(t, "args");
	if (!op)
		return 0;
	if (!args)
		return strcmp(op, "int") == 0 ? json_integer_value(json_object_get(t, "value")) :
						atom(ctx, t);
	long long a = pred_eval(json_array_get(args, 0), atom, ctx);
	if (!strcmp(op, "!"))
		return !a;
	if (!strcmp(op, "neg"))
		return -a;
	if (!strcmp(op, "&&"))
		return a && pred_eval(json_array_get(args, 1), atom, ctx);
	if (!strcmp(op, "||"))
		return a || pred_eval(json_array_get(args, 1), atom, ctx);
	long long b = pred_eval(json_array_get(args, 1), atom, ctx);
	switch (op[0]) {
	case '+': return a + b;
	case '-': return a - b;
	case '=': return a == b;
	case '!': return a != b;
	case '<': return op[1] ? a <= b : a < b;
	case '>': return op[1] ? a >= b : a > b;
	}
	return 0;
}
