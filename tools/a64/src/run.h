/*
 * run.h - the producer of traces for the memory model (tools/model/model.h): one AArch64 thread of
 * a linked image, run ALONE on Unicorn (cpu.h), every read of shared memory given each value its
 * location may hold (a branch of a tree of paths per read, and one per store-exclusive: success or
 * failure). Each path is an mm_trace: the thread's shared accesses and barriers in program order,
 * each with the thread's earlier reads it depends on, from the register dependencies of every
 * instruction executed (insn.h; the rules in tools/a64/README.md, "Dependencies").
 *
 * Shared memory is [shared_lo, shared_hi): its accesses are events. Any other memory (the stack,
 * the image's private data) is the thread's own: its accesses are not events, they read what the
 * thread wrote, and dependencies flow through them (a store then a load of the same bytes: the
 * Arm ARM's "dependency through registers and memory").
 *
 * The same code serves the herd litmus importer (tools/a64) and, next, the native explorer's
 * AArch64 cells: the caller links the image, names the thread's entry and registers, seeds the
 * value sets and maps program counters to source lines.
 */
#ifndef A64_RUN_H
#define A64_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "cpu.h"
#include "model.h"

/* What to run. */
struct a64_prod {
	uint64_t entry; /* the thread's first instruction */
	uint64_t x[31]; /* X0..X30 at the start (X30 is then the return address) */
	uint64_t shared_lo, shared_hi;
	/* Per shared address: its initial value (one), and the values the other threads write. A
	 * read returns one of the others' values, or the thread's own latest write there on this
	 * path if it made one, else the initial value: coherence forbids a thread to read the
	 * initial value or an older write of its own after its write (internal visibility). */
	const struct mm_values *init, *vals;
	long max_steps; /* instructions per path: past it the path is partial */
	long max_paths; /* paths per thread: past it the run stops, partial */
	/* Optional: refuses a shared access (returns non-zero with a message in msg). */
	int (*check)(void *ctx, uint64_t addr, int size, char *msg, size_t n);
	/* Optional: the source line and text of the instruction at pc (for events and errors). */
	void (*where)(void *ctx, uint64_t pc, int *line, const char **text);
	void *ctx;
	/* Optional, for compiled code (tools/native's Armv8 cells; spin.c): */
	/* A hash of the thread's state that is not in its events (registers, flags, private
	 * memory; spin.c adds the open exclusive), asked after every instruction (from: the pc of
	 * the instruction that ran; 0: no state to compare here, e.g. not a loop head). A path
	 * whose state repeats with no write event since the first time (a loop the thread goes
	 * round forever while its reads return the same values) ends there, with
	 * a64_final.spin_from the first event of that cycle. */
	uint64_t (*state)(void *ctx, const struct ucpu *cpu, uint64_t from);
	/* Non-zero: a trap or a fault ends the path as a crash (a64_final.crash) instead of
	 * failing the run. */
	int crashes;
	/* Called at each path's end; its result (malloc'd, or NULL) is a64_final.user. */
	void *(*end)(void *ctx, const struct ucpu *cpu);
};

enum a64_crash {
	A64_NO_CRASH,
	A64_CRASH_TRAP,	 /* BRK, UDF (__builtin_trap(), BUG_ON) */
	A64_CRASH_FAULT, /* an access to unmapped memory (crash_addr) */
	A64_CRASH_OTHER, /* the emulator stopped (an invalid instruction...) */
};

/* How a path ends (mm_trace.final points at one). */
struct a64_final {
	uint64_t x[31]; /* the registers */
	int spin_from;	/* with prod.state: the first event of the cycle it spins in; -1: none */
	enum a64_crash crash; /* with prod.crashes */
	uint64_t crash_pc, crash_addr;
	void *user; /* prod.end's result, freed by a64_paths_free */
};

/* Every path of the thread. */
struct a64_paths {
	struct mm_trace *traces;
	int ntraces;
	int partial;	 /* some path was cut at max_steps, or the run at max_paths */
	const char *why; /* static text naming the bound when partial */
};

/*
 * Runs every path of p on cpu (a ucpu_new of the image; a64_run sets its hooks). Returns 0
 * with out filled (free with a64_paths_free), or -1 with a message in err and the program counter
 * of the instruction in *err_pc: an instruction the model does not know (named), a trap or a
 * fault (unless prod.crashes), a store-exclusive with no matching load-exclusive, an access check
 * refused.
 */
int a64_run(const struct a64_prod *p, struct ucpu *cpu, struct a64_paths *out, char *err,
	    size_t errlen, uint64_t *err_pc);
void a64_paths_free(struct a64_paths *ps);

#endif
