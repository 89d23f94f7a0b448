/*
 * crosscheck.c - native against WebAssembly outcome sets (see crosscheck.h).
 */
#include "crosscheck.h"
#include "buf.h"

#include <stdlib.h>
#include <string.h>

#include "example.h" /* tools/example: conf_pattern_match, the one matcher of cell patterns */
#include "util.h"

static int by_str(const void *a, const void *b)
{
	return strcmp(json_string_value(*(json_t *const *)a),
		      json_string_value(*(json_t *const *)b));
}

/* The sorted outcome keys of a list of outcomes ({key, ...}). */
static json_t *key_set(json_t *outcomes)
{
	size_t n = json_array_size(outcomes), i;
	json_t **keys = xcalloc(n + 1, sizeof *keys), *o;
	json_array_foreach(outcomes, i, o)
		keys[i] = json_object_get(o, "key");
	qsort(keys, n, sizeof *keys, by_str);
	json_t *set = json_array();
	for (i = 0; i < n; i++)
		json_array_append(set, keys[i]);
	free(keys);
	return set;
}

enum xc_model { XC_SC, XC_TSO, XC_ARMV8 };

/* The WebAssembly explorer's outcome keys of a variant, under x86-TSO (its "tso" object) or
 * sequential consistency; NULL when it has none (always under Armv8: it has no such mode). */
static json_t *wasm_set(json_t *wasm, enum xc_model model, const char *variant)
{
	if (model == XC_ARMV8)
		return NULL;
	json_t *w = model == XC_TSO ? json_object_get(wasm, "tso") : wasm;
	json_t *v = json_object_get(json_object_get(w, "variants"), variant);
	return v ? key_set(json_object_get(v, "outcomes")) : NULL;
}

static char *set_text(json_t *set)
{
	struct buf sb = { 0 };
	buf_puts(&sb, "{");
	size_t i;
	json_t *k;
	json_array_foreach(set, i, k)
		buf_printf(&sb, "%s%s", i ? " | " : "", json_string_value(k));
	buf_puts(&sb, "}");
	return buf_take(&sb);
}

/* 1 / 0 whether the variant's evidence holds on target/opt, -1 if unknown. */
static int evidence_holds(json_t *evidence, const char *cell, const char *variant)
{
	size_t i;
	json_t *r;
	json_array_foreach(json_object_get(evidence, "results"), i, r) {
		char *c = xasprintf("%s/%s", json_string_value(json_object_get(r, "target")),
				    json_string_value(json_object_get(r, "opt")));
		int match = !strcmp(c, cell) &&
			    !strcmp(json_string_value(json_object_get(r, "variant")), variant);
		free(c);
		if (match)
			return json_is_true(json_object_get(r, "holds"));
	}
	return -1;
}

/* The line a message about a variant points at: its first evidence line, else 1. */
static int claim_line(json_t *meta, const char *variant)
{
	json_t *ev = json_array_get(json_object_get(json_object_get(meta, "evidence"), variant), 0);
	return ev ? (int)json_integer_value(json_object_get(ev, "line")) : 1;
}

struct ctx {
	json_t *native, *wasm, *meta, *evidence, *differences, *unexplored, *failures;
	struct xc_gap *gaps;
	int ngaps;
	struct xc_unexplored *un;
	int nun;
	struct xc_stats *st;
	const char *file;
	int as_wasm; /* plain evidence verdicts on the cells whose outcomes are WebAssembly's: bit 0 false, bit 1 true */
	enum xc_model model; /* which result of the cells: SC, "tso" (x86-TSO), "armv8" */
};

static const char *model_key(const struct ctx *x)
{
	return x->model == XC_TSO ? "tso" : x->model == XC_ARMV8 ? "armv8" : "sc";
}

static const char *model_tag(const struct ctx *x)
{
	return x->model == XC_TSO ? " (x86-TSO)" : x->model == XC_ARMV8 ? " (Armv8)" : "";
}

/* Records a failure; takes ownership of what. */
static void failure(struct ctx *x, const char *cell, const char *variant, char *what)
{
	char *msg = xasprintf("%s:%d: %s%s: variant %s: %s", x->file, claim_line(x->meta, variant),
			      cell, model_tag(x), variant, what);
	json_array_append_new(x->failures, json_string(msg));
	x->st->failures++;
	free(what);
	free(msg);
}

/* 1 if the plain variant's evidence is the given variant's (the same predicates). */
static int evidence_same_as(json_t *meta, const char *variant)
{
	json_t *ev = json_object_get(meta, "evidence"), *p = json_object_get(ev, "plain"),
	       *v = json_object_get(ev, variant);
	if (json_array_size(p) == 0 || json_array_size(p) != json_array_size(v))
		return 0;
	for (size_t i = 0; i < json_array_size(p); i++)
		if (!json_equal(json_object_get(json_array_get(p, i), "expr"),
				json_object_get(json_array_get(v, i), "expr")))
			return 0;
	return 1;
}

/* Why a plain difference is what the compiler did, or NULL (see crosscheck.h). */
static char *explanation(struct ctx *x, json_t *nset, int holds)
{
	json_t *t = wasm_set(x->wasm, x->model, "transformed"),
	       *f = wasm_set(x->wasm, x->model, "fixed");
	const char *v = t && json_equal(nset, t) ? "transformed" :
			f && json_equal(nset, f) ? "fixed" :
						   NULL;
	json_decref(t);
	json_decref(f);
	if (!v || holds < 0)
		return NULL;
	if (x->as_wasm == (holds ? 1 : 2))
		return xasprintf(
			"the plain evidence %s here and %s on every cell whose outcomes are the WebAssembly "
			"build's: the compiler made this code differently, and its outcomes are the %s variant's",
			holds ? "holds" : "does not hold", holds ? "does not hold" : "holds", v);
	if (x->as_wasm == 0 && holds && evidence_same_as(x->meta, v))
		return xasprintf(
			"no cell behaves as the WebAssembly build; the plain evidence here is the %s variant's "
			"and holds: the code has its shape and its outcomes",
			v);
	return NULL;
}

/* The gaps-file entry for this example and the compiler of cell, or NULL. */
static struct xc_gap *gap_for(struct ctx *x, const char *cell)
{
	const char *id = json_string_value(json_object_get(x->meta, "id"));
	size_t clen = strcspn(cell, "/");
	for (int i = 0; id && i < x->ngaps; i++) {
		struct xc_gap *g = &x->gaps[i];
		if (strcmp(g->id, id))
			continue;
		if (!strcmp(g->compilers, "any"))
			return g;
		for (const char *p = g->compilers; *p;) {
			size_t n = strcspn(p, ",");
			if (n == clen && !strncmp(p, cell, n))
				return g;
			p += n + (p[n] == ',');
		}
	}
	return NULL;
}

/* A plain cell that differs: explained by the evidence, accepted by a gap entry, or a failure. */
static void plain_difference(struct ctx *x, const char *cell, json_t *nset, json_t *wset)
{
	int holds = evidence_holds(x->evidence, cell, "plain");
	char *why = explanation(x, nset, holds);
	struct xc_gap *gap = why ? NULL : gap_for(x, cell);
	x->st->differences++;
	json_t *d = json_pack("{s:O, s:s, s:s, s:s, s:s, s:O, s:O, s:o, s:b, s:b, s:s}", "id",
			      json_object_get(x->meta, "id"), "file", x->file, "cell", cell,
			      "model", model_key(x), "variant", "plain", "native", nset, "wasm",
			      wset, "evidence_holds", holds < 0 ? json_null() : json_boolean(holds),
			      "explained", why != NULL, "gap", gap != NULL, "why",
			      why ? why :
			      gap ? gap->reason :
				    "unexplained");
	json_array_append_new(x->differences, d);
	if (why) {
		x->st->explained++;
		free(why);
		return;
	}
	if (gap) {
		gap->used++;
		x->st->gaps++;
		return;
	}
	json_t *t = wasm_set(x->wasm, x->model, "transformed"),
	       *f = wasm_set(x->wasm, x->model, "fixed");
	char *n = set_text(nset), *ts = t ? set_text(t) : xstrdup("(none)"),
	     *fs = f ? set_text(f) : xstrdup("(none)");
	failure(x, cell, "plain",
		xasprintf(
			"native outcomes %s differ from the WebAssembly explorer's and the cell's evidence (plain "
			"evidence %s here) does not explain them: neither the transformed variant's %s nor the fixed "
			"variant's %s, told apart by the evidence from the cells that behave as the WebAssembly build",
			n,
			holds == 1 ? "holds" :
			holds == 0 ? "does not hold" :
				     "unknown",
			ts, fs));
	free(n);
	free(ts);
	free(fs);
	json_decref(t);
	json_decref(f);
}

/* 1 if the comma list (or "any") names s. */
static int in_list(const char *list, const char *s)
{
	if (!strcmp(list, "any"))
		return 1;
	size_t n = strlen(s);
	for (const char *p = list; *p;) {
		size_t l = strcspn(p, ",");
		if (l == n && !strncmp(p, s, n))
			return 1;
		p += l + (p[l] == ',');
	}
	return 0;
}

/* A cell that could not be explored (what: its error, or "partial: <why>"): accepted when an
 * entry of the unexplored file names it and its text appears in what, else a failure. */
static void unexplored(struct ctx *x, const char *cell, const char *variant, const char *what,
		       int partial)
{
	const char *id = json_string_value(json_object_get(x->meta, "id"));
	for (int i = 0; id && i < x->nun; i++) {
		struct xc_unexplored *u = &x->un[i];
		if (strcmp(u->id, id) || !conf_pattern_match(u->cells, cell) ||
		    !in_list(u->variants, variant))
			continue;
		if (!strstr(what, u->text))
			continue; /* listed for another reason: this one is not verified */
		u->used++;
		x->st->unexplored++;
		json_array_append_new(x->unexplored,
				      json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "id", id, "cell",
						cell, "model", model_key(x), "variant", variant,
						"error", what, "reason", u->reason));
		return;
	}
	if (partial)
		failure(x, cell, variant, xasprintf("the native exploration is %s", what));
	else {
		json_array_append_new(x->failures, json_string(what));
		x->st->failures++;
	}
}

/* The variant's expect-armv8 lines on the cell's Armv8 outcomes (expect.js's verdicts, merged by
 * collect): each must hold. */
static void armv8_expect(struct ctx *x, const char *cell, const char *variant, json_t *c)
{
	size_t i;
	json_t *e;
	x->st->equal++; /* explored completely: counted as checked */
	json_array_foreach(json_object_get(c, "expect"), i, e) {
		if (json_is_true(json_object_get(e, "ok")))
			continue;
		const char *w = json_string_value(json_object_get(e, "witness"));
		char *msg = xasprintf(
			"%s:%d: %s (Armv8): variant %s: expect-armv8.%s: %s: %s -- but it is %s%s",
			x->file, (int)json_integer_value(json_object_get(e, "line")), cell, variant,
			variant, json_string_value(json_object_get(e, "kind")),
			json_string_value(json_object_get(e, "expr")),
			w ? "reachable, e.g. execution " : "not reachable", w ? w : "");
		json_array_append_new(x->failures, json_string(msg));
		x->st->failures++;
		free(msg);
	}
}

static void one_variant(struct ctx *x, const char *cell, const char *variant, json_t *c)
{
	const char *status = json_string_value(json_object_get(c, "status"));
	if (status && !strcmp(status, "skipped")) { /* out of this build's scope (NATIVE_SCOPE) */
		x->st->skipped++;
		return;
	}
	x->st->cells++;
	if (!status || strcmp(status, "ok")) {
		const char *err = json_string_value(json_object_get(c, "error"));
		unexplored(x, cell, variant, err ? err : "a cell without a result", 0);
		return;
	}
	if (json_is_true(json_object_get(c, "partial"))) {
		const char *why = json_string_value(json_object_get(c, "why"));
		char *what = xasprintf("partial: %s", why ? why : "?");
		unexplored(x, cell, variant, what, 1);
		free(what);
		return;
	}
	json_t *nset = key_set(json_object_get(c, "outcomes")),
	       *wset = wasm_set(x->wasm, x->model, variant);
	if (x->model == XC_ARMV8) {
		armv8_expect(x, cell, variant,
			     c); /* no WebAssembly reference: the expect-armv8 lines */
	} else if (!wset && x->model == XC_TSO) {
		x->st->skipped++; /* no x86-TSO reference for this example: the subset check only */
	} else if (!wset) {
		failure(x, cell, variant, xstrdup("no WebAssembly outcomes to compare with"));
	} else if (json_equal(nset, wset)) {
		x->st->equal++;
	} else if (!strcmp(variant, "plain")) {
		plain_difference(x, cell, nset, wset);
	} else {
		char *n = set_text(nset), *w = set_text(wset);
		failure(x, cell, variant,
			xasprintf("native outcomes %s differ from the WebAssembly explorer's %s%s",
				  n, w, x->model == XC_TSO ? " under x86-TSO" : ""));
		free(n);
		free(w);
	}
	json_decref(nset);
	json_decref(wset);
}

/* The model's result of a cell: the cell itself, or its "tso" or "armv8" object (NULL when
 * absent). */
static json_t *model_cell(const struct ctx *x, json_t *c)
{
	return x->model == XC_SC ? c : json_object_get(c, model_key(x));
}

/* Whether outcome o (SC) is among the model's outcomes. Under Armv8 a crash ends the run with the
 * other threads complete (tools/native/README.md), not wherever the SC schedule left them: a
 * crash is matched by its thread and message alone. */
static int found_in(const struct ctx *x, json_t *o, json_t *outcomes)
{
	json_t *crash = json_object_get(o, "crash"), *y;
	size_t j;
	json_array_foreach(outcomes, j, y) {
		if (json_equal(json_object_get(o, "key"), json_object_get(y, "key")))
			return 1;
		if (x->model == XC_ARMV8 && json_is_object(crash) &&
		    json_equal(crash, json_object_get(y, "crash")))
			return 1;
	}
	return 0;
}

/* x86-TSO and Armv8 allow every sequentially consistent execution (x86-TSO: drain each store at
 * once; Armv8: SC's order is an ordered-before the model accepts), so every SC outcome of a cell
 * must be an outcome of the same code under the model. */
static void sc_in_model(struct ctx *x, const char *cell, const char *variant, json_t *c)
{
	json_t *t = model_cell(x, c);
	if (json_is_true(json_object_get(c, "partial")) ||
	    json_is_true(json_object_get(t, "partial")))
		return;
	json_t *o;
	struct buf missing = { 0 };
	size_t i;
	json_array_foreach(json_object_get(c, "outcomes"), i, o)
		if (!found_in(x, o, json_object_get(t, "outcomes")))
			buf_printf(&missing, "%s%s", missing.len ? " | " : "",
				   json_string_value(json_object_get(o, "key")));
	if (!missing.len) {
		x->st->sc_in_model++;
		return;
	}
	char *m = buf_take(&missing);
	failure(x, cell, variant,
		xasprintf("sequentially consistent outcomes {%s} are not %s outcomes of the "
			  "same code: %s",
			  m, x->model == XC_TSO ? "x86-TSO" : "Armv8",
			  x->model == XC_TSO ?
				  "x86-TSO allows every interleaving" :
				  "Armv8 allows every sequentially consistent execution"));
	free(m);
}

static void check_cells(struct ctx *x)
{
	const char *cell;
	json_t *variants;
	json_t *wplain = wasm_set(x->wasm, x->model, "plain");
	json_object_foreach(json_object_get(x->native, "cells"), cell, variants) {
		json_t *c = model_cell(x, json_object_get(variants, "plain"));
		json_t *nset = c ? key_set(json_object_get(c, "outcomes")) : NULL;
		int holds = evidence_holds(x->evidence, cell, "plain");
		if (nset && wplain && json_equal(nset, wplain) && holds >= 0 &&
		    !json_is_true(json_object_get(c, "partial")))
			x->as_wasm |= 1 << holds;
		json_decref(nset);
	}
	json_decref(wplain);
	json_object_foreach(json_object_get(x->native, "cells"), cell, variants) {
		const char *variant;
		json_t *c;
		json_object_foreach(variants, variant, c) {
			json_t *mc = model_cell(x, c);
			if (!mc && x->model == XC_ARMV8 && strstr(cell, "/aarch64/") &&
			    !strcmp(json_string_value(json_object_get(c, "status")), "ok")) {
				x->st->cells++;
				failure(x, cell, variant, xstrdup("no Armv8 result"));
			}
			if (!mc)
				continue; /* no x86-TSO (Armv8) result: not an x86 (AArch64) cell */
			one_variant(x, cell, variant, mc);
			if (x->model != XC_SC &&
			    !strcmp(json_string_value(json_object_get(mc, "status")), "ok") &&
			    !strcmp(json_string_value(json_object_get(c, "status")), "ok"))
				sc_in_model(x, cell, variant, c);
		}
	}
}

static void check_model(json_t *native, json_t *wasm, json_t *meta, json_t *evidence,
			struct xc_lists *lists, json_t *differences, json_t *unexplored,
			json_t *failures, struct xc_stats *st, enum xc_model model)
{
	struct ctx x = { native,
			 wasm,
			 meta,
			 evidence,
			 differences,
			 unexplored,
			 failures,
			 lists->gaps,
			 lists->ngaps,
			 lists->unexplored,
			 lists->nunexplored,
			 st,
			 json_string_value(json_object_get(meta, "file")),
			 0,
			 model };
	if (!x.file)
		x.file = "examples/?.c";
	check_cells(&x);
}

void crosscheck_example(json_t *native, json_t *wasm, json_t *meta, json_t *evidence,
			struct xc_lists *lists, json_t *differences, json_t *unexplored,
			json_t *failures, struct xc_stats *st)
{
	check_model(native, wasm, meta, evidence, lists, differences, unexplored, failures, st,
		    XC_SC);
}

void crosscheck_example_tso(json_t *native, json_t *wasm, json_t *meta, json_t *evidence,
			    struct xc_lists *lists, json_t *differences, json_t *unexplored,
			    json_t *failures, struct xc_stats *st)
{
	check_model(native, wasm, meta, evidence, lists, differences, unexplored, failures, st,
		    XC_TSO);
}

void crosscheck_example_armv8(json_t *native, json_t *meta, struct xc_lists *lists,
			      json_t *unexplored, json_t *failures, struct xc_stats *st)
{
	check_model(native, NULL, meta, NULL, lists, NULL, unexplored, failures, st, XC_ARMV8);
}

/* The next entry of a list file (one per line; blank lines and '#' comments skipped): cuts the line
 * at its newline in place, advances *cur past it and counts *line. Returns the entry without its
 * leading blanks, or NULL at the end of the text. */
static char *next_entry(char **cur, int *line)
{
	while (*cur && **cur) {
		char *p = *cur, *nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		*cur = nl ? nl + 1 : NULL;
		++*line;
		p += strspn(p, " \t");
		if (*p && *p != '#')
			return p;
	}
	return NULL;
}

/* "<w0> <w1> ... <wn-1>: <rest>": n words of any length before the first colon, each separated by
 * blanks, then the rest after the colon and its blanks. The line is cut in place (w[] point into
 * it). Returns 0, or -1 when the words before the colon are not exactly n. */
static int split_entry(char *p, char **w, int n)
{
	char *colon = strchr(p, ':');
	if (!colon)
		return -1;
	*colon = '\0';
	int k = 0;
	for (char *t = strtok(p, " \t"); t; t = strtok(NULL, " \t")) {
		if (k == n)
			return -1;
		w[k++] = t;
	}
	w[n] = colon + 1 + strspn(colon + 1, " ");
	return k == n ? 0 : -1;
}

/* Reads the list file path (next_entry) and gives each entry and its line to add(ctx, entry, line).
 * Returns the number of entries; -1 with err "path: cannot read", or "path:line: expected <form>"
 * when add refuses an entry (returns non-zero). */
static int read_entries(const char *path, int (*add)(void *ctx, char *p, int line), void *ctx,
			const char *form, char *err, size_t errlen)
{
	char *text = read_file(path, NULL);
	if (!text) {
		fmt_msg(err, errlen, "%s: cannot read", path);
		return -1;
	}
	int n = 0, line = 0;
	for (char *cur = text, *p; (p = next_entry(&cur, &line)); n++) {
		if (add(ctx, p, line) != 0) {
			fmt_msg(err, errlen, "%s:%d: expected %s", path, line, form);
			n = -1;
			break;
		}
	}
	free(text);
	return n;
}

struct gap_list {
	struct xc_gap *v;
	int n;
};

static int add_gap(void *ctx, char *p, int line)
{
	struct gap_list *l = ctx;
	char *w[3];
	if (split_entry(p, w, 2) != 0 || !w[2][0])
		return -1;
	l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
	l->v[l->n++] = (struct xc_gap){ xstrdup(w[0]), xstrdup(w[1]), xstrdup(w[2]), line, 0 };
	return 0;
}

int xc_gaps_load(const char *path, struct xc_gap **gaps, char *err, size_t errlen)
{
	struct gap_list l = { NULL, 0 };
	int n = read_entries(path, add_gap, &l, "'<example id> <compilers>: <reason>'", err,
			     errlen);
	if (n < 0) {
		xc_gaps_free(l.v, l.n);
		l.v = NULL;
	}
	*gaps = l.v;
	return n;
}

void xc_gaps_free(struct xc_gap *gaps, int n)
{
	for (int i = 0; i < n; i++) {
		free(gaps[i].id);
		free(gaps[i].compilers);
		free(gaps[i].reason);
	}
	free(gaps);
}

/* Splits a line '<id> <cells> <variants>: "<text>" <reason>' into u. Returns 0, or -1. */
static int unexplored_line(char *p, struct xc_unexplored *u)
{
	char *w[4];
	if (split_entry(p, w, 3) != 0)
		return -1;
	char *q = w[3];
	char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
	if (!end || end == q + 1)
		return -1;
	char *reason = end + 1 + strspn(end + 1, " ");
	if (!*reason)
		return -1;
	u->id = xstrdup(w[0]);
	u->cells = xstrdup(w[1]);
	u->variants = xstrdup(w[2]);
	u->text = xasprintf("%.*s", (int)(end - q - 1), q + 1);
	u->reason = xstrdup(reason);
	u->used = 0;
	return 0;
}

struct unexplored_list {
	struct xc_unexplored *v;
	int n;
};

static int add_unexplored(void *ctx, char *p, int line)
{
	struct unexplored_list *l = ctx;
	struct xc_unexplored u;
	if (unexplored_line(p, &u) != 0)
		return -1;
	u.line = line;
	l->v = xrealloc(l->v, (size_t)(l->n + 1) * sizeof *l->v);
	l->v[l->n++] = u;
	return 0;
}

int xc_unexplored_load(const char *path, struct xc_unexplored **u, char *err, size_t errlen)
{
	struct unexplored_list l = { NULL, 0 };
	int n = read_entries(path, add_unexplored, &l,
			     "'<example id> <cells> <variants>: \"<text of the error>\" <reason>'",
			     err, errlen);
	if (n < 0) {
		xc_unexplored_free(l.v, l.n);
		l.v = NULL;
	}
	*u = l.v;
	return n;
}

void xc_unexplored_free(struct xc_unexplored *u, int n)
{
	for (int i = 0; i < n; i++) {
		free(u[i].id);
		free(u[i].cells);
		free(u[i].variants);
		free(u[i].text);
		free(u[i].reason);
	}
	free(u);
}
