/*
 * machine.h - one linked cell running on Unicorn: a CPU context and a stack per thread, and
 * the scheduling model of the native explorer.
 *
 * A step of thread t performs t's pending access to shared memory (course_shared) and then
 * runs t's private code up to its next shared access, where it pauses again. Each memory
 * access is its own step, as the hardware performs it: an instruction that makes several
 * accesses (stp, ldp, a non-locked x86 read-modify-write) takes one step per access; the
 * instruction is executed for real at each of them (undone and re-executed with the values it
 * already read), and it completes at its last access. A locked or LSE/AMO read-modify-write
 * is one step, and a load-exclusive runs in the same step up to its store-exclusive, so
 * atomic operations stay atomic. Before the first step INIT runs alone and every thread runs
 * up to its first shared access. CHECK runs when every thread has returned.
 *
 * A thread that runs private code forever (a loop with no shared access, whose state repeats)
 * is T_SPIN: it can never be woken. One that runs more than local_bound instructions without
 * a shared access and without repeating is T_BOUND. A fault, a trap (BUG_ON) or an invalid
 * instruction makes it T_CRASHED, and a crash ends the run.
 *
 * Whole machine states can be saved, restored and hashed (equal hashes: equal states: the
 * registers of every paused thread, its stack above the stack pointer and its progress in a
 * split instruction, every writable section of the image and, under x86-TSO, every store
 * buffer).
 *
 * x86-TSO (mconfig.tso, x86 only: Owens, Sarkar, Sewell 2009; the WebAssembly explorer's
 * {model: 'tso'}): every thread has a FIFO store buffer. Memory (the course_shared bytes of
 * the image) is the global memory; a thread's step at a shared store puts the store at the end
 * of its buffer and memory does not change; its loads read, byte by byte, its own newest
 * buffered store covering the byte and memory for the others (the instruction runs on memory
 * overlaid with its buffer, oldest store first). machine_drain writes the oldest store of a
 * buffer to memory: a step of its own ('D'). mfence, a lock-prefixed instruction and xchg with
 * memory (arch is_tso_barrier, on any address, also thread-private ones) wait until the
 * thread's buffer is empty: a thread running private code stops before such an instruction when
 * its buffer is not empty, and a thread paused at one is not enabled (machine_enabled) until
 * its buffer drained; its next step goes on past it ('F' when it made no shared access).
 * Atomic instructions write memory directly (their buffer is empty).
 */
#ifndef NATIVE_MACHINE_H
#define NATIVE_MACHINE_H

#include <stddef.h>
#include <stdint.h>

#include "arch.h"
#include "image.h"
#include "schedule.h"

/* every explorer's limit (tools/lib/schedule.h: a thread is one digit of a schedule) */
#define MACHINE_MAX_THREADS SCHED_MAX_THREADS
#define MACHINE_MAX_ACC 8 /* shared accesses one instruction may make */
#define MACHINE_SB_MAX 16 /* stores one x86-TSO store buffer holds (see machine_step) */

enum tstatus { T_PAUSED, T_DONE, T_CRASHED, T_SPIN, T_BOUND };

enum crash_kind {
	CRASH_TRAP,   /* ud2, brk, ebreak, unimp: __builtin_trap() (BUG_ON) */
	CRASH_NULL,   /* an access below LINK_TEXT_BASE */
	CRASH_ACCESS, /* an access to unmapped or protected memory elsewhere */
	CRASH_STACK,  /* the stack ran into its guard */
	CRASH_INSN,   /* an instruction the emulator does not know */
	CRASH_OTHER,  /* anything else the emulator reported */
};

struct crash {
	enum crash_kind kind;
	uint64_t pc, addr;
	char what[64]; /* CRASH_OTHER: the emulator's words */
};

struct access {
	char kind;   /* 'R' read or 'W' write */
	int size;    /* bytes, at most 8 */
	uint64_t pc; /* the instruction that made it */
	uint64_t addr;
	uint64_t value; /* read or written, zero-extended */
};

/* What one machine_step did. */
struct step {
	int thread;
	/* 'R', 'W' or 'U' (an atomic read-modify-write); x86-TSO: 'W' is a store entering the
	 * buffer, 'D' the drain of the buffer's oldest store (its access: the write to memory),
	 * 'F' going on past a barrier that made no shared access (once the buffer is empty). */
	char kind;
	struct access acc[2 * MACHINE_MAX_ACC];
	int nacc;
	int part,
		parts; /* a split instruction: this was access part (from 0) of parts; else 0, 1 */
};

/* Broken x86-TSO machines, for the tests that must fail on them. */
enum tso_mutant {
	TSO_EXACT,
	TSO_NO_BUFFER,	    /* stores go to memory at once (sequential consistency) */
	TSO_NO_FORWARD,	    /* a load ignores its own thread's buffer */
	TSO_FENCE_NO_DRAIN, /* barriers do not wait for the buffer */
};

struct mconfig {
	const struct arch *arch;
	const struct image *image;
	const char *threads[MACHINE_MAX_THREADS]; /* the thread functions, by symbol name */
	int nthreads;
	const char *init, *check; /* optional functions, NULL when absent */
	long local_bound;	  /* instructions between two shared accesses before T_BOUND */
	int tso;		  /* x86-TSO store buffers (arch->is_tso_barrier must exist) */
	enum tso_mutant mutant;	  /* tests only: a broken x86-TSO machine */
};

struct machine;
struct snapshot;

/* Maps the image and sets up the threads (nothing runs yet). Returns 0, or -1 with a
 * message in err (a missing thread function, an unusable image, an emulator failure). */
int machine_new(struct machine **out, const struct mconfig *cfg, char *err, size_t errlen);
void machine_free(struct machine *m);

/* Runs INIT, then each thread up to its first shared access: the initial state. Returns 0;
 * an INIT that crashes is recorded as machine_init_crash. */
int machine_start(struct machine *m);
const struct crash *machine_init_crash(const struct machine *m); /* NULL if INIT did not crash */

/* One step of enabled thread t (see the top of this file); st may be NULL. Returns 0, or -1
 * when the cell cannot be explored honestly (an instruction that cannot be split):
 * machine_error() says why and machine_error_pc() where, or 1 (x86-TSO) when the step would
 * put a store into a full buffer (MACHINE_SB_MAX): the machine's state is then undefined until
 * the next machine_restore, and the caller's search is incomplete. */
int machine_step(struct machine *m, int t, struct step *st);

/* Thread t can take a step: it is paused and (x86-TSO) not waiting at a barrier for its
 * buffer to drain. */
int machine_enabled(const struct machine *m, int t);

/* x86-TSO: the stores in thread t's buffer (0 under SC). */
int machine_buffered(const struct machine *m, int t);

/* x86-TSO: the oldest store of thread t's buffer reaches memory; st (may be NULL) gets a 'D'
 * step with that write. Returns 0, or -1 when the buffer is empty. */
int machine_drain(struct machine *m, int t, struct step *st);

/* The machine models x86-TSO (mconfig.tso): 1, else 0. */
int machine_tso(const struct machine *m);

/* x86-TSO: store i (0 the oldest) of thread t's buffer, as the 'W' access that put it there (pc:
 * the store instruction). Returns 0, or -1 when the buffer holds fewer than i + 1 stores. */
int machine_buffer_entry(const struct machine *m, int t, int i, struct access *out);

int machine_nthreads(const struct machine *m);
enum tstatus machine_status(const struct machine *m, int t);
uint64_t machine_pc(const struct machine *m, int t); /* the next or last instruction */
const struct crash *machine_crash(const struct machine *m, int t); /* T_CRASHED only, else NULL */
int machine_part(const struct machine *m, int t); /* accesses of a split instruction done */

/* Runs CHECK (when configured) after every thread returned; NULL or its crash. The memory
 * it changed stays changed until the next machine_restore. */
const struct crash *machine_run_check(struct machine *m);

/* Reads n bytes of guest memory at addr; 0, or -1 if not mapped. */
int machine_read(const struct machine *m, uint64_t addr, void *buf, size_t n);

/* Complete states. A snapshot stays valid until snapshot_free, across any steps. */
struct snapshot *machine_save(struct machine *m);
void machine_restore(struct machine *m, const struct snapshot *s);
void snapshot_free(struct snapshot *s);
void machine_hash(const struct machine *m, uint8_t out[16]);
uint64_t machine_shared_hash(const struct machine *m); /* of the course_shared bytes only */

const char *machine_error(const struct machine *m);
uint64_t machine_error_pc(const struct machine *m);

#endif
