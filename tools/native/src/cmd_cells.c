/*
 * cmd_cells.c - `native-tool cells META.json TARGET ARCH OBJS OUT.json CACHE_DIR [SCOPE
 * [ARMV8_MODEL]]`: explores every
 * cell of one example x target (the objects listed in OBJS, "<opt> <variant> <path>" lines written
 * by tools/asm/compile.sh) and writes build/data/native/<id>/<target>.json. Each cell's result is
 * cached in CACHE_DIR/<xx>/<hash>.json, the hash of everything it depends on: this tool's binary,
 * the object, the variant's source, the example file and its metadata (and, for an error, which
 * names its cell, the cell's names): identical objects are explored once (see one_cell).
 * Every x86 cell is also explored under x86-TSO (cell.h: "tso"), every AArch64 cell under the
 * Armv8 model ("armv8"; ARMV8_MODEL names another model of tools/model, a broken one for seeing
 * the tests fail, or is "none": no Armv8 exploration, for the benchmark; part of the cache key).
 * SCOPE ("<variants>:<compiler/arch/opt pattern> ..." or all, the default) names the cells to
 * explore; the others are written as {"status": "skipped"} (native.mk: NATIVE_SCOPE).
 * A cell that cannot be explored is written as an error cell and reported on stderr; the exit
 * status is 0 unless the inputs are unusable (make check's native-check fails on error cells).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "cell.h"
#include "buf.h"
#include "example.h" /* tools/example: conf_pattern_match, the one matcher of cell patterns */
#include "cmds.h"
#include "util.h"
#include "workdir.h"

/* XXH3-128 of the named files and strings, as 32 hex digits in out. Returns -1 if a file
 * cannot be read. */
static int cache_key(const char *files[], int nfiles, const char *strs[], int nstrs, char out[33])
{
	XXH3_state_t *st = XXH3_createState();
	XXH3_128bits_reset(st);
	int rc = 0;
	for (int i = 0; i < nfiles && rc == 0; i++) {
		size_t len = 0;
		char *data = files[i] ? read_file(files[i], &len) : xstrdup("");
		if (!data) {
			rc = -1;
			break;
		}
		XXH3_128bits_update(st, &len, sizeof len);
		XXH3_128bits_update(st, data, len);
		free(data);
	}
	for (int i = 0; i < nstrs; i++)
		XXH3_128bits_update(st, strs[i], strlen(strs[i]) + 1);
	XXH128_hash_t h = XXH3_128bits_digest(st);
	XXH3_freeState(st);
	xsnprintf(out, 33, "%016llx%016llx", (unsigned long long)h.high64,
		  (unsigned long long)h.low64);
	return rc;
}

static json_t *cache_get(const char *cache_dir, const char *key)
{
	char *path = xasprintf("%s/%.2s/%s.json", cache_dir, key, key);
	json_t *hit = json_load_file(path, 0, NULL);
	free(path);
	return hit;
}

static void cache_put(const char *cache_dir, const char *key, json_t *r)
{
	char *path = xasprintf("%s/%.2s/%s.json", cache_dir, key, key);
	if (write_json_file(path, r, NATIVE_JSON_FLAGS) != 0)
		fprintf(stderr, "%s: cannot write the cache entry\n", path);
	free(path);
}

/* Whether the result names its cell: an error, also under x86-TSO or Armv8. */
static int names_cell(json_t *r)
{
	return json_object_get(r, "error") || json_object_get(json_object_get(r, "tso"), "error") ||
	       json_object_get(json_object_get(r, "armv8"), "error");
}

/* One cell: from the cache, or explored and cached. tool is the hash of this program.
 * An explored result depends on the object and the texts it is read with, not on the cell's
 * names: identical objects (clang's -O2 and -O3 often are) are explored once, whatever cell
 * they come from. An error (under any model) names its cell, so it is cached under a key with the
 * names. */
static json_t *one_cell(struct cell *c, const char *meta_path, const char *cache_dir,
			const char *tool)
{
	const char *files[] = { c->obj, nmeta_source(c->meta, c->variant), c->meta->file,
				meta_path };
	char *key_tool =
		xasprintf("%s %s", tool, c->armv8 ? mm_model_name(c->a8.model) : "no armv8");
	const char *names[] = { key_tool, c->target, c->opt, c->variant };
	char key[33], named[33];
	int keyed = cache_key(files, 4, names, 1, key) == 0 &&
		    cache_key(files, 4, names, 4, named) == 0;
	free(key_tool);
	json_t *hit = keyed ? cache_get(cache_dir, key) : NULL;
	if (!hit && keyed)
		hit = cache_get(cache_dir, named);
	if (hit)
		return hit;
	json_t *r = cell_run(c);
	if (keyed)
		cache_put(cache_dir, names_cell(r) ? named : key, r);
	return r;
}

static int read_objs(const char *path, char ***lines, int *n)
{
	char *text = read_file(path, NULL);
	if (!text)
		return -1;
	*n = 0;
	*lines = NULL;
	char *save = NULL;
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		*lines = xrealloc(*lines, (size_t)(*n + 1) * sizeof **lines);
		(*lines)[(*n)++] = xstrdup(l);
	}
	free(text);
	return 0;
}

/* Is variant on target/opt in scope? scope: "<variants>:<pattern> ..." words (variants a comma list
 * or any, pattern compiler/arch/opt as in examples/targets.conf), or NULL for every cell. */
static int in_scope(const char *scope, const char *variant, const char *target, const char *opt)
{
	if (!scope)
		return 1;
	char cell[256]; /* targets.conf refuses a target name of 64 bytes or an opt of 8 or more */
	xsnprintf(cell, sizeof cell, "%s/%s", target, opt);
	for (const char *p = scope; *p;) {
		p += strspn(p, " ");
		size_t n = strcspn(p, " "), colon = strcspn(p, ":");
		if (colon < n) {
			char *vs = xasprintf("%.*s", (int)colon, p);
			char *pat = xasprintf("%.*s", (int)(n - colon - 1), p + colon + 1);
			int hit = conf_pattern_match(pat, cell);
			int named = !strcmp(vs, "any");
			for (char *q = vs, *save = NULL, *w;
			     !named && (w = strtok_r(q, ",", &save)); q = NULL)
				named = !strcmp(w, variant);
			free(vs);
			free(pat);
			if (hit && named)
				return 1;
		}
		p += n;
	}
	return 0;
}

static int run(const char *meta_path, const char *target, const struct arch *a, char **objs,
	       int nobjs, const char *out, const char *cache_dir, struct nmeta *meta,
	       const char *scope, int model)
{
	char *dir = workdir_new();
	json_t *cells = json_object();
	int bad = 0;
	char tool[33];
	const char *self[] = { "/proc/self/exe" };
	if (cache_key(self, 1, NULL, 0, tool) != 0) {
		fprintf(stderr, "native-tool: cannot read /proc/self/exe\n");
		workdir_free(dir);
		json_decref(cells);
		return 1;
	}
	for (int i = 0; i < nobjs; i++) {
		/* "<opt> <variant> <object path>" (compile.sh): words of any length, the path last */
		char *line = xstrdup(objs[i]), *save = NULL;
		char *opt = strtok_r(line, " ", &save), *variant = strtok_r(NULL, " ", &save);
		char *obj = strtok_r(NULL, "", &save);
		if (!opt || !variant || !obj) {
			fprintf(stderr, "native-tool: bad line in the object list: %s\n", objs[i]);
			free(line);
			bad = 1;
			break;
		}
		struct cell c = { .meta = meta,
				  .variant = variant,
				  .target = target,
				  .opt = opt,
				  .arch = a,
				  .obj = obj,
				  .workdir = dir };
		cell_defaults(&c);
		c.tso = c.tso_traces = a->is_tso_barrier != NULL; /* x86: also under x86-TSO */
		c.armv8 = model >= 0; /* aarch64: also under the Armv8 model (cell.c) */
		c.a8.model = model >= 0 ? (enum mm_model_id)model : MM_ARMV8;
		json_t *r = in_scope(scope, variant, target, opt) ?
				    one_cell(&c, meta_path, cache_dir, tool) :
				    json_pack("{s:s}", "status", "skipped");
		const char *err = json_string_value(json_object_get(r, "error"));
		if (err)
			fprintf(stderr, "%s\n", err);
		if (!json_object_get(cells, opt))
			json_object_set_new(cells, opt, json_object());
		json_object_set_new(json_object_get(cells, opt), variant, r);
		free(line);
	}
	workdir_free(dir);
	json_t *doc = json_pack("{s:s, s:s, s:s, s:o}", "id", meta->id, "target", target, "arch",
				a->name, "cells", cells);
	return native_write_doc(out, doc, bad);
}

int cmd_cells(int argc, char **argv)
{
	enum mm_model_id model = MM_ARMV8;
	int armv8 = argc < 8 || strcmp(argv[7], "none");
	if ((argc != 6 && argc != 7 && argc != 8) ||
	    (argc == 8 && armv8 && mm_model_parse(argv[7], &model) != 0)) {
		fputs("usage: native-tool cells META.json TARGET ARCH OBJS OUT.json CACHE_DIR [SCOPE "
		      "[ARMV8_MODEL]]\n",
		      stderr);
		return 2;
	}
	const char *scope = argc >= 7 && strcmp(argv[6], "all") ? argv[6] : NULL;
	const char *meta_path = argv[0], *target = argv[1], *objs_path = argv[3];
	const struct arch *a = arch_find(argv[2]);
	if (!a) {
		fprintf(stderr,
			"examples/targets.conf: target %s: the native explorer knows no arch '%s'\n",
			target, argv[2]);
		return 1;
	}
	char err[512];
	struct nmeta meta;
	if (nmeta_load(&meta, meta_path, err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	char **objs;
	int n;
	if (read_objs(objs_path, &objs, &n) != 0) {
		fprintf(stderr,
			"%s: cannot read the object list (written by tools/asm/compile.sh)\n",
			objs_path);
		nmeta_free(&meta);
		return 1;
	}
	int rc = run(meta_path, target, a, objs, n, argv[4], argv[5], &meta, scope,
		     armv8 ? (int)model : -1);
	for (int i = 0; i < n; i++)
		free(objs[i]);
	free(objs);
	nmeta_free(&meta);
	return rc;
}
