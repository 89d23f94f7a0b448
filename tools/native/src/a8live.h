/*
 * a8live.h - the registers a thread's code may still read, per instruction (a backward dataflow
 * over the machine code of one function, with tools/a64's classifier), so that the loop cut of
 * the Armv8 exploration (a8paths.c) compares only the registers that matter: a retry loop whose
 * body overwrites its registers (a seqlock reader's do-while) then repeats its state after one
 * failed iteration, whatever values that iteration read.
 *
 * Conservative: a call, an indirect branch, a branch out of the function, an instruction the
 * classifier does not know, or the end of the function make every register live; the return of
 * the thread function itself makes none live (the thread is done: its registers are in no
 * outcome). Two states that agree on the live registers (and on memory and pc) run the same
 * instructions with the same values from there on.
 */
#ifndef NATIVE_A8LIVE_H
#define NATIVE_A8LIVE_H

#include <stdint.h>

#include "image.h"

/* Live registers: bit r for X0..X30, A64_SP (31), A64_NZCV (32) (insn.h). */
#define A8_ALL_LIVE ((1ull << 33) - 1)

struct a8_live {
	uint64_t lo, hi; /* the function's code */
	uint64_t *live;	 /* [(hi - lo) / 4]: live before each instruction */
	char *head;	 /* [(hi - lo) / 4]: a loop head, the target of a branch from it or later */
	int top;	 /* the function is a thread's own: its return ends the thread */
};

/* The liveness of the function holding pc in im (fetch reads an instruction word); top: it is the
 * thread function. Returns 0, or -1 when pc is in no function (then everything is live). */
int a8_live_build(struct a8_live *l, const struct image *im, uint64_t pc, int top,
		  uint32_t (*fetch)(const void *ctx, uint64_t pc), const void *ctx);
/* The registers live before the instruction at pc (A8_ALL_LIVE outside the function). */
uint64_t a8_live_at(const struct a8_live *l, uint64_t pc);
/* 1 if the instruction at pc is a loop head of the function (0 outside it). */
int a8_live_head(const struct a8_live *l, uint64_t pc);
void a8_live_free(struct a8_live *l);

#endif
