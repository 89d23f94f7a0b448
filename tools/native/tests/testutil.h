/*
 * testutil.h - helpers for the native explorer's tests: run a thread set of a test object
 * through the whole cell pipeline (link, load, explore, trace) and look at its outcomes.
 */
#ifndef NATIVE_TESTUTIL_H
#define NATIVE_TESTUTIL_H

#include <jansson.h>

#include "arch.h"
#include "machine.h"

/* The object built from tests/programs: sub is "asm" (name = arch) or a C program's name
 * (name = "compiler/arch"). Caller frees. */
char *test_obj(const char *sub, const char *name);

/* The targets of examples/targets.conf as the make rule passes them: "gcc-12/x86_64:x86_64 ...". */
int test_targets(char names[][64], char arches[][16], int max);

/* Explores threads (comma-separated function names) of obj built for arch, with the test
 * programs' variables (big, counter, flag shared; r1 observed) and the given outcome variables
 * (space-separated). local_bound 0: the default. Returns the cell JSON (caller decrefs). */
json_t *test_run(const char *obj, const char *arch, const char *threads, const char *outcome,
		 long local_bound);

/* Explores threads of tso.c's obj (x, y shared; r0, r1 observed) under SC and x86-TSO, on an
 * x86-TSO machine broken as mutant says (TSO_EXACT: the real one). The x86-TSO result is the
 * cell's "tso" (caller decrefs the cell). */
json_t *test_run_tso(const char *obj, const char *arch, const char *threads, const char *outcome,
		     enum tso_mutant mutant);

/* Explores threads of armv8.c's obj (x, y, z, p shared; r0..r3 observed) under SC and the Armv8
 * model `model` of tools/model (a broken one for the tests that must fail), with the producer's
 * dependencies dropped when drop_deps. The Armv8 result is the cell's "armv8". */
json_t *test_run_armv8(const char *obj, const char *arch, const char *threads, const char *outcome,
		       int model, int drop_deps);

/* The same with the C source the object was compiled from (for BUG_ON lines). */
json_t *test_run_src(const char *obj, const char *arch, const char *threads, const char *outcome,
		     const char *source);

/* The outcome keys of a cell result, sorted, joined by " | " (for messages); caller frees. */
char *test_keys(json_t *cell);

/* The outcome with this key, or NULL. */
json_t *test_outcome(json_t *cell, const char *key);

#endif
