/*
 * armv8.h - one AArch64 cell under the Armv8 memory model (the Arm ARM's B2.3, tools/model):
 * INIT runs alone; each thread function runs alone on the cell's linked image with every load
 * of course_shared given each value its location may hold (tools/a64's producer, grown to a
 * fixpoint); tools/model enumerates the candidate executions and keeps the ones the model
 * allows; CHECK runs on each one's co-final memory. The outcomes are in the SC explorer's format
 * and key (outcome.h); each has a witness execution. tools/native/README.md, "Armv8".
 */
#ifndef NATIVE_ARMV8_H
#define NATIVE_ARMV8_H

#include <jansson.h>
#include <stdint.h>

#include "image.h"
#include "model.h"
#include "nmeta.h"
#include "outcome.h"

struct armv8_config {
	const struct nmeta *meta;
	const char *variant; /* for the example file's lines (nmeta_file_line) */
	const struct oview *ov;
	const struct image *im;
	enum mm_model_id model; /* MM_ARMV8; a broken one for the tests */
	long max_steps;		/* instructions of one path of a thread (a loop's bound) */
	long max_paths;		/* paths of one thread */
	uint64_t max_checked;	/* candidate executions */
	uint64_t max_searched;	/* steps of the search for a location's coherence orders */
	int executions;		/* each outcome's witness execution as JSON ("execution") */
	int drop_deps; /* tests only: a broken producer, every dependency of every event lost */
};

/* The defaults of the build. */
void armv8_defaults(struct armv8_config *c);

/* The cell under the model: {"status": "ok", "partial", "why", "executions", "allowed", "paths",
 * "rounds", "explore_ms", "outcomes": [{key, values, hang, crash, done, witness, executions,
 * execution}]} (tools/native/README.md), or NULL when the cell cannot be explored under the model
 * (an instruction the classifier does not know, mixed-size accesses, a byte outside course_shared
 * that two threads write...): then *err is a malloc'd message and *pc the instruction it is about
 * (0 when none). */
json_t *armv8_explore(const struct armv8_config *c, char **err, uint64_t *pc);

#endif
