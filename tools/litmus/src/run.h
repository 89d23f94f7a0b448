/*
 * run.h - one litmus file from text to results: parse, lower, enumerate under SC, x86-TSO and Armv8.
 * What the command-line tool does for every file.
 */
#ifndef LITMUS_RUN_H
#define LITMUS_RUN_H

#include "enumerate.h"

struct lit_run {
	struct lit_test *t;
	struct lit_prog *p;
	struct lit_result r[LIT_NMODELS]; /* [LM_SC], [LM_TSO], [LM_ARMV8] */
};

/*
 * Fills run (free it with lit_run_free, also after a failure). Returns the parse status; a
 * failure to lower or enumerate is LIT_UNSUPPORTED. err holds "path:line: message".
 */
enum lit_status lit_run_file(const char *path, uint64_t max_states, struct lit_run *run, char *err,
			     size_t errlen);
/* As lit_run_file for the models whose bit (1 << model) is in `models` only; the others' results
 * stay empty. */
enum lit_status lit_run_models(const char *path, uint64_t max_states, unsigned models,
			       struct lit_run *run, char *err, size_t errlen);
void lit_run_free(struct lit_run *run);

#endif
