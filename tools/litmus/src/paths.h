/*
 * paths.h - one thread of a lowered litmus test (prog.h) run alone, its shared reads given every
 * value their location may hold: one trace per path (tools/model/model.h), with the instructions
 * the kernel's arm64 headers emit for each primitive and the dependencies the C expressions carry.
 * The Armv8 mode of the reference enumerator (armv8.c) judges the traces' combinations.
 *
 * The mapping (Linux 6.x, arch/arm64/include/asm: barrier.h, cmpxchg.h, atomic_lse.h; spinlocks
 * as include/asm-generic/qspinlock.h builds them), with LSE atomics:
 *   READ_ONCE, plain load, spin_is_locked       LDR
 *   smp_load_acquire                             LDAR (MM_ACQ)
 *   WRITE_ONCE, plain store                      STR
 *   smp_store_release, spin_unlock               STLR (MM_REL)
 *   smp_mb, smp_mb__{before,after}_atomic,
 *   smp_mb__after_spinlock                       DMB ISH
 *   smp_rmb / smp_wmb                            DMB ISHLD / DMB ISHST
 *   barrier, smp_mb__after_unlock_lock           nothing (the latter is smp_mb on powerpc only)
 *   xchg / _acquire / _release / _relaxed        SWPAL / SWPA / SWPL / SWP (read and write, rmw)
 *   cmpxchg and its forms                        CASAL / CASA / CASL / CAS: the read always (with
 *                                                acquire in the A forms, also when it fails), the
 *                                                write (release in the L forms) when it matches
 *   spin_lock                                    CASA of 0 to 1 (the fast path); a path on which
 *                                                the lock reads held ends there, hung
 *   spin_trylock                                 LDR, then, if free, CASA of 0 to 1
 *   atomic_add_return, atomic_fetch_or, ...      LD<op>AL / LD<op>A / LD<op>L / LD<op> (LDADD,
 *   (an atomic_t RMW that returns a value)       LDCLR, LDSET, LDEOR; atomic_lse.h): read and
 *                                                write joined by rmw, the write's value over the
 *                                                read's
 *   atomic_add, atomic_inc, ... (no value)       ST<op> (relaxed): the same events; the Arm ARM
 *                                                does not count its read for DMB ISHLD, so
 *                                                armv8.c refuses one an smp_rmb() follows, and
 *                                                atomic_add_unless (a loop of cmpxchg)
 * The fully ordered forms are LSE's acquire+release instructions, with no trailing DMB (cmpxchg.h:
 * "the full barrier case is generated as release+dmb for [LL/SC] and acquire+release for [LSE]").
 *
 * Dependencies (litmus tests have no pointers, so no address dependency): data, a store's value
 * (or an RMW's new value) computed from registers a read wrote; control, from every conditional
 * branch (if, && and ||, spin_trylock's test) on such registers to every later event.
 */
#ifndef LITMUS_PATHS_H
#define LITMUS_PATHS_H

#include "model.h"
#include "prog.h"

/* The address of location l in the traces: 4-byte ints side by side. */
#define LIT_ADDR(l) ((uint64_t)(l)*4)
#define LIT_LOC(a) ((int)((a) / 4))

/* What a path ends with (mm_trace.final). */
struct lit_path_end {
	int32_t regs[PROG_MAX_REGS];
	int hung;	/* spin_lock found the lock held: the thread waits there forever */
	int hung_event; /* then the index of the read that saw it held */
};

/* The paths of one thread. Traces, their events, dependency lists and ends are owned here. */
struct lit_paths {
	struct mm_trace *tr;
	int n, cap;
	int truncated; /* more paths than the bound: the list is incomplete */
};

/* Appends to out every path of thread i of p, each read given each value vals holds for its
 * location (at LIT_ADDR; a location with no set reads nothing), up to max_paths
 * paths (then out->truncated). */
void lit_paths_walk(const struct lit_prog *p, int i, const struct mm_values *vals, int max_paths,
		    struct lit_paths *out);
void lit_paths_free(struct lit_paths *ps);

#endif
