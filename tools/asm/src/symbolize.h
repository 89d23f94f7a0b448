/*
 * symbolize.h - an instruction's text as a reader wants to see it: each relocation's symbol
 * written where objdump prints the field the linker has not filled in yet ("0x0(%rip)",
 * "adrp x1, 0 <t0>", "$0x0", "#0x0", "[x1]"), the way Compiler Explorer shows assembly.
 *
 * The symbol shown is the variable the relocation reaches (dis_resolve(): "big", "pair+4"), else
 * the relocation's own symbol (a function, an external). Display only: the classifier reads the
 * unchanged text and the relocations.
 */
#ifndef ASM_SYMBOLIZE_H
#define ASM_SYMBOLIZE_H

#include "dis.h"

/* text: in->text or in->alt (intel: 1 for the Intel-syntax listing). Returns the text with its
 * relocations' symbols (caller frees; never NULL); text unchanged when in has no relocation. */
char *insn_symbolic(const struct dis *d, const struct func *fn, const struct insn *in,
		    const char *text, int intel);

#endif
