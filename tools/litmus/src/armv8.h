/*
 * armv8.h - the reference enumerator's Armv8 mode: every outcome of a lowered litmus test (prog.h)
 * under the Arm ARM's memory model (tools/model), with the kernel's arm64 mapping of the
 * primitives (paths.h).
 *
 * Each thread runs alone with every shared read given each value its location may hold: the
 * initial value and every value some thread writes, grown to a fixpoint. No loop exists in the
 * language, so a path writes at most as many times as its thread has writing instructions; in an
 * execution the model allows, a value read comes through a chain of writes each ordered after the
 * reads it was computed from (data and control dependencies to a write, rfe, and a read of the
 * thread's own earlier write are all in ob or below a dependency), so that many rounds (the sum
 * of the threads' writing instructions, plus one) find every value an allowed execution can read:
 * the fixpoint stops there without making the result partial. The bounds that do make it partial,
 * each named in the result's `why`: LIT_ARMV8_MAX_VALUES values of one location, LIT_ARMV8_MAX_PATHS
 * paths of one thread, and max_states candidate executions checked.
 *
 * The result (enumerate.h's struct lit_result): `schedules` counts the allowed executions, `states`
 * the candidate executions checked, an outcome's `count` its allowed executions and `witness`
 * one of them, written as its reads-from and coherence (armv8.c: format_witness). A thread
 * whose spin_lock reads the lock held in the lock's co-final write waits forever (`hang`).
 *
 * What paths.c has no arm64 mapping for is refused, never given a verdict: RCU and SRCU, pointer
 * values, atomic_add_unless, and an atomic_t operation that returns nothing (LSE's ST<op>, whose
 * read the Arm ARM does not count for DMB ISHLD) followed by an smp_rmb(). Then
 * r->unsupported names it and r->unsupported_line is the line of its first use; no outcomes.
 * A filter is applied to the outcomes as under SC and x86-TSO.
 */
#ifndef LITMUS_ARMV8_H
#define LITMUS_ARMV8_H

#include "enumerate.h"

#define LIT_ARMV8_MAX_VALUES 64
#define LIT_ARMV8_MAX_PATHS 100000

/* As lit_enumerate for LM_ARMV8: 0 (r filled), or -1 with "file:1: message" in err when the model
 * refuses the traces (not expected from litmus tests: every access is a whole int). */
int lit_armv8(const struct lit_prog *p, uint64_t max_states, struct lit_result *r, char *err,
	      size_t errlen);

#endif
