/*
 * prog.h - a litmus test lowered for execution: per thread, a list of instructions in which every
 * shared access is its own instruction (in C's evaluation order) and the rest is register
 * arithmetic and forward jumps. The reference enumerator (enumerate.h) runs this.
 */
#ifndef LITMUS_PROG_H
#define LITMUS_PROG_H

#include <stddef.h>

#include "litmus.h"

#define PROG_MAX_REGS 64 /* named registers and temporaries of one thread */
#define PROG_MAX_CODE 4096

enum insn_op {
	/* local: run without a scheduling point */
	OP_SET,	       /* regs[dst] = e */
	OP_JZ,	       /* if (!e) goto target */
	OP_JMP,	       /* goto target (forward only) */
	OP_FENCE,      /* fence */
	OP_RCU_LOCK,   /* loc: a read-side critical section of RCU (-1) or of that srcu_struct
			  begins, at the thread's next step (the latest it can: see enumerate.c) */
	OP_RCU_UNLOCK, /* loc: it ends */
	/* shared accesses: one scheduling step each */
	OP_LOAD,    /* regs[dst] = *loc */
	OP_STORE,   /* *loc = e */
	OP_XCHG,    /* regs[dst] = *loc; *loc = e (atomically) */
	OP_CMPXCHG, /* regs[dst] = *loc; if (regs[dst] == e) *loc = e2 (atomically) */
	OP_RMW,	    /* regs[dst] = *loc; *loc = e, e over regs[dst] (atomically): atomic_add... */
	OP_ADD_UNLESS, /* regs[dst] = *loc != e2; if so *loc += e (atomically, see enumerate.c) */
	OP_LOCK,       /* wait until *loc == 0, then *loc = 1 (atomically) */
	OP_TRYLOCK,    /* regs[dst] = *loc == 0; if so *loc = 1 (atomically) */
	OP_UNLOCK,     /* *loc = 0 (a release store) */
	OP_GP,	       /* loc: the end of a grace period of RCU (-1) or of that srcu_struct: a step
			  open once the read-side sections it waits for have ended */
};

/* The location of an access is loc, or when addr_reg >= 0 the one whose address that register
 * holds when the access runs. */
struct insn {
	enum insn_op op;
	int line;
	int dst, loc, target, addr_reg;
	enum lit_access access;
	enum lit_order order;
	enum lit_fence fence;
	int noret; /* OP_RMW: the operation returns nothing (atomic_add: ST<op> on arm64) */
	const struct lit_expr *e, *e2; /* pure: constants, registers, operators */
};

struct prog_thread {
	int n;
	struct insn code[PROG_MAX_CODE];
	int nregs; /* named registers first (the test's indexes), then temporaries */
};

struct lit_prog {
	const struct lit_test *t; /* not owned */
	int nthreads;
	struct prog_thread *th[LIT_MAX_THREADS];
	struct lit_arena *arena; /* the lowered expressions */
};

/* Lowers t (which must outlive the program). NULL with "file:line: message" in err. */
struct lit_prog *lit_lower(const struct lit_test *t, char *err, size_t errlen);
void lit_prog_free(struct lit_prog *p);

/* A pure expression on a register file (32-bit wrapping arithmetic, as C's int on the targets). */
int32_t lit_eval(const struct lit_expr *e, const int32_t *regs);

/* The instruction is a shared access (a scheduling step). */
int insn_is_access(enum insn_op op);

#endif
