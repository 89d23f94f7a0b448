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

#endif
