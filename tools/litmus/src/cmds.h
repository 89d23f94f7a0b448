/*
 * cmds.h - litmus-tool's commands. Each takes the arguments after its name and returns the
 * exit status: 0 success, 1 a problem with an input (reported as "file:line: message" on
 * stderr), 2 bad usage.
 */
#ifndef LITMUS_CMDS_H
#define LITMUS_CMDS_H

#include "convert.h"
#include "run.h"
#include "buf.h"

int cmd_check(int argc, char **argv);	 /* parse and lower each file */
int cmd_run(int argc, char **argv);	 /* the outcomes under SC, x86-TSO and Armv8, as text */
int cmd_json(int argc, char **argv);	 /* the outcomes as JSON (outjson.h) */
int cmd_convert(int argc, char **argv);	 /* one file as a course example */
int cmd_import(int argc, char **argv);	 /* a folder of tests: examples, JSON, a summary */
int cmd_examples(int argc, char **argv); /* listed tests as examples in one folder */

/* The example text of a test that ran; 0, or -1 with err. goal: LIT_GOAL_* flags; explore_only:
 * the example need not have evidence; lines: NULL or the fixed variant's line map, filled
 * (lit_convert_info). */
int example_text(const struct lit_run *run, const char *source, const char *page, int goal,
		 int explore_only, struct lit_line_map *lines, struct buf *out, char *err,
		 size_t errlen);

/* The JSON text of a run's results (the outjson.h document). NULL when out of memory. */
char *run_json_text(const struct lit_run *run, const char *id);

/* Reads "--name value" options (names listed in opts, values stored in vals) and returns the
 * index of the first other argument, or -1 on an unknown option or a missing value. */
int options(int argc, char **argv, const char *const *opts, const char **vals);

/* The value of --max-states (NULL: not given) in *out, 0 for the enumerator's default. 0, or -1
 * after printing why to stderr (not a whole number from 1 to LIT_MAX_STATES_LIMIT). */
int max_states_option(const char *value, uint64_t *out);

/* herd's verdict must hold under x86-TSO, SC and Armv8 as well (x86 and arm64 implement the
 * kernel's model with the mappings the reference uses, and SC allows less than either): Never and
 * Always carry over. 0 when they do; -1 with err naming the schedule (or, under Armv8, the
 * execution) that breaks them; 1 when a search was partial (or, under Armv8, not supported) and
 * found nothing against them (unchecked: a partial search never agrees). An outcome found by a
 * partial run is still found. */
int lkmm_agrees(const struct lit_run *run, char *err, size_t errlen);

/* "file:1: partial: the reference's search under <model> stopped at its budget ..." for a run
 * with a partial result. */
void partial_message(const struct lit_run *run, char *err, size_t errlen);

#endif
