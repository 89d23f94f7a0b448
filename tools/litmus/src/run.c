/*
 * run.c - see run.h.
 */
#include "run.h"

#include <string.h>

enum lit_status lit_run_file(const char *path, uint64_t max_states, struct lit_run *run, char *err,
			     size_t errlen)
{
	return lit_run_models(path, max_states, (1u << LIT_NMODELS) - 1, run, err, errlen);
}

enum lit_status lit_run_models(const char *path, uint64_t max_states, unsigned models,
			       struct lit_run *run, char *err, size_t errlen)
{
	memset(run, 0, sizeof *run);
	enum lit_status s = lit_parse_file(path, &run->t, err, errlen);
	if (s != LIT_OK)
		return s;
	run->p = lit_lower(run->t, err, errlen);
	if (!run->p)
		return LIT_UNSUPPORTED;
	for (int m = LM_SC; m < LIT_NMODELS; m++)
		if ((models >> m & 1) &&
		    lit_enumerate(run->p, m, LIT_REDUCE, max_states, &run->r[m], err, errlen) < 0)
			return LIT_UNSUPPORTED;
	return LIT_OK;
}

void lit_run_free(struct lit_run *run)
{
	for (int m = LM_SC; m < LIT_NMODELS; m++)
		lit_result_free(&run->r[m]);
	lit_prog_free(run->p);
	lit_free(run->t);
	memset(run, 0, sizeof *run);
}
