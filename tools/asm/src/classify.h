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
 * such as "lock " dropped) and its operands (split at top-level commas, blanks trimmed). Returns 0,
 * or -1 when the text has more than OPS_MAX operands, an operand of 64 bytes or more or a
 * mnemonic of 24 or more (o is then incomplete): dis_parse refuses such a listing line, so every
 * instruction the classifier sees fits. */
#define OPS_MAX 6
struct ops {
	char mn[24];
	char op[OPS_MAX][64];
	int n;
};
int ops_split(const char *text, struct ops *o);
/* x86 AT&T register operand ("%eax") -> its family ("ax", "r8", "xmm0") in fam (8 bytes) and
 * its width in bytes in *w (0 if unknown); returns 0 if op is not a register. */
int x86_reg(const char *op, char *fam, int *w);
/* aarch64 register: w3 / x3 -> "x3"; anything else copied into out (8 bytes); a name that does not fit gives "" (no register). */
void a64_reg(const char *op, char *out);

#endif
