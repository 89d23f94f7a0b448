/*
 * reduce.h - the reference's partial-order reduction (enumerate.c): what each thread may still
 * access, so that the search can tell a transition that no other thread or buffer can ever
 * interfere with. Taken alone at a state, such a transition loses no final state: it stays
 * enabled until taken, commutes with everything the others can do, and the state graph has no
 * cycles, so every run to a final state can take it first (Godefroid's persistent sets, here of
 * one transition). Outcome sets are the full search's; schedule counts and states are the
 * reduced search's.
 */
#ifndef LITMUS_REDUCE_H
#define LITMUS_REDUCE_H

#include <stdint.h>

#include "prog.h"

/* Per thread and program counter pc (0..n): bit l of writes[i][pc] when an instruction at pc or
 * after may write location l, of reads[i][pc] when one may read it (all bits for an access
 * through a pointer register, and from every pc when the code jumps backwards). */
struct reduce {
	int nthreads;
	uint32_t *writes[LIT_MAX_THREADS], *reads[LIT_MAX_THREADS];
};

/* Fills rd for p (free with reduce_free); -1 when out of memory. */
int reduce_init(struct reduce *rd, const struct lit_prog *p);
void reduce_free(struct reduce *rd);

#endif
