/*
 * meta.c - the example format's parser and validator (see example.h and examples/README.md).
 */
#include "example.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "schedule.h"

json_t *split_words(const char *s)
{
	json_t *a = json_array();
	while (*s) {
		s += strspn(s, " \t");
		size_t l = strcspn(s, " \t");
		if (l)
			json_array_append_new(a, json_stringn(s, l));
		s += l;
	}
	return a;
}

const char *const meta_variant_names[] = { "plain", "fixed", "transformed", "student", NULL };

/* every explorer's limit (tools/lib/schedule.h: a thread is one digit of a schedule) */
#define META_MAX_THREADS SCHED_MAX_THREADS

struct parse {
	const char *path;
	char *err;
	size_t errlen;
	char **lines; /* the file, one string per line, without its end of line */
	int nlines;
	json_t *block; /* [{line, key, value}] */
	int block_end; /* line of the closing */
	json_t *threads, *variants, *outcome, *shared, *observed, *cflags, *evon;
	json_t *hex;	      /* hex: the variables the explorer shows in hexadecimal, or NULL */
	json_t *cells;	      /* cells: the cells the example is compiled on (patterns), or NULL */
	json_t *functions;    /* {name: {first, last}}: THREAD(), INIT() (course_init), CHECK() */
	json_t *expect_tso;   /* {variant: [predicate]}: the expect-tso.<variant> lines */
	json_t *expect_armv8; /* the expect-armv8.<variant> lines (the AArch64 cells, tools/native) */
	int line_of[16];      /* line of each plain key, 0 if absent */
	int has_init, has_check;
	json_t *goal;	  /* {variant, model "sc", line, text, expr, tree} or NULL */
	json_t *goal_tso; /* the same with model "tso" (goal-tso.<variant>), or NULL */
};

static int fail(struct parse *p, int line, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vfmt_msg(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fmt_msg(p->err, p->errlen, "%s:%d: %s", p->path, line, msg);
	return -1;
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int in_array(const json_t *a, const char *s)
{
	size_t i;
	json_t *v;
	json_array_foreach(a, i, v)
		if (strcmp(json_string_value(v), s) == 0)
			return 1;
	return 0;
}

static int known_variant(const char *v)
{
	for (int i = 0; meta_variant_names[i]; i++)
		if (strcmp(meta_variant_names[i], v) == 0)
			return 1;
	return 0;
}

int meta_single(const json_t *meta)
{
	return json_array_size(json_object_get(meta, "variants")) == 1;
}

int meta_patterns_match(const json_t *patterns, const char *cell)
{
	size_t i;
	json_t *p;
	json_array_foreach(patterns, i, p)
		if (conf_pattern_match(json_string_value(p), cell))
			return 1;
	return 0;
}

int meta_has_cell(const json_t *meta, const char *cell)
{
	return meta_patterns_match(json_object_get(meta, "cells"), cell);
}

/* ---- the file and its block --------------------------------------------------------------- */

static int split_lines(struct parse *p, char *text)
{
	int cap = 64;
	p->lines = malloc(sizeof *p->lines * (size_t)cap);
	for (char *s = text; p->lines && *s;) {
		if (p->nlines == cap) {
			char **nl = realloc(p->lines, sizeof *p->lines * (size_t)(cap *= 2));
			if (!nl)
				return -1;
			p->lines = nl;
		}
		p->lines[p->nlines++] = s;
		char *e = strchr(s, '\n');
		if (!e)
			break;
		*e = '\0';
		if (e > s && e[-1] == '\r')
			e[-1] = '\0';
		s = e + 1;
	}
	return p->lines ? 0 : -1;
}

/* Finds the block (after blank or one-line comment lines) and records its key: value lines. */
static int read_block(struct parse *p)
{
	int i = 0;
	for (; i < p->nlines; i++) {
		const char *s = p->lines[i] + strspn(p->lines[i], " \t");
		if (!*s)
			continue;
		if (starts(s, "/*@example") && !s[10 + strspn(s + 10, " \t\r\v\f")])
			break;
		size_t l = strlen(s);
		if (!starts(s, "/*") || l < 4 || strcmp(s + l - 2, "*/") != 0 || starts(s, "/*@"))
			return fail(p, i + 1,
				    "the file must start with a /*@example block (only one-line "
				    "comments before it)");
	}
	if (i == p->nlines)
		return fail(p, 1, "the file must start with a /*@example block");
	for (i++; i < p->nlines; i++) {
		char *s = str_trim(p->lines[i]);
		if (starts(s, "*/")) {
			p->block_end = i + 1;
			return 0;
		}
		if (*s == '*')
			s = str_trim(s + 1);
		if (!*s)
			continue;
		char *colon = strchr(s, ':');
		if (!colon)
			return fail(p, i + 1, "expected 'key: value', got '%s'", s);
		*colon = '\0';
		char *key = str_trim(s), *val = str_trim(colon + 1);
		if (strstr(val, "*/"))
			return fail(p, i + 1, "'*/' ends the block: put it on a line of its own");
		json_array_append_new(p->block, json_pack("{s:i, s:s, s:s}", "line", i + 1, "key",
							  key, "value", val));
	}
	return fail(p, p->nlines, "unterminated /*@example block");
}

/* ---- plain keys --------------------------------------------------------------------------- */

enum {
	K_TITLE,
	K_PAGE,
	K_SHOWS,
	K_THREADS,
	K_VARIANTS,
	K_OUTCOME,
	K_CFLAGS,
	K_EVON,
	K_TRANSF,
	K_HEX,
	K_CELLS,
	K_N
};
static const char *const plain_keys[] = { "title",	    "page",    "shows",	 "threads",
					  "variants",	    "outcome", "cflags", "evidence-on",
					  "transformation", "hex",     "cells",	 NULL };
static const char *const variant_keys[] = { "cflags",	  "evidence",	  "expect",
					    "expect-tso", "expect-armv8", "quiz",
					    "goal",	  "goal-tso",	  NULL };

static int check_variants(struct parse *p, int line)
{
	size_t n = json_array_size(p->variants), i;
	json_t *v;
	json_array_foreach(p->variants, i, v) {
		const char *name = json_string_value(v);
		if (!known_variant(name))
			return fail(p, line,
				    "bad variant '%s' (plain, fixed, transformed, student)", name);
		for (size_t k = 0; k < i; k++)
			if (!strcmp(json_string_value(json_array_get(p->variants, k)), name))
				return fail(p, line, "variant '%s' listed twice", name);
	}
	int course = n >= 2 && n <= 3 && in_array(p->variants, "plain") &&
		     in_array(p->variants, "fixed") && !in_array(p->variants, "student");
	if (n != 1 && !course)
		return fail(p, line,
			    "'variants' is 'plain fixed', 'plain fixed transformed' or one "
			    "variant (a single-variant example)");
	return 0;
}

static int plain_key(struct parse *p, int k, int line, const char *val, const struct conf *conf)
{
	if (p->line_of[k])
		return fail(p, line, "duplicate key '%s'", plain_keys[k]);
	p->line_of[k] = line;
	if (!*val && k != K_CFLAGS)
		return fail(p, line, "empty value for '%s'", plain_keys[k]);
	size_t i, n;
	json_t *w;
	switch (k) {
	case K_THREADS:
		p->threads = split_words(val);
		n = json_array_size(p->threads);
		if (n < 1 || n > META_MAX_THREADS)
			return fail(p, line, "'threads' needs 1 to %d names", META_MAX_THREADS);
		json_array_foreach(p->threads, i, w)
			for (size_t j = 0; j < i; j++)
				if (!strcmp(json_string_value(w),
					    json_string_value(json_array_get(p->threads, j))))
					return fail(p, line, "thread '%s' listed twice",
						    json_string_value(w));
		return 0;
	case K_VARIANTS: p->variants = split_words(val); return check_variants(p, line);
	case K_OUTCOME:
		p->outcome = split_words(val);
		json_array_foreach(p->outcome, i, w) {
			const char *s = json_string_value(w);
			if (!strcmp(s, "done") || !strcmp(s, "hang") || !strcmp(s, "crash"))
				return fail(p, line,
					    "'%s' is a word of the predicate language: rename the "
					    "variable",
					    s);
		}
		return 0;
	case K_CFLAGS: json_object_set_new(p->cflags, "all", split_words(val)); return 0;
	case K_TRANSF:
		for (const char *c = val; *c; c++)
			if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-'))
				return fail(
					p, line,
					"'transformation' is the slug of the transformation's page "
					"(load-fusing), not '%s'",
					val);
		return 0;
	case K_HEX:
		/* the names are checked against the variables once the code is read (check_hex) */
		p->hex = split_words(val);
		json_array_foreach(p->hex, i, w)
			for (size_t j = 0; j < i; j++)
				if (!strcmp(json_string_value(w),
					    json_string_value(json_array_get(p->hex, j))))
					return fail(p, line, "hex: '%s' listed twice",
						    json_string_value(w));
		return 0;
	case K_CELLS:
		p->cells = split_words(val);
		json_array_foreach(p->cells, i, w)
			if (conf && !conf_pattern_valid(conf, json_string_value(w)))
				return fail(
					p, line,
					"cells: '%s' matches no compiler/arch/opt of examples/targets.conf",
					json_string_value(w));
		return 0;
	case K_EVON:
		/* "none": the transformation is seen on no cell */
		p->evon = !strcmp(val, "none") ? json_array() : split_words(val);
		json_array_foreach(p->evon, i, w)
			if (conf && !conf_pattern_valid(conf, json_string_value(w)))
				return fail(
					p, line,
					"evidence-on: '%s' matches no compiler/arch/opt of examples/targets.conf",
					json_string_value(w));
		return 0;
	}
	return 0;
}

/* First pass: the keys that do not name a variant, and the names of the per-variant keys. */
static int first_pass(struct parse *p, const struct conf *conf)
{
	size_t i;
	json_t *e;
	json_array_foreach(p->block, i, e) {
		const char *key = json_string_value(json_object_get(e, "key"));
		const char *val = json_string_value(json_object_get(e, "value"));
		int line = (int)json_integer_value(json_object_get(e, "line"));
		int k = 0;
		while (plain_keys[k] && strcmp(plain_keys[k], key))
			k++;
		if (plain_keys[k]) {
			if (plain_key(p, k, line, val, conf) < 0)
				return -1;
			continue;
		}
		const char *dot = strchr(key, '.');
		int base = 0;
		while (dot && variant_keys[base] &&
		       (strncmp(variant_keys[base], key, (size_t)(dot - key)) ||
			variant_keys[base][dot - key]))
			base++;
		if (!dot || !variant_keys[base])
			return fail(p, line, "unknown key '%s'", key);
		if (!known_variant(dot + 1))
			return fail(p, line,
				    "unknown variant '%s' in '%s' (plain, fixed, transformed, "
				    "student)",
				    dot + 1, key);
	}
	for (int k = 0; k <= K_OUTCOME; k++)
		if (!p->line_of[k])
			return fail(p, p->block_end, "missing required key '%s'", plain_keys[k]);
	if (p->line_of[K_TRANSF] && !p->evon)
		return fail(p, p->line_of[K_TRANSF],
			    "'transformation' names what the plain variant's evidence shows: it "
			    "needs 'evidence-on'");
	if (p->evon && json_array_size(p->variants) == 1)
		return fail(p, p->line_of[K_EVON],
			    "'evidence-on' is for a course example's plain "
			    "variant: a single-variant example's evidence "
			    "holds on every cell");
	return 0;
}

/* ---- the code: markers, includes, variant blocks ---------------------------------------- */

/* The size of one of course.h's exact-width integers (int8_t ... uint64_t), else 0. */
static int exact_width(const char *type)
{
	static const char *const names[] = { "int8_t", "int16_t", "int32_t", "int64_t", NULL };
	const char *s = type + (*type == 'u');
	for (int i = 0; names[i]; i++)
		if (!strcmp(s, names[i]))
			return 1 << i;
	return 0;
}

static int type_size(const char *type, int lp64)
{
	if (strchr(type, '*'))
		return lp64 ? 8 : 4;
	if (exact_width(type))
		return exact_width(type);
	const char *s = type;
	if (starts(s, "unsigned "))
		s += 9;
	else if (starts(s, "signed "))
		s += 7;
	if (!strcmp(s, "char") || !strcmp(s, "_Bool") || !strcmp(s, "bool"))
		return 1;
	if (!strcmp(s, "short"))
		return 2;
	if (!strcmp(s, "int") || !strcmp(s, "unsigned") || !strcmp(s, "signed"))
		return 4;
	if (!strcmp(s, "long"))
		return lp64 ? 8 : 4;
	if (!strcmp(s, "long long"))
		return 8;
	return 0;
}

/* SHARED(type, name) and friends: k = 0 STATIC_SHARED, 1 SHARED_INIT, 2 SHARED, 3 OBSERVED. */
static int variable(struct parse *p, int line, int k, const char *args)
{
	const char *comma = strchr(args, ',');
	if (!comma)
		return fail(p, line, "malformed marker: expected (type, name");
	char type[128];
	if ((size_t)(comma - args) >= sizeof type)
		return fail(p, line, "type too long");
	xsnprintf(type, sizeof type, "%.*s", (int)(comma - args), args);
	char *ty = str_trim(type);
	const char *n = comma + 1 + strspn(comma + 1, " \t");
	size_t nl = strcspn(n, ",) \t");
	if (!nl)
		return fail(p, line, "malformed marker: expected (type, name");
	int size = type_size(ty, 0);
	if (!size)
		return fail(p, line, "unsupported type '%s' (use a scalar or a pointer)", ty);
	json_t *v = json_pack("{s:s%, s:s, s:i, s:i, s:b, s:i}", "name", n, nl, "type", ty, "size",
			      size, "size_lp64", type_size(ty, 1), "static", k == 0, "line", line);
	json_array_append_new(k == 3 ? p->observed : p->shared, v);
	return 0;
}

/* A preprocessor line: includes other than course.h are refused everywhere; #if on a variant
 * name only in course examples. */
static int directive(struct parse *p, int line, const char *s, int single)
{
	s += 1 + strspn(s + 1, " \t");
	size_t dl = strspn(s, "abcdefghijklmnopqrstuvwxyz_");
	const char *rest = s + dl + strspn(s + dl, " \t");
	char d[16]; /* the directive's name; one of 16 letters or more is none of those below */
	xsnprintf(d, sizeof d, "%.*s", (int)(dl < 15 ? dl : 15), s);
	if (!strcmp(d, "include") || !strcmp(d, "include_next") || !strcmp(d, "import") ||
	    !strcmp(d, "embed")) {
		if (strcmp(d, "include") || strcmp(rest, "\"course.h\""))
			return fail(p, line, "an example includes \"course.h\" and nothing else");
		return 0;
	}
	if (single && (!strcmp(d, "if") || !strcmp(d, "elif") || !strcmp(d, "ifdef") ||
		       !strcmp(d, "ifndef"))) {
		static const char *const names[] = { "PLAIN", "FIXED", "TRANSFORMED", NULL };
		for (int i = 0; names[i]; i++) {
			const char *at = strstr(rest, names[i]);
			size_t l = strlen(names[i]);
			if (at &&
			    (at == rest || !(isalnum((unsigned char)at[-1]) || at[-1] == '_')) &&
			    !(isalnum((unsigned char)at[l]) || at[l] == '_'))
				return fail(p, line,
					    "a single-variant example has no #if %s: it is "
					    "compiled as it is",
					    names[i]);
		}
	}
	return 0;
}

static int scan_code(struct parse *p)
{
	static const char *const markers[] = { "STATIC_SHARED(", "SHARED_INIT(", "SHARED(",
					       "OBSERVED(", NULL };
	int single = json_array_size(p->variants) == 1;
	size_t nthreads = json_array_size(p->threads);
	int defined[META_MAX_THREADS] = { 0 };
	json_t *open = json_array(); /* functions whose closing "}" line is still to come */
	for (int i = p->block_end; i < p->nlines; i++) {
		int line = i + 1;
		int closes = p->lines[i][0] == '}';
		char *s = str_trim(p->lines[i]);
		if (closes && !strcmp(s, "}")) {
			size_t k;
			json_t *f;
			json_array_foreach(open, k, f)
				json_object_set_new(f, "last", json_integer(line));
			json_array_clear(open);
		}
		const char *fn = starts(s, "INIT()")  ? "course_init" :
				 starts(s, "CHECK()") ? "course_check" :
							NULL;
		if (*s == '#' && directive(p, line, s, single) < 0) {
			json_decref(open);
			return -1;
		}
		p->has_init |= starts(s, "INIT()");
		p->has_check |= starts(s, "CHECK()");
		if (starts(s, "THREAD(")) {
			size_t l = strspn(s + 7,
					  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
					  "0123456789_");
			size_t t = 0;
			while (t < nthreads &&
			       (strlen(json_string_value(json_array_get(p->threads, t))) != l ||
				strncmp(json_string_value(json_array_get(p->threads, t)), s + 7,
					l)))
				t++;
			if (t == nthreads) {
				json_decref(open);
				return fail(p, line, "THREAD(%.*s) is not listed in 'threads'",
					    (int)l, s + 7);
			}
			defined[t] = 1;
			fn = json_string_value(json_array_get(p->threads, t));
		}
		if (fn) {
			json_t *f = json_pack("{s:i, s:i}", "first", line, "last", p->nlines);
			json_object_set_new(p->functions, fn, f);
			json_array_append(open, f);
		}
		for (int k = 0; markers[k]; k++)
			if (starts(s, markers[k])) {
				if (variable(p, line, k, s + strlen(markers[k])) < 0) {
					json_decref(open);
					return -1;
				}
				break;
			}
	}
	json_decref(open);
	for (size_t t = 0; t < nthreads; t++)
		if (!defined[t])
			return fail(
				p, p->line_of[K_THREADS],
				"thread '%s' is listed in 'threads' but no THREAD(%s) defines it",
				json_string_value(json_array_get(p->threads, t)),
				json_string_value(json_array_get(p->threads, t)));
	if (json_array_size(p->shared) == 0)
		return fail(p, p->block_end + 1, "no SHARED variable in the example");
	return 0;
}

/* ---- per-variant keys: flags and predicates ------------------------------------------------ */

static const char *const *names_of(json_t *a, const char **buf, size_t max, int *n)
{
	size_t i;
	json_t *v;
	*n = 0;
	json_array_foreach(a, i, v)
		if (i < max)
			buf[(*n)++] = json_string_value(v);
	return buf;
}

static json_t *vars_names(json_t *vars)
{
	json_t *a = json_array();
	size_t i;
	json_t *v;
	json_array_foreach(vars, i, v)
		json_array_append(a, json_object_get(v, "name"));
	return a;
}

/* hex: each name is a SHARED or OBSERVED variable (type_size admits only integers and pointers). */
static int check_hex(struct parse *p)
{
	json_t *shared = vars_names(p->shared), *observed = vars_names(p->observed);
	size_t i;
	json_t *w;
	int rc = 0;
	json_array_foreach(p->hex, i, w)
		if (!in_array(shared, json_string_value(w)) &&
		    !in_array(observed, json_string_value(w))) {
			rc = fail(p, p->line_of[K_HEX],
				  "hex: '%s' is not a SHARED or OBSERVED variable",
				  json_string_value(w));
			break;
		}
	json_decref(shared);
	json_decref(observed);
	return rc;
}

/* Does pattern match a cell of the matrix that the example is compiled on (its cells key)? */
static int in_cells(struct parse *p, const struct conf *conf, const char *pattern)
{
	for (int t = 0; t < conf->ntargets; t++)
		for (int o = 0; o < conf->nopts; o++) {
			char cell[160]; /* a target name (< 64) '/' an opt (< 8) */
			xsnprintf(cell, sizeof cell, "%s/%s", conf->targets[t].name, conf->opts[o]);
			if (conf_pattern_match(pattern, cell) &&
			    meta_patterns_match(p->cells, cell))
				return 1;
		}
	return 0;
}

/* cells: only where the caller names none (a lab's come from labs/labs.conf); they hold the
 * matrix's default and source-counts cells (the page's first view, the evidence's reference), and
 * every evidence-on pattern names one of them. */
static int check_cells(struct parse *p, const struct conf *conf, const struct meta_opts *o)
{
	int line = p->line_of[K_CELLS];
	if (!p->cells || !conf)
		return 0;
	if (o && o->ncells)
		return fail(p, line, "cells: this example's cells are named by its caller");
	const char *need[] = { conf->default_target, conf->source_counts };
	for (int k = 0; k < 2; k++)
		if (!meta_patterns_match(p->cells, need[k]))
			return fail(p, line, "cells: %s (the matrix's %s cell) must be one of them",
				    need[k], k ? "source-counts" : "default");
	size_t i;
	json_t *w;
	json_array_foreach(p->evon, i, w)
		if (!in_cells(p, conf, json_string_value(w)))
			return fail(p, p->line_of[K_EVON],
				    "evidence-on: '%s' matches none of the example's cells",
				    json_string_value(w));
	return 0;
}

static int check_outcome(struct parse *p)
{
	json_t *shared = vars_names(p->shared), *observed = vars_names(p->observed);
	size_t i;
	json_t *w;
	int rc = 0;
	json_array_foreach(p->outcome, i, w)
		if (!in_array(shared, json_string_value(w)) &&
		    !in_array(observed, json_string_value(w))) {
			rc = fail(p, p->line_of[K_OUTCOME],
				  "outcome '%s' is not a SHARED or OBSERVED variable",
				  json_string_value(w));
			break;
		}
	json_decref(shared);
	json_decref(observed);
	return rc;
}

/* One predicate line: {line, [kind], expr, tree}. */
static json_t *predicate(struct parse *p, int line, const char *key, const char *val,
			 const struct pred_names *evn, const struct pred_names *exn)
{
	char perr[300];
	const char *kind = NULL, *expr = val;
	char kbuf[16] = "";
	if (starts(key, "expect.") || starts(key, "expect-tso.") || starts(key, "expect-armv8.")) {
		const char *colon = strchr(val, ':');
		if (colon && (size_t)(colon - val) < sizeof kbuf)
			xsnprintf(kbuf, sizeof kbuf, "%.*s", (int)(colon - val), val);
		if (strcmp(kbuf, "reachable") && strcmp(kbuf, "unreachable")) {
			fail(p, line,
			     "expect needs 'reachable: <predicate>' or 'unreachable: <predicate>'");
			return NULL;
		}
		kind = kbuf;
		expr = colon + 1 + strspn(colon + 1, " \t");
	}
	int ev = starts(key, "evidence.");
	json_t *tree = pred_parse(expr, ev ? PRED_EVIDENCE : PRED_OUTCOME, ev ? evn : exn, perr,
				  sizeof perr);
	if (!tree) {
		fail(p, line, "bad %s predicate: %s", ev ? "evidence" : "outcome", perr);
		return NULL;
	}
	json_t *o = json_pack("{s:i}", "line", line);
	if (kind)
		json_object_set_new(o, "kind", json_string(kind));
	json_object_set_new(o, "expr", json_string(expr));
	json_object_set_new(o, "tree", tree);
	return o;
}

/* goal.<variant>: <words>: <predicate> - the play mode's goal, the bad outcome in words and as an
 * outcome predicate (split at the last ':', which no predicate contains). One per example and
 * model: goal.<variant> under sequential consistency, goal-tso.<variant> under x86-TSO. */
static int goal(struct parse *p, int line, const char *variant, const char *val,
		const struct pred_names *exn, int tso)
{
	json_t **slot = tso ? &p->goal_tso : &p->goal;
	if (*slot)
		return fail(p, line,
			    "a second %s (the first is at line %d): an example has one per model",
			    tso ? "goal-tso" : "goal",
			    (int)json_integer_value(json_object_get(*slot, "line")));
	const char *colon = strrchr(val, ':');
	if (!colon)
		return fail(p, line, "goal needs '<the bad outcome in words>: <predicate>'");
	char text[512];
	size_t n = (size_t)(colon - val);
	while (n && isspace((unsigned char)val[n - 1]))
		n--;
	if (!n)
		return fail(p, line,
			    "goal needs words before the predicate: '<words>: <predicate>'");
	if (n >= sizeof text)
		return fail(p, line, "goal: the words are longer than %zu characters",
			    sizeof text - 1);
	xsnprintf(text, sizeof text, "%.*s", (int)n, val);
	const char *expr = colon + 1 + strspn(colon + 1, " \t");
	char perr[300];
	json_t *tree = pred_parse(expr, PRED_OUTCOME, exn, perr, sizeof perr);
	if (!tree)
		return fail(p, line, "bad goal predicate: %s", perr);
	*slot = json_pack("{s:s, s:s, s:i, s:s, s:s, s:o}", "variant", variant, "model",
			  tso ? "tso" : "sc", "line", line, "text", text, "expr", expr, "tree",
			  tree);
	return 0;
}

static void push(json_t *obj, const char *variant, json_t *item)
{
	json_t *a = json_object_get(obj, variant);
	if (!a)
		json_object_set_new(obj, variant, a = json_array());
	json_array_append_new(a, item);
}

static int second_pass(struct parse *p, json_t *ev, json_t *ex, json_t *quiz)
{
	const char *th[META_MAX_THREADS], *sh[64], *oc[64], *ob[64];
	struct pred_names evn = { 0 }, exn = { 0 };
	json_t *shared = vars_names(p->shared), *observed = vars_names(p->observed);
	evn.threads = exn.threads = names_of(p->threads, th, META_MAX_THREADS, &evn.nthreads);
	exn.nthreads = evn.nthreads;
	evn.vars = names_of(shared, sh, 64, &evn.nvars);
	exn.vars = names_of(p->outcome, oc, 64, &exn.nvars);
	evn.observed = names_of(observed, ob, 64, &evn.nobserved);
	exn.has_init = p->has_init;
	exn.has_check = p->has_check;
	size_t i;
	json_t *e;
	int rc = 0;
	json_array_foreach(p->block, i, e) {
		const char *key = json_string_value(json_object_get(e, "key"));
		const char *val = json_string_value(json_object_get(e, "value"));
		int line = (int)json_integer_value(json_object_get(e, "line"));
		const char *dot = strchr(key, '.');
		if (!dot)
			continue;
		const char *v = dot + 1;
		if (!in_array(p->variants, v)) {
			rc = fail(p, line, "'%s' names a variant not in 'variants'", key);
			break;
		}
		if (starts(key, "cflags.")) {
			json_object_set_new(p->cflags, v, split_words(val));
			continue;
		}
		if (starts(key, "goal.") || starts(key, "goal-tso.")) {
			if ((rc = goal(p, line, v, val, &exn, starts(key, "goal-tso."))) != 0)
				break;
			continue;
		}
		json_t *pr = predicate(p, line, key, val, &evn, &exn);
		if (!pr) {
			rc = -1;
			break;
		}
		push(starts(key, "evidence.")	  ? ev :
		     starts(key, "expect.")	  ? ex :
		     starts(key, "expect-tso.")	  ? p->expect_tso :
		     starts(key, "expect-armv8.") ? p->expect_armv8 :
						    quiz,
		     v, pr);
	}
	json_decref(shared);
	json_decref(observed);
	return rc;
}

/* ---- the JSON ------------------------------------------------------------------------------ */

static json_t *per_variant(json_t *by_variant, json_t *variants, int keep_empty)
{
	json_t *o = json_object();
	size_t i;
	json_t *v;
	json_array_foreach(variants, i, v) {
		json_t *a = json_object_get(by_variant, json_string_value(v));
		if (a || keep_empty)
			json_object_set_new(o, json_string_value(v),
					    a ? json_incref(a) : json_array());
	}
	return o;
}

static json_t *result(struct parse *p, const char *id, const struct meta_opts *o, int none,
		      json_t *ev, json_t *ex, json_t *quiz)
{
	json_t *sources = json_object(), *cflags = json_object(), *cells = json_array();
	json_t *all = json_object_get(p->cflags, "all");
	json_object_set_new(cflags, "all", all ? json_incref(all) : json_array());
	size_t i;
	json_t *v;
	json_array_foreach(p->variants, i, v) {
		const char *name = json_string_value(v);
		json_t *f = json_object_get(p->cflags, name);
		json_object_set_new(cflags, name, f ? json_incref(f) : json_array());
		if (json_array_size(p->variants) == 1)
			json_object_set_new(sources, name, json_string(p->path));
		else
			json_object_set_new(sources, name,
					    json_sprintf("%s/%s.%s.c",
							 o && o->src_dir ? o->src_dir : ".", id,
							 name));
	}
	for (int c = 0; o && !none && c < o->ncells; c++)
		json_array_append_new(cells, json_string(o->cells[c]));
	if (!none && p->cells)
		json_array_extend(cells, p->cells);
	if (!none && !json_array_size(cells))
		json_array_append_new(cells, json_string("any/any/any"));
	json_t *block = p->block, *title = NULL, *page = NULL, *shows = NULL, *transf = NULL;
	json_array_foreach(block, i, v) {
		const char *key = json_string_value(json_object_get(v, "key"));
		json_t *val = json_object_get(v, "value");
		if (!strcmp(key, "title"))
			title = val;
		else if (!strcmp(key, "page"))
			page = val;
		else if (!strcmp(key, "shows"))
			shows = val;
		else if (!strcmp(key, "transformation"))
			transf = val;
	}
	json_t *m = json_pack(
		"{s:s, s:s, s:O, s:O, s:O, s:O, s:O, s:O, s:O, s:O, s:b, s:b, s:o, s:o, s:o, "
		"s:o, s:o, s:o, s:o, s:O, s:O}",
		"id", id, "file", p->path, "title", title, "page", page, "shows", shows, "threads",
		p->threads, "variants", p->variants, "outcome", p->outcome, "shared", p->shared,
		"observed", p->observed, "has_init", p->has_init, "has_check", p->has_check,
		"cflags", cflags, "evidence", per_variant(ev, p->variants, 1), "evidence_on",
		p->evon ? json_incref(p->evon) : json_array(), "expect",
		per_variant(ex, p->variants, 1), "quiz", per_variant(quiz, p->variants, 0),
		"sources", sources, "cells", cells, "block", block, "functions", p->functions);
	if (m)
		json_object_set_new(m, "hex", p->hex ? json_incref(p->hex) : json_array());
	/* expect-tso.<variant>: what the explorer's x86-TSO mode must find; a key per variant, and
	 * none at all when the example has no such line (it is then explored under SC only) */
	if (m && json_object_size(p->expect_tso))
		json_object_set_new(m, "expect_tso", per_variant(p->expect_tso, p->variants, 1));
	/* expect-armv8.<variant>: what the native explorer's Armv8 exploration of every AArch64 cell
	 * must find (tools/native/expect.js); absent without such lines */
	if (m && json_object_size(p->expect_armv8))
		json_object_set_new(m, "expect_armv8",
				    per_variant(p->expect_armv8, p->variants, 1));
	/* the transformation the plain evidence shows (a page slug): the key, else the topic of an
	 * example with evidence-on; null for one without */
	if (m)
		json_object_set(m, "goal", p->goal ? p->goal : json_null());
	if (m)
		json_object_set(m, "goal_tso", p->goal_tso ? p->goal_tso : json_null());
	if (m && transf)
		json_object_set(m, "transformation", transf);
	else if (m && p->evon) {
		const char *slash = strchr(id, '/');
		json_object_set_new(m, "transformation",
				    json_stringn(id, slash ? (size_t)(slash - id) : strlen(id)));
	} else if (m)
		json_object_set_new(m, "transformation", json_null());
	return m;
}

/* A goal names an outcome the example already states: its predicate is the text of one of its
 * expect, expect-tso or quiz lines (of any variant). A goal-tso needs expect-tso lines: only then
 * is the example explored under x86-TSO (and its goal checked there). */
static int check_one_goal(struct parse *p, json_t *g, json_t *ex, json_t *quiz)
{
	if (!g)
		return 0;
	int line = (int)json_integer_value(json_object_get(g, "line"));
	if (g == p->goal_tso && !json_object_size(p->expect_tso))
		return fail(
			p, line,
			"goal-tso needs expect-tso lines: the example is explored under x86-TSO "
			"only when it states what x86-TSO must show");
	const char *expr = json_string_value(json_object_get(g, "expr"));
	json_t *by[3] = { ex, quiz, p->expect_tso };
	for (int k = 0; k < 3; k++) {
		const char *v;
		json_t *list, *e;
		size_t i;
		json_object_foreach(by[k], v, list)
			json_array_foreach(list, i, e)
				if (!strcmp(json_string_value(json_object_get(e, "expr")), expr))
					return 0;
	}
	return fail(p, line,
		    "goal predicate '%s' is none of the example's expect, expect-tso or quiz "
		    "predicates: write the goal with the predicate of one of them",
		    expr);
}

static int check_goal(struct parse *p, json_t *ex, json_t *quiz)
{
	if (check_one_goal(p, p->goal, ex, quiz) != 0)
		return -1;
	return check_one_goal(p, p->goal_tso, ex, quiz);
}

static int check_evidence(struct parse *p, json_t *ev)
{
	if (json_array_size(p->variants) == 1)
		return 0;
	size_t i;
	json_t *v;
	json_array_foreach(p->variants, i, v) {
		const char *name = json_string_value(v);
		if (strcmp(name, "transformed") && !json_object_get(ev, name))
			return fail(p, p->block_end, "missing 'evidence.%s'", name);
	}
	return 0;
}

json_t *meta_parse(const char *path, const char *id, const struct conf *conf,
		   const struct meta_opts *opts, char *err, size_t errlen)
{
	struct parse p = { .path = path, .err = err, .errlen = errlen };
	int none = opts && opts->ncells == 1 && strcmp(opts->cells[0], "none") == 0;
	for (int c = 0; opts && !none && c < opts->ncells; c++)
		if (conf && !conf_pattern_valid(conf, opts->cells[c])) {
			fmt_msg(err, errlen,
				"%s:1: cell '%s' matches no compiler/arch/opt of the matrix", path,
				opts->cells[c]);
			return NULL;
		}
	if (strpbrk(path, "\t\n")) {
		fmt_msg(err, errlen, "%s:1: a file name with a tab or a newline", path);
		return NULL;
	}
	char *text = read_file(path, NULL);
	if (!text) {
		fmt_msg(err, errlen, "%s:1: cannot read", path);
		return NULL;
	}
	p.block = json_array();
	p.shared = json_array();
	p.observed = json_array();
	p.cflags = json_object();
	p.functions = json_object();
	p.expect_tso = json_object();
	p.expect_armv8 = json_object();
	json_t *ev = json_object(), *ex = json_object(), *quiz = json_object(), *out = NULL;
	if (split_lines(&p, text) == 0 && read_block(&p) == 0 && first_pass(&p, conf) == 0 &&
	    check_cells(&p, conf, opts) == 0 && scan_code(&p) == 0 && check_outcome(&p) == 0 &&
	    check_hex(&p) == 0 && second_pass(&p, ev, ex, quiz) == 0 &&
	    check_goal(&p, ex, quiz) == 0 && (none || check_evidence(&p, ev) == 0))
		out = result(&p, id, opts, none, ev, ex, quiz);
	json_decref(ev);
	json_decref(ex);
	json_decref(quiz);
	json_decref(p.block);
	json_decref(p.threads);
	json_decref(p.variants);
	json_decref(p.outcome);
	json_decref(p.shared);
	json_decref(p.observed);
	json_decref(p.cflags);
	json_decref(p.expect_tso);
	json_decref(p.expect_armv8);
	json_decref(p.evon);
	json_decref(p.hex);
	json_decref(p.cells);
	json_decref(p.functions);
	json_decref(p.goal);
	json_decref(p.goal_tso);
	free(p.lines);
	free(text);
	return out;
}
