/*
 * cmd_behaviour.c - `native-tool behaviour DATA_DIR ID...`: for each example, the fix's guarantees
 * (the fixed variant's `unreachable` lines, listed by `collect` in DATA_DIR/native/<id>.json) and
 * the matrix cells whose real plain code breaks each of them, with the witness to replay. Writes
 * DATA_DIR/native/behaviour.json (schema in tools/native/README.md) for the "How real" page, each
 * example named as its page data names it (DATA_DIR/examples/<id>.json: title, page and anchor,
 * tools/asm collect); and under Armv8 the AArch64 cells whose plain code (armv8_plain) and whose
 * fixed code (armv8_fixed) break each guarantee on an Arm processor. The predicates were evaluated by expect.js (the one checker); this only
 * gathers its verdicts.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "util.h"

static json_t *load(const char *data, const char *dir, const char *id)
{
	char *path = xasprintf("%s/%s/%s.json", data, dir, id);
	json_t *j = json_load_file(path, 0, NULL);
	free(path);
	return j;
}

/* The result of one variant of a cell in a model: the cell's own (model NULL) or its model's
 * ("armv8"), when complete; NULL otherwise. */
static json_t *result(json_t *variants, const char *variant, const char *model)
{
	json_t *r = json_object_get(variants, variant);
	if (model)
		r = json_object_get(r, model);
	if (!r || !model)
		return r;
	const char *status = json_string_value(json_object_get(r, "status"));
	int complete = status && !strcmp(status, "ok") &&
		       !json_is_true(json_object_get(r, "partial"));
	return complete ? r : NULL;
}

/* Appends to each guarantee's list `key` the cells whose variant's code breaks it (in model, see
 * result()); *cells counts the cells with that result. */
static void reached(json_t *bad, json_t *native, const char *variant, const char *model,
		    const char *key, int *cells)
{
	const char *cell;
	json_t *variants;
	json_object_foreach(json_object_get(native, "cells"), cell, variants) {
		json_t *r = result(variants, variant, model);
		if (!r)
			continue;
		(*cells)++;
		size_t i;
		json_t *b;
		json_array_foreach(bad, i, b) {
			json_t *hit =
				native_json_find(json_object_get(r, "broken"), "expr",
						 json_string_value(json_object_get(b, "expr")));
			if (!hit)
				continue;
			const char *slash = strrchr(cell, '/');
			char *target = xasprintf("%.*s", (int)(slash - cell), cell);
			json_array_append_new(json_object_get(b, key),
					      json_pack("{s:s, s:s, s:s, s:O, s:O}", "cell", cell,
							"target", target, "opt", slash + 1,
							"witness", json_object_get(hit, "witness"),
							"key", json_object_get(hit, "key")));
			free(target);
		}
	}
}

/* The entry of one example: its page data's names, each guarantee with the cells that break it.
 * NULL when the page data lacks a name (a stale or foreign file). */
static json_t *example_entry(json_t *page, json_t *native)
{
	json_t *bad = json_array();
	size_t k;
	json_t *key;
	json_array_foreach(json_object_get(native, "guarantees"), k, key)
		json_array_append_new(bad, json_pack("{s:O, s:O, s:[], s:[], s:[]}", "expr",
						     json_object_get(key, "expr"), "line",
						     json_object_get(key, "line"), "cells",
						     "armv8_plain", "armv8_fixed"));
	int cells = 0, a8 = 0, a8f = 0;
	reached(bad, native, "plain", NULL, "cells", &cells);
	reached(bad, native, "plain", "armv8", "armv8_plain", &a8);
	reached(bad, native, "fixed", "armv8", "armv8_fixed", &a8f);
	return json_pack("{s:O, s:O, s:O, s:O, s:O, s:o, s:i, s:i}", "id",
			 json_object_get(page, "id"), "file", json_object_get(page, "file"),
			 "title", json_object_get(page, "title"), "page",
			 json_object_get(page, "page"), "anchor", json_object_get(page, "anchor"),
			 "bad", bad, "cells", cells, "armv8_cells", a8);
}

int cmd_behaviour(int argc, char **argv)
{
	if (argc < 2) {
		fputs("usage: native-tool behaviour DATA_DIR ID...\n", stderr);
		return 2;
	}
	const char *data = argv[0];
	json_t *examples = json_array();
	int rc = 0;
	for (int i = 1; i < argc; i++) {
		json_t *native = load(data, "native", argv[i]),
		       *page = load(data, "examples", argv[i]);
		json_t *entry = native && page ? example_entry(page, native) : NULL;
		if (!entry) {
			fprintf(stderr,
				"%s/native/%s.json: missing, or its page data (examples/%s.json) lacks "
				"id, file, title, page or anchor\n",
				data, argv[i], argv[i]);
			rc = 1;
		} else {
			json_array_append_new(examples, entry);
		}
		json_decref(native);
		json_decref(page);
	}
	json_t *doc = json_pack("{s:o}", "examples", examples);
	char *out = xasprintf("%s/native/behaviour.json", data);
	rc = native_write_doc(out, doc, rc);
	free(out);
	return rc;
}
