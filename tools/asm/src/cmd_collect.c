/*
 * cmd_collect.c - `asm-tool collect`: from build/data/meta/<id>.json and every
 * build/data/asm/<id>/<target>.json (the targets of the example's cells) write
 *   build/data/evidence.json                       every result, example x target x opt x variant
 *                                                  (not with --no-evidence: a lab's starter)
 *   build/data/examples/<id>.json                  what a page needs with JavaScript off
 *   build/data/site/asm/<id>/<target>-<opt>.js     one classic data script per target and -O
 * Schemas: tools/asm/README.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "buf.h"
#include "example.h"
#include "diff.h"
#include "scriptjson.h"
#include "seen.h"
#include "util.h"
#include "words.h"

/* The colour of each source line of one thread in one cell and variant: the lines of the thread's
 * function (range {first, last} of the metadata's "functions") that produced instructions, in line
 * order, take "ln-c0".."ln-c7" in turn; a line that produced nothing has no colour. The one place of
 * the rule: the page's source pane and every instruction ("cls") read it from the data.
 * Returns {"<line>": "ln-cK"}. */
static json_t *line_classes(json_t *fns, const json_t *range)
{
	static const char *const cls[] = { "ln-c0", "ln-c1", "ln-c2", "ln-c3",
					   "ln-c4", "ln-c5", "ln-c6", "ln-c7" };
	json_int_t first = json_integer_value(json_object_get(range, "first"));
	json_int_t last = json_integer_value(json_object_get(range, "last"));
	json_t *out = json_object();
	if (!range || last < first)
		return out;
	size_t n = (size_t)(last - first + 1), i, k;
	char *used = calloc(n, 1);
	json_t *fn, *in;
	json_array_foreach(fns, i, fn)
		json_array_foreach(json_object_get(fn, "insns"), k, in) {
			json_int_t src = json_integer_value(json_object_get(in, "src"));
			if (used && src >= first && src <= last)
				used[src - first] = 1;
		}
	int next = 0;
	for (size_t l = 0; used && l < n; l++)
		if (used[l]) {
			char key[24];
			xsnprintf(key, sizeof key, "%lld", (long long)(first + (json_int_t)l));
			json_object_set_new(out, key, json_string(cls[next++ % 8]));
		}
	free(used);
	return out;
}

/* Give every instruction of a cell's variant "src", its line in the example file (map: the
 * metadata's "lines" of the variant, NULL for a single-variant example whose lines are the file's),
 * and "cls", that line's colour (line_classes); the colours of each thread's lines go to
 * c["src_classes"][thread]. */
static void add_src(json_t *c, json_t *map, json_t *ranges)
{
	json_t *by_thread = json_object_get(c, "functions"), *classes = json_object();
	const char *th;
	json_t *fns;
	json_object_foreach(by_thread, th, fns) {
		size_t i, k;
		json_t *fn, *in;
		json_array_foreach(fns, i, fn)
			json_array_foreach(json_object_get(fn, "insns"), k, in) {
				json_int_t l = json_integer_value(json_object_get(in, "line"));
				json_int_t src = !map  ? l :
						 l > 0 ? json_integer_value(json_array_get(
								 map, (size_t)l - 1)) :
							 0;
				json_object_set_new(in, "src", json_integer(src));
			}
		json_t *lc = line_classes(fns, json_object_get(ranges, th));
		json_array_foreach(fns, i, fn)
			json_array_foreach(json_object_get(fn, "insns"), k, in) {
				char key[24];
				xsnprintf(key, sizeof key, "%lld",
					  json_integer_value(json_object_get(in, "src")));
				json_t *cl = json_object_get(lc, key);
				json_object_set_new(in, "cls",
						    json_string(cl ? json_string_value(cl) :
								     "ln-none"));
			}
		json_object_set_new(classes, th, lc);
	}
	json_object_set_new(c, "src_classes", classes);
}

/* Does an access of kind (load, store, rmw) count for the function fn of an atom? */
static int kind_counts(const char *fn, const char *kind)
{
	if (!strcmp(fn, "rmw"))
		return !strcmp(kind, "rmw");
	if (strstr(fn, "load"))
		return !strcmp(kind, "load") || !strcmp(kind, "rmw");
	if (strstr(fn, "store"))
		return !strcmp(kind, "store") || !strcmp(kind, "rmw");
	return 1;
}

/* Adds src, a line of the example file, to the sorted array lines unless it is there. */
static void add_line(json_t *lines, json_int_t src)
{
	size_t n;
	for (n = 0; n < json_array_size(lines); n++)
		if (json_integer_value(json_array_get(lines, n)) >= src)
			break;
	json_t *l = json_array_get(lines, n);
	if (!l || json_integer_value(l) != src)
		json_array_insert_new(lines, n, json_integer(src));
}

/* Gives atom a "lines", the example file's lines (sorted, once each) of the accesses it counted,
 * and "insns", those instructions as [function index, instruction index] pairs into the thread's
 * list (fns, with "src" from add_src; the data script's variants[v][thread]): the instructions
 * that access var in a kind fn counts. */
static void atom_matches(json_t *a, json_t *fns, const char *fn, const char *var)
{
	json_t *lines = json_array(), *insns = json_array();
	size_t i, k, j;
	json_t *f, *in, *acc;
	json_array_foreach(fns, i, f)
		json_array_foreach(json_object_get(f, "insns"), k, in) {
			int counted = 0;
			json_array_foreach(json_object_get(in, "acc"), j, acc) {
				const char *kind = json_string_value(json_object_get(acc, "kind"));
				const char *v = json_string_value(json_object_get(acc, "var"));
				json_int_t src = json_integer_value(json_object_get(in, "src"));
				if (!v || !kind || strcmp(v, var) || !kind_counts(fn, kind))
					continue;
				counted = 1;
				if (src > 0)
					add_line(lines, src);
			}
			if (counted)
				json_array_append_new(insns, json_pack("[I, I]", (json_int_t)i,
								       (json_int_t)k));
		}
	json_object_set_new(a, "lines", lines);
	json_object_set_new(a, "insns", insns);
}

/* Gives every atom of cell variant c's evidence its "lines" and "insns" (atom_matches), so a page
 * names code lines, not the metadata's, and a quiz can point at the instructions. */
static void add_atom_lines(json_t *c)
{
	json_t *fns = json_object_get(c, "functions"), *p, *a;
	size_t i, k;
	json_array_foreach(json_object_get(c, "evidence"), i, p)
		json_array_foreach(json_object_get(p, "atoms"), k, a) {
			const char *th = json_string_value(json_object_get(a, "thread"));
			const char *fn = json_string_value(json_object_get(a, "fn"));
			const char *var = json_string_value(json_object_get(a, "var"));
			if (th && fn && var)
				atom_matches(a, json_object_get(fns, th), fn, var);
		}
}

/* The line of the example's evidence-on key, 0 when it has none. An example with evidence-on states
 * a transformation: its plain variant's evidence is the transformation, seen exactly on the cells
 * evidence-on lists, in every cell's transformed code and in no cell's fixed code. */
static int evidence_on_line(json_t *meta)
{
	size_t i;
	json_t *e;
	json_array_foreach(json_object_get(meta, "block"), i, e)
		if (!strcmp(json_string_value(json_object_get(e, "key")), "evidence-on"))
			return (int)json_integer_value(json_object_get(e, "line"));
	return 0;
}

/* The line of the first evidence line of a variant (for messages about the whole evidence). */
static int evidence_line(json_t *meta, const char *variant)
{
	json_t *p = json_array_get(json_object_get(json_object_get(meta, "evidence"), variant), 0);
	return (int)json_integer_value(json_object_get(p, "line"));
}

/* A variant's own evidence is expected on every cell, except the plain variant's of an example
 * that states a transformation: only on the cells evidence-on lists. */
static int expected(json_t *meta, const char *variant, const char *cell)
{
	if (strcmp(variant, "plain") != 0 || meta_single(meta) || !evidence_on_line(meta))
		return 1;
	return meta_patterns_match(json_object_get(meta, "evidence_on"), cell);
}

static void add_failure(json_t *failures, const char *file, int line, const char *id,
			const char *cell, const char *variant, const char *message)
{
	json_array_append_new(failures, json_pack("{s:s, s:i, s:s, s:s, s:s, s:s}", "file", file,
						  "line", line, "id", id, "cell", cell, "variant",
						  variant, "message", message));
}

/* The checks of an example that states a transformation, on one cell (c: the variant's result). */
static void check_transformation(json_t *meta, const char *variant, json_t *c, const char *cell,
				 json_t *failures)
{
	const char *file = json_string_value(json_object_get(meta, "file"));
	const char *id = json_string_value(json_object_get(meta, "id"));
	int seen = json_is_true(json_object_get(c, "seen"));
	char msg[512];
	if (!strcmp(variant, "plain") && seen && !expected(meta, variant, cell)) {
		fmt_msg(msg, sizeof msg,
			"the plain variant's evidence holds on %s, which evidence-on does not list",
			cell);
		add_failure(failures, file, evidence_on_line(meta), id, cell, variant, msg);
	} else if (!strcmp(variant, "transformed") && !seen) {
		fmt_msg(msg, sizeof msg,
			"the transformation (the plain variant's evidence) is not seen in the "
			"transformed variant's code on %s",
			cell);
		add_failure(failures, file, evidence_line(meta, "plain"), id, cell, variant, msg);
	} else if (!strcmp(variant, "fixed") && seen) {
		fmt_msg(msg, sizeof msg,
			"the transformation (the plain variant's evidence) is seen in the fixed "
			"variant's code on %s",
			cell);
		add_failure(failures, file, evidence_line(meta, "plain"), id, cell, variant, msg);
	}
}

/* Add source_loads/stores and delta_* to each count, from the reference cell. */
static void add_deltas(json_t *counts, json_t *ref)
{
	const char *thread;
	json_t *per;
	json_object_foreach(counts, thread, per) {
		const char *var;
		json_t *c;
		json_object_foreach(per, var, c) {
			json_t *rc = json_object_get(json_object_get(ref, thread), var);
			if (!rc)
				continue;
			long sl = json_integer_value(json_object_get(rc, "loads"));
			long ss = json_integer_value(json_object_get(rc, "stores"));
			long l = json_integer_value(json_object_get(c, "loads"));
			long s = json_integer_value(json_object_get(c, "stores"));
			json_object_set_new(c, "source_loads", json_integer(sl));
			json_object_set_new(c, "source_stores", json_integer(ss));
			json_object_set_new(c, "delta_loads", json_integer(l - sl));
			json_object_set_new(c, "delta_stores", json_integer(s - ss));
		}
	}
}

/* The metadata a page shows: without the predicate trees and the raw block (the explorer and the
 * grader read those from build/data/meta). */
static json_t *page_meta(json_t *meta)
{
	json_t *page = json_deep_copy(meta);
	json_object_del(page, "block");
	if (json_is_object(json_object_get(page, "goal")))
		json_object_del(json_object_get(page, "goal"), "tree");
	static const char *const keys[] = { "evidence", "expect", "quiz", NULL };
	for (int k = 0; keys[k]; k++) {
		const char *v;
		json_t *list;
		json_object_foreach(json_object_get(page, keys[k]), v, list) {
			size_t i;
			json_t *p;
			json_array_foreach(list, i, p)
				json_object_del(p, "tree");
		}
	}
	return page;
}

/* The anchor of an example on its page: prefix + the id with every run of characters that are not
 * ASCII letters or digits replaced by '-' ("ex-load-fusing-need-to-stop"). The templates and the
 * tests read it from the data; nothing else derives it. */
static json_t *anchor(const char *prefix, const char *id)
{
	size_t n = strlen(prefix), start = n;
	char *s = malloc(n + strlen(id) + 1);
	if (!s)
		return json_null();
	memcpy(s, prefix, n);
	for (const char *p = id; *p; p++) {
		int word = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			   (*p >= '0' && *p <= '9');
		if (word)
			s[n++] = *p;
		else if (n == start || s[n - 1] != '-')
			s[n++] = '-';
	}
	s[n] = '\0';
	json_t *j = json_string(s);
	free(s);
	return j;
}

/* Has the example a cell on target t? */
static int target_wanted(json_t *meta, const struct conf *conf, int t)
{
	for (int o = 0; o < conf->nopts; o++) {
		char cell[160];
		xsnprintf(cell, sizeof cell, "%s/%s", conf->targets[t].name, conf->opts[o]);
		if (meta_has_cell(meta, cell))
			return 1;
	}
	return 0;
}

static int write_script(const char *dir, const char *id, const char *target, const char *opt,
			json_t *payload)
{
	char *path = xasprintf("%s/site/asm/%s/%s-%s.js", dir, id, target, opt),
	     *key = xasprintf("asm/%s/%s/%s", id, target, opt);
	char *out = script_json_data("generated by tools/asm (asm-tool collect): disassembly data",
				     key, payload);
	int r = out ? write_text(path, out) : -1;
	free(out);
	free(path);
	free(key);
	return r;
}

static json_t *cell_payload(json_t *meta, json_t *tj, const char *target, const char *opt)
{
	json_t *variants = json_object(), *evidence = json_object(), *classes = json_object();
	json_t *cell = json_object_get(json_object_get(tj, "cells"), opt);
	const char *v;
	json_t *c;
	json_object_foreach(cell, v, c) {
		json_object_set(variants, v, json_object_get(c, "functions"));
		json_object_set(classes, v, json_object_get(c, "src_classes"));
		json_t *e = json_pack("{s:O, s:O, s:O}", "holds", json_object_get(c, "holds"),
				      "predicates", json_object_get(c, "evidence"), "counts",
				      json_object_get(c, "counts"));
		json_t *seen = NULL;
		if (json_object_get(meta, "transformation") && json_object_get(c, "seen"))
			json_object_set(e, "seen", seen = json_object_get(c, "seen"));
		json_object_set_new(e, "says",
				    evidence_says(json_object_get(c, "evidence"), seen,
						  json_is_true(json_object_get(c, "holds"))));
		json_object_set_new(evidence, v, e);
	}
	/* the view's side-by-side comparison of two variants: "a>b" for every pair a before b in the
	 * metadata's order, per thread */
	json_t *diff = json_object(), *order = json_object_get(meta, "variants");
	size_t i, j, k;
	json_t *th;
	for (i = 0; i < json_array_size(order); i++)
		for (j = i + 1; j < json_array_size(order); j++) {
			const char *a = json_string_value(json_array_get(order, i));
			const char *b = json_string_value(json_array_get(order, j));
			json_t *va = json_object_get(variants, a),
			       *vb = json_object_get(variants, b);
			if (!va || !vb)
				continue;
			json_t *per = json_object();
			json_array_foreach(json_object_get(meta, "threads"), k, th)
				json_object_set_new(
					per, json_string_value(th),
					diff_insns(json_object_get(va, json_string_value(th)),
						   json_object_get(vb, json_string_value(th))));
			char *key = xasprintf("%s>%s", a, b);
			json_object_set_new(diff, key, per);
			free(key);
		}
	return json_pack("{s:s, s:s, s:O, s:O, s:o, s:o, s:o, s:o}", "target", target, "opt", opt,
			 "arch", json_object_get(tj, "arch"), "version",
			 json_object_get(tj, "version"), "variants", variants, "src_classes",
			 classes, "evidence", evidence, "diffs", diff);
}

/* Page p opens on cell first ({target, opt}: seen_summary's "first", NULL or null to keep the
 * default): its "default_target" and "default" (the cell's payload in payloads) become that cell's. */
static void open_on_seen(const struct conf *c, json_t *p, const json_t *first,
			 json_t *const payloads[][CONF_MAX_OPTS])
{
	const char *target = json_string_value(json_object_get(first, "target"));
	const char *opt = json_string_value(json_object_get(first, "opt"));
	if (!target || !opt)
		return;
	for (int t = 0; t < c->ntargets; t++)
		for (int o = 0; o < c->nopts; o++)
			if (payloads[t][o] && !strcmp(c->targets[t].name, target) &&
			    !strcmp(c->opts[o], opt)) {
				json_object_set(p, "default", payloads[t][o]);
				json_object_set_new(p, "default_target",
						    json_pack("{s:s, s:s}", "target", target, "opt",
							      opt));
			}
}

/* What collect carries across examples: the matrix, the output folder, the default and the
 * reference cell, and what evidence.json gathers. */
struct collect {
	struct conf conf;
	const char *dir;
	char def_target[80], def_opt[8], ref_target[80], ref_opt[8];
	json_t *versions, *examples, *failures;
	int rc;
};

/* What one example gathers while its cells are read. */
struct example {
	json_t *meta;
	const char *id, *file;
	json_t *results, *targets, *page_default, *ref;
	char ex_default[160]; /* the example's first cell when it has not the matrix's default */
	json_t *tjs[CONF_MAX_TARGETS];
	signed char seen[CONF_MAX_TARGETS][CONF_MAX_OPTS];
	json_t *payloads[CONF_MAX_TARGETS]
			[CONF_MAX_OPTS]; /* each cell's page data, for open_on_seen */
};

/* "compiler/arch/opt" -> target and opt (conf.h has checked the pattern). */
static void split_cell(const char *cell, char *target, size_t tn, char *opt, size_t on)
{
	const char *s = strrchr(cell, '/');
	xsnprintf(target, tn, "%.*s", (int)(s - cell), cell);
	xsnprintf(opt, on, "%s", s + 1);
}

/* The example's analysed targets (data/asm/<id>/<target>.json) into ex->tjs, and the reference
 * cell (source_counts) into ex->ref. */
static void load_targets(struct collect *c, struct example *ex)
{
	for (int t = 0; t < c->conf.ntargets; t++) {
		if (!target_wanted(ex->meta, &c->conf, t))
			continue;
		char *path =
			xasprintf("%s/asm/%s/%s.json", c->dir, ex->id, c->conf.targets[t].name);
		ex->tjs[t] = asm_load_json(path);
		free(path);
		if (!ex->tjs[t]) {
			c->rc = 1;
			continue;
		}
		if (!strcmp(c->conf.targets[t].name, c->ref_target))
			ex->ref = json_object_get(json_object_get(ex->tjs[t], "cells"), c->ref_opt);
	}
}

/* The variants' sources as lines: {variant: {path, lines}}. */
static json_t *read_sources(struct collect *c, const struct example *ex)
{
	json_t *sources = json_object();
	const char *vname;
	json_t *sp;
	json_object_foreach(json_object_get(ex->meta, "sources"), vname, sp) {
		json_t *lines = read_lines(json_string_value(sp));
		if (!lines) {
			fprintf(stderr, "%s: cannot read (example %s)\n", json_string_value(sp),
				ex->id);
			c->rc = 1;
			continue;
		}
		json_object_set_new(sources, vname,
				    json_pack("{s:O, s:o}", "path", sp, "lines", lines));
	}
	return sources;
}

/* A failure for each expected predicate of variant v that does not hold on cellname. */
static void predicate_failures(struct collect *c, const struct example *ex, const char *v,
			       json_t *vc, const char *cellname)
{
	size_t i;
	json_t *p;
	json_array_foreach(json_object_get(vc, "evidence"), i, p) {
		char msg[512];
		if (json_is_true(json_object_get(p, "holds")))
			continue;
		fmt_msg(msg, sizeof msg, "evidence '%s' of the %s variant does not hold on %s",
			json_string_value(json_object_get(p, "expr")), v, cellname);
		add_failure(c->failures, ex->file,
			    (int)json_integer_value(json_object_get(p, "line")), ex->id, cellname,
			    v, msg);
	}
}

/* One cell's variants into the results, the failures and ex->seen; returns whether the plain
 * variant's evidence holds. */
static int cell_results(struct collect *c, struct example *ex, json_t *cell, int t, int o)
{
	const char *tname = c->conf.targets[t].name, *opt = c->conf.opts[o];
	char cellname[160];
	xsnprintf(cellname, sizeof cellname, "%s/%s", tname, opt);
	const char *v;
	json_t *vc;
	int plain_holds = 0;
	json_object_foreach(cell, v, vc) {
		add_deltas(json_object_get(vc, "counts"),
			   ex->ref ? json_object_get(json_object_get(ex->ref, v), "counts") : NULL);
		int holds = json_is_true(json_object_get(vc, "holds"));
		int exp = expected(ex->meta, v, cellname);
		if (!strcmp(v, "plain"))
			plain_holds = holds;
		json_t *r = json_pack("{s:s, s:s, s:s, s:b, s:b, s:O, s:O}", "target", tname, "opt",
				      opt, "variant", v, "holds", holds, "expected", exp,
				      "predicates", json_object_get(vc, "evidence"), "counts",
				      json_object_get(vc, "counts"));
		if (json_object_get(vc, "seen"))
			json_object_set(r, "seen", json_object_get(vc, "seen"));
		json_array_append_new(ex->results, r);
		if (exp && !holds)
			predicate_failures(c, ex, v, vc, cellname);
		if (evidence_on_line(ex->meta))
			check_transformation(ex->meta, v, vc, cellname, c->failures);
		if (!strcmp(v, "plain"))
			ex->seen[t][o] = json_is_true(json_object_get(vc, "seen"));
	}
	return plain_holds;
}

/* The page shows the matrix's default cell, or the example's first. */
static void choose_default(struct collect *c, struct example *ex, const char *tname,
			   const char *opt, json_t *payload)
{
	int is_default = !strcmp(tname, c->def_target) && !strcmp(opt, c->def_opt);
	if (ex->page_default && !is_default)
		return;
	json_decref(ex->page_default);
	ex->page_default = json_incref(payload);
	if (!is_default)
		xsnprintf(ex->ex_default, sizeof ex->ex_default, "%s/%s", tname, opt);
	else
		ex->ex_default[0] = '\0';
}

/* One cell (target t, level o): results, the entry in opts, the data script. */
static void collect_cell(struct collect *c, struct example *ex, int t, int o, json_t *opts)
{
	json_t *tj = ex->tjs[t];
	const char *tname = c->conf.targets[t].name, *opt = c->conf.opts[o];
	json_t *cell = json_object_get(json_object_get(tj, "cells"), opt);
	if (!cell)
		return;
	int plain_holds = cell_results(c, ex, cell, t, o);
	char *script = xasprintf("data/asm/%s/%s-%s.js", ex->id, tname, opt);
	char *key = xasprintf("asm/%s/%s/%s", ex->id, tname, opt);
	json_array_append_new(opts, json_pack("{s:s, s:s, s:s, s:b}", "opt", opt, "script", script,
					      "key", key, "plain_holds", plain_holds));
	free(script);
	free(key);
	const char *v;
	json_t *vc;
	json_object_foreach(cell, v, vc)
		add_src(vc,
			meta_single(ex->meta) ?
				NULL :
				json_object_get(json_object_get(ex->meta, "lines"), v),
			json_object_get(ex->meta, "functions"));
	json_object_foreach(cell, v, vc)
		add_atom_lines(vc);
	json_t *payload = cell_payload(ex->meta, tj, tname, opt);
	if (write_script(c->dir, ex->id, tname, opt, payload) != 0)
		c->rc = 1;
	choose_default(c, ex, tname, opt, payload);
	ex->payloads[t][o] = payload;
}

/* One target's cells, and its entry in the page's targets. */
static void collect_target(struct collect *c, struct example *ex, int t)
{
	json_t *tj = ex->tjs[t];
	const char *tname = c->conf.targets[t].name;
	json_object_set(c->versions, tname, json_object_get(tj, "version"));
	json_t *opts = json_array();
	for (int o = 0; o < c->conf.nopts; o++)
		collect_cell(c, ex, t, o, opts);
	const char *slash = strchr(tname, '/');
	char compiler[64];
	xsnprintf(compiler, sizeof compiler, "%.*s", (int)(slash - tname), tname);
	json_array_append_new(ex->targets,
			      json_pack("{s:s, s:s, s:s, s:O, s:o}", "target", tname, "compiler",
					compiler, "arch", c->conf.targets[t].arch, "version",
					json_object_get(tj, "version"), "opts", opts));
}

/* The page's data, examples/<id>.json; summary: where the transformation is seen. */
static void write_page(struct collect *c, struct example *ex, json_t *sources, json_t *original,
		       json_t *summary)
{
	json_t *diffs = json_object(), *sp;
	const char *vname;
	json_t *plain = json_object_get(json_object_get(sources, "plain"), "lines");
	json_object_foreach(sources, vname, sp)
		if (strcmp(vname, "plain") != 0 && plain)
			json_object_set_new(diffs, vname,
					    diff_lines(plain, json_object_get(sp, "lines")));
	json_t *page = page_meta(ex->meta);
	json_object_set_new(page, "sources", sources);
	json_object_set_new(page, "diffs", diffs);
	json_object_set_new(page, "anchor", anchor("ex-", ex->id));
	json_object_set_new(page, "explorer_anchor", anchor("explorer-", ex->id));
	json_object_set_new(page, "native_anchor", anchor("native-", ex->id));
	json_object_set_new(page, "original", original);
	json_object_set_new(page, "default", ex->page_default ? ex->page_default : json_null());
	ex->page_default = NULL;
	char target[160], opt[8];
	if (ex->ex_default[0])
		split_cell(ex->ex_default, target, sizeof target, opt, sizeof opt);
	json_object_set_new(page, "default_target",
			    json_pack("{s:s, s:s}", "target",
				      ex->ex_default[0] ? target : c->def_target, "opt",
				      ex->ex_default[0] ? opt : c->def_opt));
	json_object_set(page, "targets", ex->targets);
	json_object_set(page, "seen", summary);
	/* the page opens on a cell where it is seen (the summary's "first") */
	open_on_seen(&c->conf, page, json_object_get(summary, "first"), ex->payloads);
	char *path = xasprintf("%s/examples/%s.json", c->dir, ex->id);
	if (write_json_file(path, page, ASM_JSON_FLAGS) != 0) {
		fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
		c->rc = 1;
	}
	free(path);
	json_decref(page);
}

/* The example's entry in evidence.json's examples. */
static void add_example_entry(struct collect *c, struct example *ex, json_t *summary)
{
	const char *slash = strchr(ex->id, '/');
	char *topic = xstrndup(ex->id, slash ? (size_t)(slash - ex->id) : strlen(ex->id));
	json_t *meta = ex->meta;
	json_t *entry = json_pack("{s:s, s:o, s:s, s:O, s:O, s:O, s:s, s:O, s:o}", "id", ex->id,
				  "anchor", anchor("ex-", ex->id), "topic", topic, "title",
				  json_object_get(meta, "title"), "page",
				  json_object_get(meta, "page"), "shows",
				  json_object_get(meta, "shows"), "file", ex->file, "evidence_on",
				  json_object_get(meta, "evidence_on"), "results", ex->results);
	free(topic);
	json_object_set_new(entry, "seen", summary);
	json_object_set(entry, "transformation", json_object_get(meta, "transformation"));
	json_array_append_new(c->examples, entry);
}

/* One example: its cells' data scripts, its page data, its entry and failures. */
static void collect_example(struct collect *c, const char *id)
{
	char *path = xasprintf("%s/meta/%s.json", c->dir, id);
	struct example *ex = xcalloc(1, sizeof *ex);
	ex->meta = asm_load_json(path);
	free(path);
	if (!ex->meta) {
		c->rc = 1;
		free(ex);
		return;
	}
	ex->id = id;
	ex->file = json_string_value(json_object_get(ex->meta, "file"));
	ex->results = json_array();
	ex->targets = json_array();
	memset(ex->seen, SEEN_NO_CELL, sizeof ex->seen);
	load_targets(c, ex);
	json_t *sources = read_sources(c, ex);
	json_t *original = read_lines(ex->file);
	if (!original) {
		fprintf(stderr, "%s: cannot read (example %s)\n", ex->file, id);
		original = json_array();
		c->rc = 1;
	}
	for (int t = 0; t < c->conf.ntargets; t++)
		if (ex->tjs[t])
			collect_target(c, ex, t);
	/* where the transformation is seen: computed over every cell, published */
	json_t *summary = evidence_on_line(ex->meta) ? seen_summary(&c->conf, ex->seen) :
						       json_null();
	write_page(c, ex, sources, original, summary);
	add_example_entry(c, ex, summary);
	json_decref(ex->targets);
	for (int t = 0; t < c->conf.ntargets; t++) {
		json_decref(ex->tjs[t]);
		for (int o = 0; o < c->conf.nopts; o++)
			json_decref(ex->payloads[t][o]);
	}
	json_decref(ex->meta);
	free(ex);
}

/* evidence.json: the matrix (targets with their versions, levels) and every example's results. */
static void write_evidence(struct collect *c)
{
	json_t *tlist = json_array(), *olist = json_array();
	for (int t = 0; t < c->conf.ntargets; t++) {
		const char *tname = c->conf.targets[t].name;
		const char *slash = strchr(tname, '/');
		char compiler[64];
		xsnprintf(compiler, sizeof compiler, "%.*s", (int)(slash - tname), tname);
		json_t *ver = json_object_get(c->versions, tname);
		json_array_append_new(tlist, json_pack("{s:s, s:s, s:s, s:s, s:O}", "target", tname,
						       "compiler", compiler, "arch",
						       c->conf.targets[t].arch, "package",
						       c->conf.targets[t].package, "version",
						       ver ? ver : json_null()));
	}
	for (int o = 0; o < c->conf.nopts; o++)
		json_array_append_new(olist, json_string(c->conf.opts[o]));
	json_t *ev = json_pack("{s:s, s:s, s:o, s:o, s:O, s:O}", "default", c->conf.default_target,
			       "source_counts", c->conf.source_counts, "targets", tlist, "opts",
			       olist, "examples", c->examples, "failures", c->failures);
	char *path = xasprintf("%s/evidence.json", c->dir);
	if (write_json_file(path, ev, ASM_JSON_FLAGS) != 0) {
		fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
		c->rc = 1;
	}
	free(path);
	json_decref(ev);
}

int cmd_collect(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: asm-tool collect CONF DATA_DIR [--no-evidence] ID...\n");
		return 2;
	}
	char err[1024];
	static struct collect c;
	if (conf_load(&c.conf, argv[0], err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	c.dir = argv[1];
	int first = 2, evidence = 1;
	if (argc > 2 && !strcmp(argv[2], "--no-evidence")) {
		evidence = 0;
		first = 3;
	}
	split_cell(c.conf.default_target, c.def_target, sizeof c.def_target, c.def_opt,
		   sizeof c.def_opt);
	split_cell(c.conf.source_counts, c.ref_target, sizeof c.ref_target, c.ref_opt,
		   sizeof c.ref_opt);
	c.versions = json_object();
	c.examples = json_array();
	c.failures = json_array();
	c.rc = 0;
	for (int e = first; e < argc; e++)
		collect_example(&c, argv[e]);
	if (evidence)
		write_evidence(&c);
	json_decref(c.examples);
	json_decref(c.failures);
	json_decref(c.versions);
	conf_free(&c.conf);
	return c.rc;
}
