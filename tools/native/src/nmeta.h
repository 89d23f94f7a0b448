/*
 * nmeta.h - the parts of an example's metadata the native explorer uses, read from
 * build/data/meta/<id>.json (written by tools/asm; schema in examples/README.md). The
 * explorer never reads the example's comment block itself.
 */
#ifndef NATIVE_NMETA_H
#define NATIVE_NMETA_H

#include "machine.h"

struct nvar {
	char *name, *type;
	int shared;    /* SHARED / STATIC_SHARED, else OBSERVED */
	int is_static; /* STATIC_SHARED: the compiler may delete it */
	int line;      /* of its marker in the example file */
};

struct nmeta {
	char *id, *file;
	char *threads[MACHINE_MAX_THREADS];
	int nthreads;
	struct nvar *vars; /* shared, then observed */
	int nvars;
	char **outcome; /* names of the outcome's values, in order */
	int noutcome;
	int has_init, has_check;
	char *variants[3];
	int nvariants;
	char *sources[3]; /* per variant: build/data/src/<id>.<variant>.c */
	int *lines[3];	  /* per variant: the metadata's "lines" (example file line of each of its
			     source's lines), NULL when the example has no map */
	int nlines[3];
};

/* Reads path. Returns 0, or -1 with "path: message" in err. nmeta_free releases it. */
int nmeta_load(struct nmeta *m, const char *path, char *err, size_t errlen);
void nmeta_free(struct nmeta *m);

/* The variable called name, or NULL. */
const struct nvar *nmeta_var(const struct nmeta *m, const char *name);

/* The source file of a variant, or NULL if the example has no such variant. */
const char *nmeta_source(const struct nmeta *m, const char *variant);

/* The example file's line of line `line` (1-based) of a variant's source, read from the metadata's
 * map ("lines", which asm-tool linemap writes with tools/asm/src/diff.c diff_line_map: the one
 * numbering every step reads). 0 when the variant is unknown, the line is out of the map or the map
 * says the file has no such line. An example without a map (a single-variant example, compiled as
 * it is) keeps the variant's numbers. */
int nmeta_file_line(const struct nmeta *m, const char *variant, int line);

#endif
