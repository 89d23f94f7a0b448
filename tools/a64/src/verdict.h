/*
 * verdict.h - a test's outcomes under a model: the checker (tools/model) enumerates the candidate
 * executions of the threads' paths and keeps those the model allows; each one's final state
 * (registers from the paths, locations from coherence) is an outcome, and the condition says
 * whether it is a witness. The verdict is herd's word for the condition: Never, Sometimes, Always.
 */
#ifndef A64_VERDICT_H
#define A64_VERDICT_H

#include <stdint.h>

#include "explore.h"
#include "model.h"

struct a64_outcome {
	char *key;	/* "0:X0=1; 1:X2=0; x=2;" over the observed registers and locations */
	int holds;	/* the condition holds in it */
	uint64_t count; /* allowed executions ending in it */
};

struct a64_result {
	struct a64_outcome *out; /* sorted by key */
	int nout;
	uint64_t pos,
		neg;	 /* complete executions (past the filter) where the condition holds / not */
	uint64_t cut;	 /* allowed executions with a path cut at a bound (not outcomes) */
	int partial;	 /* the search was cut somewhere: Never and Always cannot be said */
	const char *why; /* then the bound, in words (static) */
	const char *word; /* "Never", "Sometimes", "Always", or NULL when partial says nothing */
	int ok;		  /* the quantifier's claim is established (exists: some witness...) */
	struct mm_stats stats;
};

/* Returns 0 with r filled (a64_result_free), or -1 with *err a malloc'd "file:line: message". */
int a64_verdict(const struct a64_image *ai, const struct a64_explore *ex, enum mm_model_id model,
		struct a64_result *r, char **err);
void a64_result_free(struct a64_result *r);

#endif
