/*
 * cell.h - one cell of the matrix (example variant x target x -O level), end to end: link its
 * object, load it, explore it, replay each outcome's witness into a trace, as JSON.
 */
#ifndef NATIVE_CELL_H
#define NATIVE_CELL_H

#include <jansson.h>

#include "arch.h"
#include "armv8.h"
#include "explore.h"
#include "machine.h"
#include "nmeta.h"

struct cell {
	const struct nmeta *meta;
	const char *variant;
	const char *target; /* "gcc-12/aarch64" */
	const char *opt;    /* "O2" */
	const struct arch *arch;
	const char *obj;     /* the compiled object */
	const char *workdir; /* an existing scratch directory */
	struct explore_config limits;
	long local_bound;
	int traces;	/* replay every witness into a trace */
	int tso;	/* x86 only: also explore under x86-TSO, as "tso" */
	int tso_traces; /* and replay its witnesses into traces too (with the store buffers) */
	enum tso_mutant mutant; /* tests only: a broken x86-TSO machine */
	int armv8;		/* aarch64 only: also explore under the Armv8 model, as "armv8" */
	struct armv8_config a8; /* its model and bounds (armv8_defaults; meta, image: cell_run's) */
};

/* The cell's result (schema in tools/native/README.md): {"status": "ok", outcomes, ...} or
 * {"status": "error", "error": "examples/<id>.c:LINE: <target>/<opt>: variant <v>: ..."}.
 * With tso (on x86), an ok result also has "tso": the same fields under x86-TSO (its own
 * status and error), its outcomes with traces when tso_traces. With armv8 (on aarch64), an ok
 * result also has "armv8": the cell under the Armv8 model (armv8.h), or its error. Never NULL. */
json_t *cell_run(const struct cell *c);

/* The default limits of the build. */
void cell_defaults(struct cell *c);

#endif
