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
#include "conf.h"
#include "diff.h"
#include "meta.h"
#include "seen.h"
#include "util.h"

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
			snprintf(key, sizeof key, "%lld", (long long)(first + (json_int_t)l));
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
				snprintf(key, sizeof key, "%lld",
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
		snprintf(
			msg, sizeof msg,
			"the plain variant's evidence holds on %s, which evidence-on does not list",
			cell);
		add_failure(failures, file, evidence_on_line(meta), id, cell, variant, msg);
	} else if (!strcmp(variant, "transformed") && !seen) {
		snprintf(msg, sizeof msg,
			 "the transformation (the plain variant's evidence) is not seen in the "
			 "transformed variant's code on %s",
			 cell);
		add_failure(failures, file, evidence_line(meta, "plain"), id, cell, variant, msg);
	} else if (!strcmp(variant, "fixed") && seen) {
		snprintf(msg, sizeof msg,
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
		snprintf(cell, sizeof cell, "%s/%s", conf->targets[t].name, conf->opts[o]);
		if (meta_has_cell(meta, cell))
			return 1;
	}
	return 0;
}

static int write_script(const char *dir, const char *id, const char *target, const char *opt,
			json_t *payload)
{
	char path[1024], key[512];
	snprintf(path, sizeof path, "%s/site/asm/%s/%s-%s.js", dir, id, target, opt);
	snprintf(key, sizeof key, "asm/%s/%s/%s", id, target, opt);
	json_t *kjs = json_string(key);
	char *body = script_json(payload), *kj = script_json(kjs);
	json_decref(kjs);
	size_t cap = (body ? strlen(body) : 0) + (kj ? strlen(kj) : 0) + 200;
	char *out = body && kj ? malloc(cap) : NULL;
	int r = -1;
	if (out) {
		snprintf(
			out, cap,
			"/* generated by tools/asm (asm-tool collect): disassembly data */\n"
			"window.COURSE_DATA = window.COURSE_DATA || {};\nwindow.COURSE_DATA[%s] = %s;\n",
			kj, body);
		r = write_text(path, out);
	}
	free(out);
	free(body);
	free(kj);
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
		if (json_object_get(meta, "transformation") && json_object_get(c, "seen"))
			json_object_set(e, "seen", json_object_get(c, "seen"));
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
			char key[64];
			snprintf(key, sizeof key, "%s>%s", a, b);
			json_object_set_new(diff, key, per);
		}
	return json_pack("{s:s, s:s, s:O, s:O, s:o, s:o, s:o, s:o}", "target", target, "opt", opt,
			 "arch", json_object_get(tj, "arch"), "version",
			 json_object_get(tj, "version"), "variants", variants, "src_classes",
			 classes, "evidence", evidence, "diffs", diff);
}

int cmd_collect(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: asm-tool collect CONF DATA_DIR [--no-evidence] ID...\n");
		return 2;
	}
	char err[1024];
	static struct conf conf;
	if (conf_load(&conf, argv[0], err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	const char *dir = argv[1];
	int first = 2, evidence = 1;
	if (argc > 2 && !strcmp(argv[2], "--no-evidence")) {
		evidence = 0;
		first = 3;
	}
	char def_target[80], def_opt[8], ref_target[80], ref_opt[8];
	{
		const char *s = strrchr(conf.default_target, '/');
		snprintf(def_target, sizeof def_target, "%.*s", (int)(s - conf.default_target),
			 conf.default_target);
		snprintf(def_opt, sizeof def_opt, "%s", s + 1);
		s = strrchr(conf.source_counts, '/');
		snprintf(ref_target, sizeof ref_target, "%.*s", (int)(s - conf.source_counts),
			 conf.source_counts);
		snprintf(ref_opt, sizeof ref_opt, "%s", s + 1);
	}
	json_t *versions = json_object();
	json_t *examples = json_array(), *failures = json_array();
	int rc = 0;
	for (int e = first; e < argc; e++) {
		const char *id = argv[e];
		char path[1024];
		snprintf(path, sizeof path, "%s/meta/%s.json", dir, id);
		json_t *meta = load_json(path);
		if (!meta) {
			rc = 1;
			continue;
		}
		const char *file = json_string_value(json_object_get(meta, "file"));
		json_t *results = json_array(), *targets = json_array(), *page_default = NULL;
		json_t *ref = NULL;
		char ex_default[160] = "";
		json_t *tjs[CONF_MAX_TARGETS] = { 0 };
		signed char seen[CONF_MAX_TARGETS][CONF_MAX_OPTS];
		memset(seen, SEEN_NO_CELL, sizeof seen);
		for (int t = 0; t < conf.ntargets; t++) {
			if (!target_wanted(meta, &conf, t))
				continue;
			snprintf(path, sizeof path, "%s/asm/%s/%s.json", dir, id,
				 conf.targets[t].name);
			tjs[t] = load_json(path);
			if (!tjs[t]) {
				rc = 1;
				continue;
			}
			if (!strcmp(conf.targets[t].name, ref_target))
				ref = json_object_get(json_object_get(tjs[t], "cells"), ref_opt);
		}
		/* sources of the variants and the diffs plain -> other variants */
		json_t *sources = json_object(), *diffs = json_object();
		const char *vname;
		json_t *sp;
		json_object_foreach(json_object_get(meta, "sources"), vname, sp) {
			json_t *lines = read_lines(json_string_value(sp));
			if (!lines) {
				fprintf(stderr, "%s: cannot read (example %s)\n",
					json_string_value(sp), id);
				rc = 1;
				continue;
			}
			json_object_set_new(sources, vname,
					    json_pack("{s:O, s:o}", "path", sp, "lines", lines));
		}
		json_t *original = read_lines(file);
		if (!original) {
			fprintf(stderr, "%s: cannot read (example %s)\n", file, id);
			original = json_array();
			rc = 1;
		}
		for (int t = 0; t < conf.ntargets; t++) {
			json_t *tj = tjs[t];
			const char *tname = conf.targets[t].name;
			if (!tj)
				continue;
			json_object_set(versions, tname, json_object_get(tj, "version"));
			json_t *opts = json_array();
			for (int o = 0; o < conf.nopts; o++) {
				const char *opt = conf.opts[o];
				json_t *cell = json_object_get(json_object_get(tj, "cells"), opt);
				if (!cell)
					continue;
				char cellname[160];
				snprintf(cellname, sizeof cellname, "%s/%s", tname, opt);
				const char *v;
				json_t *c;
				int plain_holds = 0;
				json_object_foreach(cell, v, c) {
					add_deltas(json_object_get(c, "counts"),
						   ref ? json_object_get(json_object_get(ref, v),
									 "counts") :
							 NULL);
					int holds = json_is_true(json_object_get(c, "holds"));
					int exp = expected(meta, v, cellname);
					if (!strcmp(v, "plain"))
						plain_holds = holds;
					json_t *r = json_pack("{s:s, s:s, s:s, s:b, s:b, s:O, s:O}",
							      "target", tname, "opt", opt,
							      "variant", v, "holds", holds,
							      "expected", exp, "predicates",
							      json_object_get(c, "evidence"),
							      "counts",
							      json_object_get(c, "counts"));
					if (json_object_get(c, "seen"))
						json_object_set(r, "seen",
								json_object_get(c, "seen"));
					json_array_append_new(results, r);
					if (exp && !holds) {
						size_t i;
						json_t *p;
						json_array_foreach(json_object_get(c, "evidence"),
								   i, p) {
							char msg[512];
							if (json_is_true(
								    json_object_get(p, "holds")))
								continue;
							snprintf(msg, sizeof msg,
								 "evidence '%s' of the %s variant "
								 "does not hold on %s",
								 json_string_value(json_object_get(
									 p, "expr")),
								 v, cellname);
							add_failure(
								failures, file,
								(int)json_integer_value(
									json_object_get(p, "line")),
								id, cellname, v, msg);
						}
					}
					if (evidence_on_line(meta))
						check_transformation(meta, v, c, cellname,
								     failures);
					if (!strcmp(v, "plain"))
						seen[t][o] =
							json_is_true(json_object_get(c, "seen"));
				}
				char script[1024], key[512];
				snprintf(script, sizeof script, "data/asm/%s/%s-%s.js", id, tname,
					 opt);
				snprintf(key, sizeof key, "asm/%s/%s/%s", id, tname, opt);
				json_array_append_new(opts,
						      json_pack("{s:s, s:s, s:s, s:b}", "opt", opt,
								"script", script, "key", key,
								"plain_holds", plain_holds));
				json_object_foreach(cell, v, c)
					add_src(c,
						meta_single(meta) ?
							NULL :
							json_object_get(
								json_object_get(meta, "lines"), v),
						json_object_get(meta, "functions"));
				json_t *payload = cell_payload(meta, tj, tname, opt);
				if (write_script(dir, id, tname, opt, payload) != 0)
					rc = 1;
				/* the page shows the matrix's default cell, or the example's first */
				if (!page_default ||
				    (!strcmp(tname, def_target) && !strcmp(opt, def_opt))) {
					json_decref(page_default);
					page_default = json_incref(payload);
					if (strcmp(tname, def_target) || strcmp(opt, def_opt))
						snprintf(ex_default, sizeof ex_default, "%s/%s",
							 tname, opt);
					else
						ex_default[0] = '\0';
				}
				json_decref(payload);
			}
			const char *slash = strchr(tname, '/');
			char compiler[64];
			snprintf(compiler, sizeof compiler, "%.*s", (int)(slash - tname), tname);
			json_array_append_new(
				targets,
				json_pack("{s:s, s:s, s:s, s:O, s:o}", "target", tname, "compiler",
					  compiler, "arch", conf.targets[t].arch, "version",
					  json_object_get(tj, "version"), "opts", opts));
		}
		json_t *plain = json_object_get(json_object_get(sources, "plain"), "lines");
		json_object_foreach(sources, vname, sp)
			if (strcmp(vname, "plain") != 0 && plain)
				json_object_set_new(diffs, vname,
						    diff_lines(plain,
							       json_object_get(sp, "lines")));
		json_t *page = page_meta(meta);
		json_object_set_new(page, "sources", sources);
		json_object_set_new(page, "diffs", diffs);
		json_object_set_new(page, "anchor", anchor("ex-", id));
		json_object_set_new(page, "explorer_anchor", anchor("explorer-", id));
		json_object_set_new(page, "native_anchor", anchor("native-", id));
		json_object_set_new(page, "original", original);
		json_object_set_new(page, "default", page_default ? page_default : json_null());
		if (ex_default[0]) {
			char *slash = strrchr(ex_default, '/');
			*slash = '\0';
			json_object_set_new(page, "default_target",
					    json_pack("{s:s, s:s}", "target", ex_default, "opt",
						      slash + 1));
		} else {
			json_object_set_new(page, "default_target",
					    json_pack("{s:s, s:s}", "target", def_target, "opt",
						      def_opt));
		}
		json_object_set(page, "targets", targets);
		/* where the transformation is seen: computed over every cell, published */
		json_t *summary = evidence_on_line(meta) ? seen_summary(&conf, seen) : json_null();
		json_object_set(page, "seen", summary);
		snprintf(path, sizeof path, "%s/examples/%s.json", dir, id);
		if (write_json_file(path, page, ASM_JSON_FLAGS) != 0) {
			fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
			rc = 1;
		}
		json_decref(page);
		const char *slash = strchr(id, '/');
		char topic[128];
		snprintf(topic, sizeof topic, "%.*s", slash ? (int)(slash - id) : (int)strlen(id),
			 id);
		json_array_append_new(examples,
				      json_pack("{s:s, s:o, s:s, s:O, s:O, s:O, s:s, s:O, s:o}",
						"id", id, "anchor", anchor("ex-", id), "topic",
						topic, "title", json_object_get(meta, "title"),
						"page", json_object_get(meta, "page"), "shows",
						json_object_get(meta, "shows"), "file", file,
						"evidence_on", json_object_get(meta, "evidence_on"),
						"results", results));
		json_t *entry = json_array_get(examples, json_array_size(examples) - 1);
		json_object_set_new(entry, "seen", summary);
		json_object_set(entry, "transformation", json_object_get(meta, "transformation"));
		json_decref(targets);
		for (int t = 0; t < conf.ntargets; t++)
			json_decref(tjs[t]);
		json_decref(meta);
	}
	json_t *tlist = json_array(), *olist = json_array();
	for (int t = 0; t < conf.ntargets; t++) {
		const char *tname = conf.targets[t].name;
		const char *slash = strchr(tname, '/');
		char compiler[64];
		snprintf(compiler, sizeof compiler, "%.*s", (int)(slash - tname), tname);
		json_t *ver = json_object_get(versions, tname);
		json_array_append_new(tlist,
				      json_pack("{s:s, s:s, s:s, s:s, s:O}", "target", tname,
						"compiler", compiler, "arch", conf.targets[t].arch,
						"package", conf.targets[t].package, "version",
						ver ? ver : json_null()));
	}
	for (int o = 0; o < conf.nopts; o++)
		json_array_append_new(olist, json_string(conf.opts[o]));
	json_t *ev = json_pack("{s:s, s:s, s:o, s:o, s:o, s:o}", "default", conf.default_target,
			       "source_counts", conf.source_counts, "targets", tlist, "opts", olist,
			       "examples", examples, "failures", failures);
	char path[1024];
	snprintf(path, sizeof path, "%s/evidence.json", dir);
	if (evidence && write_json_file(path, ev, ASM_JSON_FLAGS) != 0) {
		fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
		rc = 1;
	}
	json_decref(ev);
	json_decref(versions);
	conf_free(&conf);
	return rc;
}
