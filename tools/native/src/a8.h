/*
 * a8.h - inside the Armv8 exploration (armv8.h): the state the parts share. a8paths.c runs INIT
 * and every thread's paths to the fixpoint of the read values; a8exec.c enumerates the
 * executions (tools/model) and makes each allowed one an outcome; a8json.c writes a witness.
 */
#ifndef NATIVE_A8_H
#define NATIVE_A8_H

#include <jansson.h>
#include <stdint.h>

#include "a8live.h"
#include "armv8.h"
#include "cpu.h"
#include "machine.h"
#include "run.h"

#define A8_MAX_THREADS MACHINE_MAX_THREADS

struct a8_range {
	uint64_t lo, hi;
};

struct a8 {
	const struct armv8_config *cfg;
	struct ucpu *cpu;
	int nthreads;
	uint64_t entry[A8_MAX_THREADS];
	uint64_t check_entry; /* CHECK, 0 when none */
	uint64_t shared_lo, shared_hi;
	/* Private memory a thread may change (the writable sections outside course_shared):
	 * each path's end keeps its bytes (a8_end), concatenated in range order. */
	struct a8_range *priv;
	int npriv;
	size_t priv_bytes;
	uint8_t *priv_init;    /* their bytes after INIT */
	struct mm_values init; /* every course_shared address: the 8 bytes from there after INIT */
	struct a64_paths paths[A8_MAX_THREADS];
	int cur; /* the thread running now */
	/* the live registers of each function a thread has looped in (a8live.h), built lazily */
	struct a8_live *live;
	int nlive;
	int rounds;
	int partial;
	const char *why; /* static */
	/* the first error: a malloc'd message about the instruction at err_pc (0: none) */
	char *err;
	uint64_t err_pc;
	/* INIT crashed: how (a8_init returns 1) */
	struct crash init_crash;
};

/* a8paths.c. Runs INIT alone (its memory is then every thread's start). 0; 1 when INIT crashed
 * (a->init_crash); -1 with a->err. */
int a8_init(struct a8 *a);
/* Every thread's paths, with the read values grown to a fixpoint (rounds.h). 0, or
 * -1 with a->err. */
int a8_paths(struct a8 *a);
/* Runs the cpu from its pc, alone and without events, until the function returns (INIT, CHECK).
 * 0; 1 when it crashed (*crash filled); -1 with a->err (past max_steps). */
int a8_run_alone(struct a8 *a, struct crash *crash);
/* A path's crash (a64_final.crash != A64_NO_CRASH) as the SC machine words it (machine.h). */
void a8_crash_of(const struct a64_final *f, struct crash *out);
/* Releases what a8_init and a8_paths made. */
void a8_free(struct a8 *a);
/* The bytes a path left in private memory (a64_final.user). */
const uint8_t *a8_end(const struct mm_trace *tr);
/* The path's end as a64 records it. */
const struct a64_final *a8_final(const struct mm_trace *tr);

/* a8exec.c: the outcomes of the allowed executions, as the "outcomes" array (armv8.h), st the
 * enumeration's counts; NULL with a->err (mixed-size accesses, the model's refusal, two threads
 * writing one private byte, CHECK past the bound). */
json_t *a8_outcomes(struct a8 *a, struct mm_stats *st);
/* a8exec.c: the outcome's reader of memory (outcome.h's mem_reader, cpu a struct ucpu): copies
 * the n bytes at addr of the cpu's memory into buf. 0, or -1 when they are not all mapped. */
int a8_read(const void *cpu, uint64_t addr, void *buf, size_t n);

/* a8json.c: the execution x as JSON ({threads, rf, co, fr, unordered}: unordered, the program-order
 * pairs x contradicts that the model does not order, tools/model's mm_unordered, with init the
 * problem's) and as one line of text. */
json_t *a8_execution_json(const struct a8 *a, const struct mm_exec *x, const struct mm_init *init,
			  int ninit);
char *a8_execution_text(const struct a8 *a, const struct mm_exec *x);

#endif
