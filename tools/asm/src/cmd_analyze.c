/*
 * cmd_analyze.c - `asm-tool analyze`: one example on one target, every -O level and variant:
 * parse the objdump listings, classify accesses, count them per thread and shared variable,
 * evaluate the example's evidence predicates. Writes build/data/asm/<id>/<target>.json.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "buf.h"
#include "cmds.h"
#include "dis.h"
#include "evidence.h"
#include "example.h"
#include "util.h"
#include "words.h"

struct count_ctx {
	const struct dis *d;
	char err[300]; /* a value-flow analysis that could not be done ("" when none) */
};

/* Evidence atoms are counts, value flows and orders; the outcome atoms never reach asm-tool. */
static long long count_cb(void *ctx, const json_t *atom)
{
	struct count_ctx *c = ctx;
	const char *fn = json_string_value(json_object_get(atom, "fn"));
	const char *t = json_string_value(json_object_get(atom, "thread"));
	const char *v = json_string_value(json_object_get(atom, "var"));
	const char *arg = json_string_value(json_object_get(atom, "arg"));
	if (arg && !strcmp(fn, "stored_before"))
		return before_thread(c->d, t, v, arg, 1);
	if (arg && !strcmp(fn, "loaded_before"))
		return before_thread(c->d, t, v, arg, 0);
	if (arg) {
		struct flows fl;
		if (flows_thread(c->d, t, v, arg, &fl, c->err, sizeof c->err))
			return -1;
		return flows_get(&fl, fn);
	}
	struct counts n;
	counts_thread(c->d, t, v, &n);
	return counts_get(&n, fn);
}

/* The atoms of a tree with their values on this cell: [{"atom": "loads(t1, x)", "value": 2, "fn":
 * "loads", "thread": "t1", "var": "x", "text": "t1 reads x twice"}] (text: words.c), in the order
 * they appear, so the published evidence shows what each predicate was computed from. */
static void atom_values(const json_t *t, struct count_ctx *ctx, json_t *out)
{
	const char *op = json_string_value(json_object_get(t, "op"));
	json_t *args = json_object_get(t, "args");
	if (op && !strcmp(op, "count")) {
		const char *arg = json_string_value(json_object_get(t, "arg"));
		json_t *a = json_sprintf("%s(%s, %s%s%s)",
					 json_string_value(json_object_get(t, "fn")),
					 json_string_value(json_object_get(t, "thread")),
					 json_string_value(json_object_get(t, "var")),
					 arg ? ", " : "", arg ? arg : "");
		json_int_t value = (json_int_t)count_cb(ctx, t);
		const char *fn = json_string_value(json_object_get(t, "fn"));
		const char *thread = json_string_value(json_object_get(t, "thread"));
		const char *var = json_string_value(json_object_get(t, "var"));
		json_t *o = json_pack("{s:o, s:I, s:s, s:s, s:s}", "atom", a, "value", value, "fn",
				      fn, "thread", thread, "var", var);
		json_t *w = atom_words(fn, thread, var, arg, value);
		if (w)
			json_object_set_new(o, "text", w);
		json_array_append_new(out, o);
		return;
	}
	size_t i;
	json_t *c;
	json_array_foreach(args, i, c)
		atom_values(c, ctx, out);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* Where a cell's messages point: "(example <id>, target <target>/<opt>)". */
struct cell_at {
	const char *id, *target, *opt;
};

/* The cell's listing (and its Intel twin when intel_path), parsed and classified into d. src: the
 * variant's source, whose line numbers count. Returns 0, or -1 after printing why. */
static int load_listing(struct dis *d, const char *arch, const char *src, const char *dis_path,
			const char *intel_path, const struct cell_at *at)
{
	char err[1024];
	char *text = read_file(dis_path, NULL);
	if (!text || !src) {
		fprintf(stderr, "%s: cannot read (example %s, target %s/%s)\n", dis_path, at->id,
			at->target, at->opt);
		free(text);
		return -1;
	}
	int rc =
		dis_parse(d, arch_from_name(arch), text, dis_path, base_name(src), err, sizeof err);
	free(text);
	if (rc == 0 && intel_path) {
		char *it = read_file(intel_path, NULL);
		rc = it ? dis_add_alt(d, it, intel_path, err, sizeof err) : -1;
		if (!it)
			fmt_msg(err, sizeof err, "%s: cannot read", intel_path);
		free(it);
	}
	if (rc != 0) {
		fprintf(stderr, "%s (example %s, target %s/%s)\n", err, at->id, at->target,
			at->opt);
		return -1;
	}
	for (int f = 0; f < d->nfuncs; f++)
		classify_func(d, &d->funcs[f]);
	return 0;
}

/* Each thread's functions (and course_init/course_check when present) into threads, its counts per
 * shared variable into counts. Returns 0, or -1 (printed) when a thread's function is missing. */
static int threads_json(const struct dis *d, json_t *m, const char *dis_path,
			const struct cell_at *at, json_t *threads, json_t *counts)
{
	json_t *sv = json_object_get(m, "shared"), *th = json_object_get(m, "threads");
	size_t nshared = json_array_size(sv), nthreads = json_array_size(th);
	const char **shared = xcalloc(nshared + 1, sizeof *shared);
	for (size_t s = 0; s < nshared; s++)
		shared[s] = json_string_value(json_object_get(json_array_get(sv, s), "name"));
	const char *extra[] = { "course_init", "course_check" };
	int rc = 0;
	for (size_t t = 0; t < nthreads + 2 && rc == 0; t++) {
		const char *name = t < nthreads ? json_string_value(json_array_get(th, t)) :
						  extra[t - nthreads];
		if (!thread_present(d, name)) {
			if (t < nthreads) {
				fprintf(stderr,
					"%s: thread function %s missing (example %s, target %s/%s)\n",
					dis_path, name, at->id, at->target, at->opt);
				rc = -1;
			}
			continue;
		}
		json_object_set_new(threads, name, thread_json(d, name, shared, (int)nshared));
		json_t *per = json_object();
		for (size_t s = 0; s < nshared; s++) {
			struct counts c;
			counts_thread(d, name, shared[s], &c);
			json_object_set_new(per, shared[s], counts_json(&c));
		}
		json_object_set_new(counts, name, per);
	}
	free(shared);
	return rc;
}

/* The variant's evidence predicates evaluated on the cell: [{line, expr, holds, atoms}]; *all: do
 * they all hold. */
static json_t *predicates_json(json_t *m, const char *v, struct count_ctx *ctx, int *all)
{
	json_t *preds = json_array(), *p;
	size_t e;
	*all = 1;
	json_array_foreach(json_object_get(json_object_get(m, "evidence"), v), e, p) {
		int holds = pred_eval(json_object_get(p, "tree"), count_cb, ctx) != 0;
		*all &= holds;
		json_t *atoms = json_array();
		atom_values(json_object_get(p, "tree"), ctx, atoms);
		json_array_append_new(preds, json_pack("{s:O, s:O, s:b, s:o}", "line",
						       json_object_get(p, "line"), "expr",
						       json_object_get(p, "expr"), "holds", holds,
						       "atoms", atoms));
	}
	return preds;
}

/* "seen": the transformation is in this code, i.e. every predicate of the plain variant's evidence
 * holds on it (also for the fixed and transformed variants' code: the evidence test wants it in the
 * transformed code and not in the fixed code). */
static int plain_seen(json_t *plain_ev, struct count_ctx *ctx)
{
	size_t e;
	json_t *p;
	int seen = json_array_size(plain_ev) > 0;
	json_array_foreach(plain_ev, e, p)
		seen &= pred_eval(json_object_get(p, "tree"), count_cb, ctx) != 0;
	return seen;
}

static int analyze_cell(json_t *m, const char *target, const char *arch, const char *opt,
			const char *v, const char *dis_path, const char *intel_path, json_t *out)
{
	struct cell_at at = { json_string_value(json_object_get(m, "id")), target, opt };
	const char *src = json_string_value(json_object_get(json_object_get(m, "sources"), v));
	struct dis d;
	if (load_listing(&d, arch, src, dis_path, intel_path, &at) != 0)
		return -1;
	json_t *threads = json_object(), *counts = json_object();
	if (threads_json(&d, m, dis_path, &at, threads, counts) != 0) {
		dis_free(&d);
		json_decref(threads);
		json_decref(counts);
		return -1;
	}
	struct count_ctx ctx = { &d, "" };
	int all;
	json_t *preds = predicates_json(m, v, &ctx, &all);
	json_t *plain_ev = json_object_get(json_object_get(m, "evidence"), "plain");
	int seen = plain_seen(plain_ev, &ctx);
	dis_free(&d);
	if (ctx.err[0]) {
		fprintf(stderr, "%s: %s (example %s, target %s/%s)\n", dis_path, ctx.err, at.id,
			target, opt);
		json_decref(threads);
		json_decref(counts);
		json_decref(preds);
		return -1;
	}
	json_t *cell = json_object_get(out, opt);
	if (!cell) {
		cell = json_object();
		json_object_set_new(out, opt, cell);
	}
	json_t *res = json_pack("{s:o, s:o, s:o, s:b}", "functions", threads, "counts", counts,
				"evidence", preds, "holds", all);
	if (plain_ev)
		json_object_set_new(res, "seen", json_boolean(seen));
	json_object_set_new(cell, v, res);
	return 0;
}

int cmd_analyze(int argc, char **argv)
{
	if (argc < 5) { /* no cell: a target without any of the example's cells (its cells key) */
		fprintf(stderr, "usage: asm-tool analyze META.json TARGET ARCH VERSION OUT.json "
				"[OPT:VARIANT:DIS[:INTEL]...]\n");
		return 2;
	}
	json_t *m = asm_load_json(argv[0]);
	if (!m)
		return 1;
	if (!json_is_object(m) || !json_string_value(json_object_get(m, "id")) ||
	    !json_is_array(json_object_get(m, "threads"))) {
		fprintf(stderr, "%s: not the metadata JSON of asm-tool meta\n", argv[0]);
		json_decref(m);
		return 1;
	}
	if (arch_from_name(argv[2]) == ARCH_UNKNOWN) {
		fprintf(stderr, "examples/targets.conf: unknown arch '%s' for %s\n", argv[2],
			argv[1]);
		json_decref(m);
		return 1;
	}
	json_t *cells = json_object();
	int rc = 0;
	for (int i = 5; i < argc && rc == 0; i++) {
		/* OPT:VARIANT:DIS[:INTEL], split at the first three colons */
		char *spec = strdup(argv[i]);
		char *opt = spec, *var = opt ? strchr(opt, ':') : NULL, *dis = NULL, *intel = NULL;
		if (var) {
			*var++ = '\0';
			dis = strchr(var, ':');
		}
		if (dis) {
			*dis++ = '\0';
			intel = strchr(dis, ':');
			if (intel)
				*intel++ = '\0';
		}
		if (!dis || !json_object_get(json_object_get(m, "sources"), var)) {
			fprintf(stderr, "asm-tool analyze: bad cell '%s'\n", argv[i]);
			rc = 1;
		} else {
			rc = analyze_cell(m, argv[1], argv[2], opt, var, dis, intel, cells) ? 1 : 0;
		}
		free(spec);
	}
	if (rc == 0) {
		json_t *out = json_pack("{s:O, s:s, s:s, s:s, s:o}", "id", json_object_get(m, "id"),
					"target", argv[1], "arch", argv[2], "version", argv[3],
					"cells", cells);
		rc = write_json_file(argv[4], out, ASM_JSON_FLAGS) ? 1 : 0;
		if (rc)
			fprintf(stderr, "%s: cannot write: %s\n", argv[4], strerror(errno));
		json_decref(out);
	} else {
		json_decref(cells);
	}
	json_decref(m);
	return rc;
}
