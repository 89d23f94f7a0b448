/*
 * meta.h - the @example metadata block of an example and the markers in its code.
 *
 * meta_parse() reads examples/<topic>/<name>.c, validates the block (unknown or missing keys,
 * bad predicates, unknown thread or variable names, evidence-on patterns that match no cell of
 * the matrix) with "path:line: message" errors, and finds SHARED / STATIC_SHARED / SHARED_INIT /
 * OBSERVED / THREAD / INIT / CHECK markers. meta_json() gives build/data/meta/<id>.json
 * (schema: examples/README.md).
 */
#ifndef ASM_META_H
#define ASM_META_H

#include <jansson.h>
#include <stddef.h>

#include "conf.h"

#define META_MAX 16
#define META_VARIANTS 3

struct meta_var {
	char name[64];
	char type[64];
	int size;		/* bytes on the explorer's wasm32 (ILP32) */
	int size_lp64;		/* bytes on the 64-bit targets */
	int is_static;
	int line;
};

struct meta_pred {
	int line;
	int variant;		/* index into meta_variant_names */
	char kind[16];		/* evidence, quiz: ""; expect: reachable | unreachable */
	char expr[400];
};

struct meta {
	char id[200], file[300];
	char title[300], page[100], shows[600];
	char threads[4][64];
	int nthreads;
	int variants[META_VARIANTS];	/* indexes into meta_variant_names, in file order */
	int nvariants;
	char outcome[META_MAX][64];
	int noutcome;
	char cflags[META_VARIANTS + 1][400];	/* [0] all, [1 + v] per variant */
	struct meta_pred evidence[META_MAX * 2];
	int nevidence;
	char evidence_on[META_MAX][100];
	int nevidence_on;
	struct meta_pred expect[META_MAX * 2];
	int nexpect;
	struct meta_pred quiz[META_MAX * 2];	/* quiz.<variant>: outcome predicates for outcome quizzes */
	int nquiz;
	struct meta_var shared[META_MAX], observed[META_MAX];
	int nshared, nobserved;
	int has_init, has_check;
	int block_end;		/* last line of the metadata block */
};

extern const char *const meta_variant_names[META_VARIANTS];	/* plain fixed transformed */
int meta_variant_index(const char *name);
int meta_has_variant(const struct meta *m, int v);

int meta_parse(struct meta *m, const char *path, const char *id, const struct conf *conf,
	       char *err, size_t errlen);
json_t *meta_json(const struct meta *m, const char *src_dir);
/* Parse the JSON written by meta_json back (for the later build steps). */
int meta_from_json(struct meta *m, json_t *j, char *err, size_t errlen);

#endif
