/*
 * dis.h - the parsed disassembly of one object file: symbols, functions, instructions.
 *
 * dis_parse() reads what compile.sh caches for one object: `readelf -SsW` (section names and
 * the symbol table, local labels included) followed by `objdump -d -r -l --no-show-raw-insn`, for
 * any architecture of the matrix, into symbols and functions -> instructions with address, text,
 * source line and relocations. The analysis fields (accesses, branch targets, loops, callees) are
 * filled by classify_func() (classify.h).
 */
#ifndef ASM_DIS_H
#define ASM_DIS_H

#include <stddef.h>

enum arch { ARCH_X86_64, ARCH_I386, ARCH_AARCH64, ARCH_RISCV64, ARCH_UNKNOWN };

enum acc_kind { ACC_LOAD = 1, ACC_STORE = 2, ACC_RMW = 3 };

#define DIS_MAX_REL 3
#define DIS_MAX_REL_TEXT "3"
#define DIS_MAX_ACC 2

struct reloc {
	unsigned long offset; /* address of the relocated field */
	char type[40];	      /* R_X86_64_PC32 ... */
	char sym[80];	      /* symbol or section name */
	long addend;	      /* as printed by objdump (0 for REL targets) */
};

struct access {
	enum acc_kind kind;
	int var;     /* index into dis.syms of the variable's symbol */
	long offset; /* byte offset inside the variable */
	int width;   /* bytes */
};

struct insn {
	unsigned long addr;
	unsigned long next; /* address of the following instruction (end of this one) */
	char text[200];	    /* mnemonic and operands, objdump's trailing comment removed */
	char alt[200];	    /* the other syntax (x86 Intel), empty if none */
	int line;	    /* source line in the main file, 0 if none */
	struct reloc rel[DIS_MAX_REL];
	int nrel;
	/* analysis */
	struct access acc[DIS_MAX_ACC];
	int nacc;
	int is_branch;	      /* jumps within the function (not calls) */
	unsigned long target; /* branch target when is_branch */
	int in_loop;
	int is_target; /* some branch in the function jumps here */
	int callee;    /* index into dis.funcs of a called function of this object, or -1 */
};

struct func {
	char name[80];
	struct insn *insns;
	int n, cap;
};

struct symbol {
	char name[80];
	char section[64];
	unsigned long value, size;
	char type; /* 'O' object, 'F' function, 'd' section, ' ' other */
	int global;
};

struct dis {
	enum arch arch;
	char main_file[256]; /* base name of the file whose line numbers we keep ("" = any) */
	struct symbol *syms;
	int nsyms;
	struct func *funcs;
	int nfuncs;
};

enum arch arch_from_name(const char *name);
const char *arch_name(enum arch a);

/* Parse the listing (readelf then objdump, above). main_file: base name of the source whose lines
 * are kept (others: 0). Returns 0, or -1 with "what:line: message" in err; d is the caller's, freed
 * with dis_free(). Nothing is cut: a name, section, instruction or operand longer than its field
 * above, more than 256 sections, more than DIS_MAX_REL relocations on one instruction or more than
 * OPS_MAX operands (classify.h) is refused with its line. */
int dis_parse(struct dis *d, enum arch arch, const char *text, const char *what,
	      const char *main_file, char *err, size_t errlen);
/* Pair a second listing (same object, other syntax) into insn.alt by address. */
int dis_add_alt(struct dis *d, const char *text, const char *what, char *err, size_t errlen);
void dis_free(struct dis *d);
/* Is the instruction text alignment padding ("nop", "data16 cs nopw ...", "xchg %ax,%ax", i386's
 * "lea 0x0(%esi,%eiz,1),%esi")? dis_parse drops the padding after a function's last instruction;
 * padding elsewhere stays (it may be executed, or be a branch target). */
int dis_is_padding(const char *text);
/* Does the instruction never fall through to the next (ret, jmp, b, br, j, jr, ud2)? */
int dis_ends_flow(const char *text);

const struct func *dis_func(const struct dis *d, const char *name);
int dis_sym(const struct dis *d, const char *name);
/* The object symbol containing section-relative address (sym+addend): index or -1; *off gets
 * the offset inside the variable. */
int dis_resolve(const struct dis *d, const char *sym, long addend, long *off);

#endif
