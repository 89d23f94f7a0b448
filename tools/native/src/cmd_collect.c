/*
 * cmd_collect.c - `native-tool collect DATA_DIR ID TARGET...`: gathers one example's cells
 * (DATA_DIR/native/<id>/<target>.json) into DATA_DIR/native/<id>.json (outcome tables of every
 * cell, no traces: what the generator and the cross-check read) and writes one page data script
 * per cell with the traces, DATA_DIR/site/native/<id>/<compiler>/<arch>-<opt>.js (schemas in
 * tools/native/README.md). Each Armv8 witness execution is drawn (a8svg.h) from the cell's listing
 * (DATA_DIR/asm/<id>/<target>.json) and the example's lines (DATA_DIR/examples/<id>.json). The verdicts of the example's predicates on each cell (expect.js, the
 * one checker, in DATA_DIR/native/<id>/expect.json) are merged into both: no predicate is
 * evaluated here.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a8svg.h"
#include "cmds.h"
#include "scriptjson.h"
#include "util.h"

/* Adds to one variant's cell the verdicts expect.js wrote for it (v: {expect, broken, breaks,
 * tso, armv8}): cell.expect, cell.broken, and outcome.breaks for each outcome that breaks a
 * guarantee; the same on cell.tso (an x86 cell under x86-TSO) from v.tso and on cell.armv8 (an
 * AArch64 cell under the Armv8 model) from v.armv8. */
static void merge_verdicts(json_t *cell, json_t *v)
{
	if (!cell || !v)
		return;
	merge_verdicts(json_object_get(cell, "tso"), json_object_get(v, "tso"));
	merge_verdicts(json_object_get(cell, "armv8"), json_object_get(v, "armv8"));
	json_object_set(cell, "expect", json_object_get(v, "expect"));
	json_object_set(cell, "broken", json_object_get(v, "broken"));
	size_t i;
	json_t *o;
	json_array_foreach(json_object_get(cell, "outcomes"), i, o) {
		json_t *b = json_object_get(json_object_get(v, "breaks"),
					    json_string_value(json_object_get(o, "key")));
		if (b)
			json_object_set(o, "breaks", b);
	}
}

static void drop_traces(json_t *cell)
{
	size_t i;
	json_t *o;
	json_array_foreach(json_object_get(cell, "outcomes"), i, o) {
		json_object_del(o, "trace");
		json_object_del(o, "execution");
	}
}

/* The cell without its traces (also under x86-TSO) and witness executions (under Armv8): what
 * the page shows with JavaScript off. */
static json_t *summary(json_t *cell)
{
	json_t *s = json_deep_copy(cell);
	drop_traces(s);
	drop_traces(json_object_get(s, "tso"));
	drop_traces(json_object_get(s, "armv8"));
	return s;
}

/* Draws the Armv8 witness execution of each outcome of one variant's cell that breaks a
 * guarantee (a8svg.h): outcome.picture, and
 * outcome.missing, the number of ordering edges it lacks (its execution's "unordered"). */
static void draw_witnesses(json_t *cell, json_t *functions, json_t *source, const char *href)
{
	struct a8svg_names nm = { functions, source, href };
	size_t i;
	json_t *o;
	json_array_foreach(json_object_get(json_object_get(cell, "armv8"), "outcomes"), i, o) {
		json_t *x = json_object_get(o, "execution");
		/* the outcomes that break a guarantee: the page's weight stays small */
		char *svg = x && json_object_get(o, "breaks") ? a8svg_draw(x, &nm) : NULL;
		if (!svg)
			continue;
		json_object_set_new(o, "picture", json_string(svg));
		json_object_set_new(
			o, "missing",
			json_integer((json_int_t)json_array_size(json_object_get(x, "unordered"))));
		free(svg);
	}
}

/* The listings of target (tools/asm's DATA/asm/<id>/<target>.json), NULL when unreadable. */
static json_t *listings(const char *data, const char *id, const char *target)
{
	char *path = xasprintf("%s/asm/%s/%s.json", data, id, target);
	json_t *doc = json_load_file(path, 0, NULL);
	free(path);
	return doc;
}

static int one_target(const char *data, const char *id, const char *target, json_t *verdicts,
		      json_t *cells, json_t *scripts, json_t *example)
{
	char *path = xasprintf("%s/native/%s/%s.json", data, id, target);
	json_error_t e;
	json_t *doc = json_load_file(path, 0, &e);
	if (!doc) {
		fprintf(stderr, "%s:%d: %s\n", path, e.line, e.text);
		free(path);
		return -1;
	}
	const char *opt;
	json_t *variants;
	int rc = 0;
	json_t *asm = listings(data, id, target);
	const char *anchor = json_string_value(json_object_get(example, "anchor"));
	char *href = xasprintf("#%s", anchor ? anchor : "");
	json_object_foreach(json_object_get(doc, "cells"), opt, variants) {
		char *cell = xasprintf("%s/%s", target, opt);
		char *rel = xasprintf("native/%s/%s-%s.js", id, target, opt);
		char *file = xasprintf("%s/site/%s", data, rel);
		char *key = xasprintf("native/%s/%s/%s", id, target, opt);
		const char *vn;
		json_t *vc;
		json_object_foreach(variants, vn, vc) {
			merge_verdicts(vc, json_object_get(json_object_get(verdicts, cell), vn));
			json_t *lv = json_object_get(
				json_object_get(json_object_get(json_object_get(asm, "cells"), opt),
						vn),
				"functions");
			draw_witnesses(vc, lv, json_object_get(example, "original"), href);
		}
		json_t *payload = json_pack("{s:s, s:s, s:O}", "target", target, "opt", opt,
					    "variants", variants);
		char *text = script_json_data(
			"generated by tools/native (native-tool collect): outcomes and traces of one cell",
			key, payload);
		if (!text || write_file_atomic(file, text, strlen(text)) != 0) {
			fprintf(stderr, "%s: cannot write\n", file);
			rc = -1;
		}
		json_t *sums = json_object();
		const char *v;
		json_t *c;
		json_object_foreach(variants, v, c)
			json_object_set_new(sums, v, summary(c));
		json_object_set_new(cells, cell, sums);
		char *site_path = xasprintf(
			"data/%s", rel); /* the generator copies build/data/site/ to data/ */
		json_object_set_new(scripts, cell, json_string(site_path));
		free(site_path);
		json_decref(payload);
		free(text);
		free(cell);
		free(rel);
		free(file);
		free(key);
	}
	json_decref(doc);
	json_decref(asm);
	free(href);
	free(path);
	return rc;
}

int cmd_collect(int argc, char **argv)
{
	if (argc < 3) {
		fputs("usage: native-tool collect DATA_DIR ID TARGET...\n", stderr);
		return 2;
	}
	const char *data = argv[0], *id = argv[1];
	char *vpath = xasprintf("%s/native/%s/expect.json", data, id);
	json_error_t e;
	json_t *verdicts = json_load_file(vpath, 0, &e);
	if (!verdicts) {
		fprintf(stderr, "%s:%d: %s (written by tools/native/expect.js)\n", vpath, e.line,
			e.text);
		free(vpath);
		return 1;
	}
	free(vpath);
	/* the example's page data (tools/asm): its source lines and anchor, for the witness pictures */
	char *xpath = xasprintf("%s/examples/%s.json", data, id);
	json_t *example = json_load_file(xpath, 0, &e);
	if (!example) {
		fprintf(stderr, "%s:%d: %s\n", xpath, e.line, e.text);
		free(xpath);
		json_decref(verdicts);
		return 1;
	}
	free(xpath);
	json_t *cells = json_object(), *scripts = json_object(), *targets = json_array();
	int rc = 0;
	for (int i = 2; i < argc; i++) {
		json_array_append_new(targets, json_string(argv[i]));
		if (one_target(data, id, argv[i], json_object_get(verdicts, "cells"), cells,
			       scripts, example) != 0)
			rc = 1;
	}
	json_t *doc = json_pack("{s:s, s:o, s:O, s:o, s:o}", "id", id, "targets", targets,
				"guarantees", json_object_get(verdicts, "guarantees"), "cells",
				cells, "scripts", scripts);
	json_decref(verdicts);
	json_decref(example);
	char *out = xasprintf("%s/native/%s.json", data, id);
	rc = native_write_doc(out, doc, rc);
	free(out);
	return rc;
}
