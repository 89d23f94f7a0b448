/*
 * gen.h - a litmus test's threads written as one assembly file (asm.c for AArch64, x86.c for X86)
 * and assembled with binutils; every line written remembers the litmus line it comes from, so an
 * assembler error is reported at the test's own line.
 */
#ifndef A64_GEN_H
#define A64_GEN_H

#include "buf.h"
#include "test.h"

struct gen {
	struct buf s;
	int line; /* lines written so far */
	int *lit; /* lit[k]: the litmus line of assembly line k + 1 (0: none) */
	int cap;
};

/* Appends fmt's text (one or more lines) and a newline, from litmus line litline (0: none). */
void gen_emit(struct gen *g, int litline, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void gen_free(struct gen *g);

/* The instruction with thread th's labels renamed .La64_<th>_<label> and each location name x
 * renamed <loc_prefix>x (a new string the caller frees). */
char *gen_renamed(const struct a64_test *t, int th, const char *insn, const char *loc_prefix);

/* Writes g to dir/t.s and runs `as flag --fatal-warnings -o dir/t.o dir/t.s`. Returns NULL with
 * *obj the object's path (caller frees), or a malloc'd "file:line: message": the assembler's first
 * error at the litmus line it comes from, or an assembler that cannot run (install package). */
char *gen_assemble(const struct a64_test *t, const struct gen *g, const char *dir, const char *as,
		   const char *flag, const char *package, char **obj);

#endif
