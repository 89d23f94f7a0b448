/*
 * flow.h - value flow in one function's disassembly: which load of a shared variable reaches a
 * use, and whether the value is stale when it gets there.
 *
 * A forward dataflow over the function's control-flow graph (classify_func() found the branches):
 * every location (a register, the condition flags, a stack slot [frame register + offset]) holds
 * the set of loads of the variable whose value it may carry. A load of the variable puts itself
 * in its destination; an instruction's outputs (destination registers, flags, a stack slot it
 * stores to) get the union of its inputs (source registers, flags it reads, the stack slot it
 * loads); a constant (mov $1, xor %eax,%eax, adrp, li) carries nothing; at a join the sets are
 * united (a value may come from either path); a call keeps only the callee-saved registers. The
 * value of a load is "stale" at a point when, on the path that brought it there, the variable
 * was loaded again after it (the later load read memory; this value is older).
 *
 * Uses (struct flow_use): the address of a memory access other than a stack slot (the value is
 * dereferenced), the condition of a conditional branch (flags, or the registers of cbz/tbz/beqz),
 * and the data stored to a variable of the symbol table (an observed or shared variable, read-
 * modify-writes included). Data flow only: a value that decides a branch does not flow into what
 * the branch's successors compute, and a value loaded through a pointer does not carry the
 * pointer's loads. The same graph gives the path-aware order of two variables' accesses
 * (flow_before()).
 */
#ifndef ASM_FLOW_H
#define ASM_FLOW_H

#include <stdint.h>

#include "dis.h"

/* At most this many loads of one variable per function are tracked: flow_func() fails beyond. */
#define FLOW_MAX_LOADS 64

enum flow_use_kind { FLOW_DEREF, FLOW_BRANCH, FLOW_STORE };

struct flow_use {
	enum flow_use_kind kind;
	const char *var; /* FLOW_STORE: the stored variable's symbol name */
};

struct flow_result {
	int nloads;		       /* instructions in f that load var (ids 0..nloads-1) */
	int load_insn[FLOW_MAX_LOADS]; /* the instruction index of each load id, listing order */
	uint64_t reach;		       /* bit id: that load's value reaches the use */
	uint64_t stale;		       /* ... on a path that loads var again before the use */
};

/* Analyses f (classified) for the loads of the variable named var. Returns 0, or -1 with a
 * message in err when f has more than FLOW_MAX_LOADS loads of var or too many live locations. */
int flow_func(const struct dis *d, const struct func *f, const char *var,
	      const struct flow_use *use, struct flow_result *r, char *err, size_t errlen);

/* "deref", "branch", or a variable name (FLOW_STORE); var points into name. */
struct flow_use flow_use_parse(const char *name);

/* Order on every path: 1 when f accesses b (loads when stores is 0, stores when 1; a read-modify-
 * write is both) and every path from f's entry to each such access has accessed a before it (in
 * an earlier instruction); 0 otherwise (some access of b can be reached without a before it, or
 * f does not access b). Accesses in functions f calls are not seen. */
int flow_before(const struct dis *d, const struct func *f, const char *a, const char *b,
		int stores);

#endif
