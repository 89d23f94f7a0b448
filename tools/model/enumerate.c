/* enumerate.c - candidate executions: one trace per thread, rf, co; each judged by the model
 * (model.h). STUB: the contract is committed first; the implementation follows. */
#include "buf.h"
#include "model.h"

int mm_enumerate(const struct mm_problem *p, mm_exec_fn fn, void *ctx, struct mm_stats *stats,
		 char **err)
{
	(void)p, (void)fn, (void)ctx;
	*stats = (struct mm_stats){ 0 };
	*err = xstrdup("tools/model: mm_enumerate is not implemented yet");
	return -1;
}
