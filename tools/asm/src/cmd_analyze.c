/*
 * cmd_analyze.c - `asm-tool analyze`: one example on one target, every -O level and variant:
 * parse the objdump listings, classify accesses, count them per thread and shared variable,
 * evaluate the example's evidence predicates. Writes build/data/asm/<id>/<target>.json.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "cmds.h"
#include "dis.h"
#include "evidence.h"
#include "meta.h"
#include "pred.h"
#include "util.h"

struct count_ctx {
	const struct dis *d;
};

static long count_cb(void *ctx, const char *fn, const char *thread, const char *var)
{
	struct counts c;
	counts_thread(((struct count_ctx *)ctx)->d, thread, var, &c);
	return counts_get(&c, fn);
}

static int analyze_cell(const struct meta *m, const char *target, const char *arch,
			const char *opt, int v, const char *dis_path, const char *intel_path,
			json_t *out)
{
	char err[1024], main_file[256];
	const char *base = strrchr(m->id, '/');
	snprintf(main_file, sizeof main_file, "%s.%s.c", base ? base + 1 : m->id,
		 meta_variant_names[v]);
	char *text = read_file(dis_path, NULL);
	if (!text) {
		fprintf(stderr, "%s: cannot read (example %s, target %s/%s)\n", dis_path, m->id,
			target, opt);
		return -1;
	}
	struct dis d;
	int rc = dis_parse(&d, arch_from_name(arch), text, dis_path, main_file, err, sizeof err);
	free(text);
	if (rc == 0 && intel_path) {
		char *it = read_file(intel_path, NULL);
		rc = it ? dis_add_alt(&d, it, intel_path, err, sizeof err) : -1;
		if (!it)
			snprintf(err, sizeof err, "%s: cannot read", intel_path);
		free(it);
	}
	if (rc != 0) {
		fprintf(stderr, "%s (example %s, target %s/%s)\n", err, m->id, target, opt);
		return -1;
	}
	for (int f = 0; f < d.nfuncs; f++)
		classify_func(&d, &d.funcs[f]);
	const char *shared[META_MAX];
	for (int s = 0; s < m->nshared; s++)
		shared[s] = m->shared[s].name;
	json_t *threads = json_object(), *counts = json_object();
	const char *extra[] = { "course_init", "course_check" };
	for (int t = 0; t < m->nthreads + 2; t++) {
		const char *name = t < m->nthreads ? m->threads[t] : extra[t - m->nthreads];
		if (!thread_present(&d, name)) {
			if (t < m->nthreads) {
				fprintf(stderr, "%s: thread function %s missing (example %s, target %s/%s)\n",
					dis_path, name, m->id, target, opt);
				dis_free(&d);
				return -1;
			}
			continue;
		}
		json_object_set_new(threads, name, thread_json(&d, name, shared, m->nshared));
		json_t *per = json_object();
		for (int s = 0; s < m->nshared; s++) {
			struct counts c;
			counts_thread(&d, name, shared[s], &c);
			json_object_set_new(per, shared[s], counts_json(&c));
		}
		json_object_set_new(counts, name, per);
	}
	struct count_ctx ctx = { &d };
	json_t *preds = json_array();
	int all = 1;
	const char *threads_n[4], *shared_n[META_MAX];
	for (int t = 0; t < m->nthreads; t++)
		threads_n[t] = m->threads[t];
	for (int s = 0; s < m->nshared; s++)
		shared_n[s] = m->shared[s].name;
	struct pred_names names = { threads_n, m->nthreads, shared_n, m->nshared };
	for (int e = 0; e < m->nevidence; e++) {
		if (m->evidence[e].variant != v)
			continue;
		struct ev_pred p;
		if (ev_parse(m->evidence[e].expr, &names, &p, err, sizeof err) != 0) {
			fprintf(stderr, "%s:%d: %s\n", m->file, m->evidence[e].line, err);
			dis_free(&d);
			return -1;
		}
		int holds = ev_eval(&p, count_cb, &ctx);
		all &= holds;
		json_array_append_new(preds, json_pack("{s:i, s:s, s:b}", "line", m->evidence[e].line,
						       "expr", m->evidence[e].expr, "holds", holds));
	}
	dis_free(&d);
	json_t *cell = json_object_get(out, opt);
	if (!cell) {
		cell = json_object();
		json_object_set_new(out, opt, cell);
	}
	json_object_set_new(cell, meta_variant_names[v],
			    json_pack("{s:o, s:o, s:o, s:b}", "functions", threads, "counts", counts,
				      "evidence", preds, "holds", all));
	return 0;
}

int cmd_analyze(int argc, char **argv)
{
	if (argc < 6) {
		fprintf(stderr, "usage: asm-tool analyze META.json TARGET ARCH VERSION OUT.json "
				"OPT:VARIANT:DIS[:INTEL]...\n");
		return 2;
	}
	char err[512];
	static struct meta m;
	json_t *mj = load_json(argv[0]);
	if (!mj || meta_from_json(&m, mj, err, sizeof err) != 0) {
		if (mj)
			fprintf(stderr, "%s: %s\n", argv[0], err);
		json_decref(mj);
		return 1;
	}
	json_decref(mj);
	if (arch_from_name(argv[2]) == ARCH_UNKNOWN) {
		fprintf(stderr, "examples/targets.conf: unknown arch '%s' for %s\n", argv[2], argv[1]);
		return 1;
	}
	json_t *cells = json_object();
	int rc = 0;
	for (int i = 5; i < argc && rc == 0; i++) {
		char spec[2048];
		snprintf(spec, sizeof spec, "%s", argv[i]);
		char *opt = strtok(spec, ":"), *var = strtok(NULL, ":"), *dis = strtok(NULL, ":"),
		     *intel = strtok(NULL, ":");
		int v = var ? meta_variant_index(var) : -1;
		if (!opt || v < 0 || !dis) {
			fprintf(stderr, "asm-tool analyze: bad cell '%s'\n", argv[i]);
			rc = 1;
			break;
		}
		rc = analyze_cell(&m, argv[1], argv[2], opt, v, dis, intel, cells) ? 1 : 0;
	}
	if (rc == 0) {
		json_t *out = json_pack("{s:s, s:s, s:s, s:s, s:o}", "id", m.id, "target", argv[1],
					"arch", argv[2], "version", argv[3], "cells", cells);
		rc = write_json(argv[4], out) ? 1 : 0;
		json_decref(out);
	} else {
		json_decref(cells);
	}
	return rc;
}
