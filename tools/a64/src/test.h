/*
 * test.h - a herd7 AArch64 litmus test, as read from its file (read.c; the accepted language is in
 * tools/a64/README.md, "The litmus format").
 *
 *   AArch64 MP+dmb+addr                  header: the architecture and the test's name
 *   "PodWW Rfe DpAddrdR Fre"             optional: a quoted description, key=value metadata (ignored)
 *   { 0:X1=x; 0:X3=y; int x=1; }         initial state: registers (values or locations), locations
 *    P0          | P1           ;        the thread columns, each line ending in ';'
 *    MOV W0,#1   | LDR W0,[X1]  ;        one instruction (or "LABEL:", or "LABEL: insn") per cell
 *   locations [x; 0:X2;]                 optional: more observed registers and locations
 *   filter (...)                         optional: executions outside it are not counted
 *   exists (1:X0=1 /\ 1:X2=0)            the condition: exists, ~exists or forall
 *
 * Comments are "(* ... *)" (nested, anywhere). The file's own expectation is a "Result: Never",
 * "Result: Sometimes" or "Result: Always" inside a comment (the kernel's convention).
 *
 * Ownership: a64_read returns a test the caller frees with a64_test_free; every string and array
 * inside belongs to the test. Nothing is truncated: all storage grows.
 */
#ifndef A64_TEST_H
#define A64_TEST_H

#include <stddef.h>
#include <stdint.h>

#define A64_MAX_THREADS 8 /* threads of one test (herd's tests have at most a handful) */
#define A64_NREGS 31	  /* X0..X30: the registers a condition or the initial state may name */

/* A shared location: its name, initial value and the line that first named it. */
struct a64_loc {
	char *name;
	uint64_t init;
	int line;
};

/* An initial register value: a number, or the address of location `loc` (when loc >= 0). */
struct a64_reginit {
	int thread, reg;
	int loc;
	uint64_t value;
	int line;
};

/* One cell of a thread column: an optional label and an optional instruction (as written). */
struct a64_cell {
	char *label; /* NULL if none */
	char *insn;  /* NULL if the cell has only a label or is empty */
	int line;
};

struct a64_thread {
	struct a64_cell *cells; /* in program order, empty cells left out */
	int ncells;
};

enum a64_quant { A64_EXISTS, A64_NOT_EXISTS, A64_FORALL };

enum a64_cond_kind { AC_TRUE, AC_FALSE, AC_EQ, AC_NE, AC_NOT, AC_AND, AC_OR, AC_IMPLIES };

/* A condition term: thread's register (thread >= 0) or a location (thread == -1, reg = its index).
 * An atom's right-hand side is a number, or the address of location `rloc` when rloc >= 0. */
struct a64_cond {
	enum a64_cond_kind kind;
	int thread, reg;
	int rloc;
	uint64_t value;
	struct a64_cond *a, *b;
};

/* An observed register or location (the condition's, then the locations clause's), in order. */
struct a64_obs {
	int thread, reg; /* as in struct a64_cond */
};

/* The instruction set of a test's header line. */
enum a64_isa { A64_ISA_AARCH64, A64_ISA_X86 };

struct a64_test {
	char *file;
	char *arch; /* "AArch64" or "X86", as the header says */
	enum a64_isa isa;
	char *name;
	char *expect; /* "Never", "Sometimes", "Always" from a Result: comment, or NULL */
	int expect_line;
	struct a64_loc *locs;
	int nlocs;
	struct a64_reginit *inits;
	int ninits;
	struct a64_thread threads[A64_MAX_THREADS];
	int nthreads;
	int threads_line; /* the "P0 | P1 ;" line */
	struct a64_obs *obs;
	int nobs;
	struct a64_cond *filter; /* NULL when none */
	enum a64_quant quant;
	struct a64_cond *cond;
	int cond_line;
	char *cond_text; /* the condition as written, whitespace folded */
};

/*
 * Reads the test in text (len bytes, need not be NUL-terminated) from file `path`. Returns 0 and
 * *out, or -1 with *err a malloc'd "path:line: message" (the caller frees it) and *out NULL.
 */
int a64_read(const char *path, const char *text, size_t len, struct a64_test **out, char **err);
void a64_test_free(struct a64_test *t);

/* The index of location `name`, or -1. */
int a64_loc_find(const struct a64_test *t, const char *name);

/* Registers a test may name: AArch64 X0..X30 (or W0..W30, the same registers) are 0..30; X86
 * EAX, EBX, ECX, EDX, ESI, EDI are 0..5. a64_reg_parse returns the number or -1; a64_reg_name
 * writes the canonical name ("X5", "EAX") into buf (n >= 8) and returns it; a64_reg_list names
 * the registers for messages ("X0 to X30"). */
int a64_reg_parse(enum a64_isa isa, const char *name);
const char *a64_reg_name(enum a64_isa isa, int reg, char *buf, size_t n);
const char *a64_reg_list(enum a64_isa isa);

/* Evaluates c on a final state: reg(ctx, thread, reg) gives a register's value, loc(ctx, i) a
 * location's final value, addr(ctx, i) a location's address. */
struct a64_state_fns {
	uint64_t (*reg)(void *ctx, int thread, int reg);
	uint64_t (*loc)(void *ctx, int loc);
	uint64_t (*addr)(void *ctx, int loc);
	void *ctx;
};
int a64_cond_eval(const struct a64_cond *c, const struct a64_state_fns *s);

#endif
