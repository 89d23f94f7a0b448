/*
 * classify.h - memory accesses and branches in a parsed disassembly.
 *
 * classify_func() marks every instruction that loads, stores or read-modify-writes a
 * variable known to the symbol table (with width in bytes), following registers that hold a
 * variable's address (x86 lea/mov $sym, aarch64 adrp+add/:lo12:, riscv lui+addi, auipc +
 * pcrel_lo12) and finds branch targets. loops_mark() then sets in_loop: an instruction is in
 * a loop if it lies within a backward branch's range (target <= insn <= branch).
 */
#ifndef ASM_CLASSIFY_H
#define ASM_CLASSIFY_H

#include "dis.h"

void classify_func(const struct dis *d, struct func *f);
void loops_mark(struct func *f);
const char *acc_kind_name(enum acc_kind k);

/* Operand helpers, shared with flow.c. An instruction's text split into its mnemonic (prefixes
 * such as "lock " dropped) and up to 4 operands (split at top-level commas, blanks trimmed). */
struct ops {
	char mn[24];
	char op[4][64];
	int n;
};
void ops_split(const char *text, struct ops *o);
/* x86 AT&T register operand ("%eax") -> its family ("ax", "r8", "xmm0") in fam (8 bytes) and
 * its width in bytes in *w (0 if unknown); returns 0 if op is not a register. */
int x86_reg(const char *op, char *fam, int *w);
/* aarch64 register: w3 / x3 -> "x3"; anything else copied (at most 7 characters) into out (8 bytes). */
void a64_reg(const char *op, char *out);

#endif
