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
	const char *unit; /* what count, pos and neg count: "execution" (x86.h: "state") */
	struct mm_stats stats;
};

/* The key of a final state: "0:X0=1; x=2;" over t's observed registers and locations, a value
 * that is a location's address (loc_addr may be NULL) named as the location. Caller frees. */
char *a64_state_key(const struct a64_test *t, const struct a64_state_fns *s,
		    const uint64_t *loc_addr);
/* Adds n to outcome key's count (taking key) and to pos or neg. */
void a64_result_count(struct a64_result *r, char *key, int holds, uint64_t n);
/* Sorts the outcomes and sets word and ok from pos, neg and partial. */
void a64_result_conclude(const struct a64_test *t, struct a64_result *r);

/* Returns 0 with r filled (a64_result_free), or -1 with *err a malloc'd "file:line: message". */
int a64_verdict(const struct a64_image *ai, const struct a64_explore *ex, enum mm_model_id model,
		struct a64_result *r, char **err);
void a64_result_free(struct a64_result *r);

#endif
