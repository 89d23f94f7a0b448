/*
 * meta.h - the example format: the @example metadata block and the markers of the code.
 *
 * meta_parse() reads one example file (a course example examples/<topic>/<name>.c, a lab's
 * student file, a test program), validates it and returns its parsed metadata as JSON: the
 * contract build/data/meta/<id>.json, with every predicate as a tree (schema and rules in
 * examples/README.md). This is the only reader of the format; later steps read the JSON.
 */
#ifndef ASM_META_H
#define ASM_META_H

#include <jansson.h>
#include <stddef.h>

#include "conf.h"

/* Variant names: a course example has plain, fixed and maybe transformed (cut from one file by
 * #if PLAIN / FIXED / TRANSFORMED); a single-variant example has any one of these names or
 * student, and is compiled as it is. */
extern const char *const meta_variant_names[]; /* NULL-terminated */

struct meta_opts {
	const char *src_dir;	  /* where a course example's variants are cut to */
	const char *const *cells; /* compile only on these cells (patterns); none: the matrix;
					   the one pattern "none": on no cell (explored only) */
	int ncells;
};

/* Parses path as example id. Returns the metadata JSON (the caller json_decref()s it), or NULL
 * with "path:line: message" in err. conf: the matrix, for evidence-on and cell patterns. */
json_t *meta_parse(const char *path, const char *id, const struct conf *conf,
		   const struct meta_opts *opts, char *err, size_t errlen);

/* Is the example a single-variant one (meta JSON)? */
int meta_single(const json_t *meta);

/* Does the cell "compiler/arch/opt" match one of patterns (a JSON array of conf patterns)? */
int meta_patterns_match(const json_t *patterns, const char *cell);

/* Does the cell "compiler/arch/opt" belong to the example's matrix (its "cells" patterns)? */
int meta_has_cell(const json_t *meta, const char *cell);

#endif
