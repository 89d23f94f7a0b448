/*
 * litmus.h - a C litmus test of the Linux kernel memory model (the format of
 * tools/memory-model/litmus-tests/ *.litmus in a kernel tree), parsed.
 *
 * One parse serves both users: the converter (convert.h) prints it as a course example, and the
 * reference enumerator (enumerate.h) runs it directly. The accepted language:
 *
 *   C <name>                               first line
 *   "description"  Cycle=... Relax=...     diy7's header: the quoted line is kept, the
 *                                          Key=value lines (Cycle, Relax, Safe, Prefetch, Com,
 *                                          Orig, Generator, any other) are skipped
 *   (* ... *)                              comments; "Result: Never|Sometimes|Always" is kept
 *   { int x; int y = 1; spinlock_t l; x = 2; }      optional initial state (default 0)
 *   P0(int *x, spinlock_t *l) { ... }      threads P0, P1, ... in order; parameters name locations
 *   locations [x; 0:r1;]                   optional extra outcome locations
 *   exists|~exists|forall (<condition>)    atoms "0:r0=1", "x=2", "!="; ~ /\ \/ => true false
 *
 * Thread bodies: "int r0, r1 = 0;" registers; "r = e;"; WRITE_ONCE(*x, e); *x = e (plain);
 * smp_store_release(x, e); if (e) s [else s]; blocks; smp_mb/rmb/wmb(), barrier(),
 * smp_mb__{before,after}_atomic(), smp_mb__after_spinlock(), smp_mb__after_unlock_lock();
 * spin_lock(l), spin_unlock(l); expressions over registers and integers with C's operators
 * (* + - < <= > >= == != & ^ | && || ! ~ unary -) and READ_ONCE(*x), *x (plain),
 * smp_load_acquire(x), xchg/cmpxchg with _relaxed/_acquire/_release, spin_trylock(l),
 * spin_is_locked(l). Values are C ints (32-bit, wrapping). Not supported, each with its own
 * message: RCU (reported as LIT_RCU), atomic_t operations, pointer values, loops, more than
 * LIT_MAX_THREADS threads. Two shared accesses that C leaves unsequenced (operands of one
 * operator other than && and ||, or two arguments of one call) are rejected: the compiled code
 * could perform them in either order.
 */
#ifndef LITMUS_H
#define LITMUS_H

#include <stddef.h>
#include <stdint.h>

#include "schedule.h"

/* every explorer's limit (tools/lib/schedule.h: a thread is one digit of a schedule) */
#define LIT_MAX_THREADS SCHED_MAX_THREADS
#define LIT_MAX_LOCS 32
#define LIT_MAX_REGS 32	  /* per thread, named ones */
#define LIT_MAX_CVARS 32  /* locations of the final condition */
#define LIT_NAME 64	  /* names, including the NUL */
#define LIT_TEST_NAME 256 /* the test's name, including the NUL */

/* What lit_parse returns. */
enum lit_status {
	LIT_OK = 0,
	LIT_BAD = 1,	     /* malformed: the message says where and why */
	LIT_UNSUPPORTED = 2, /* well formed but uses something this tool does not model */
	LIT_RCU = 3,	     /* uses an RCU primitive this tool does not model (call_rcu, ...) */
	LIT_NOT_C = 4,	     /* a litmus test of another language (herd's LISA, PPC, X86, ...) */
};

/* int (also atomic_t, intptr_t, long, unsigned: a 32-bit int here), spinlock_t, srcu_struct */
enum lit_type { LT_INT, LT_SPINLOCK, LT_SRCU };

/* A pointer value: the address of location l is LIT_PTR_BASE + l. Integer constants in that range
 * are refused by the parser, so a value there is an address. */
#define LIT_PTR_BASE 0x7f000000
#define LIT_PTR(l) ((int32_t)(LIT_PTR_BASE + (l)))

/* How a load or store is marked in the source. */
enum lit_access { LA_PLAIN, LA_ONCE, LA_ACQUIRE, LA_RELEASE };

/* Ordering suffix of xchg/cmpxchg: none (fully ordered), _relaxed, _acquire, _release. */
enum lit_order { LO_FULL, LO_RELAXED, LO_ACQUIRE, LO_RELEASE };

enum lit_fence {
	LF_MB,
	LF_RMB,
	LF_WMB,
	LF_BARRIER,
	LF_MB_BEFORE_ATOMIC,
	LF_MB_AFTER_ATOMIC,
	LF_MB_AFTER_SPINLOCK,
	LF_MB_AFTER_UNLOCK_LOCK,
	LF_MB_AFTER_SRCU_READ_UNLOCK,
};

/* The operation of an atomic_t read-modify-write (atomic_add, atomic_fetch_and, ...). */
enum lit_rmw { LRMW_ADD, LRMW_SUB, LRMW_AND, LRMW_OR, LRMW_XOR, LRMW_ANDNOT };

/* What it yields: nothing (atomic_add), the old value (atomic_fetch_add), the new one
 * (atomic_add_return), new == 0 (atomic_dec_and_test), new < 0 (atomic_add_negative). */
enum lit_ret { LRET_VOID, LRET_OLD, LRET_NEW, LRET_ZERO, LRET_NEG };

enum lit_expr_kind {
	LE_CONST,      /* value */
	LE_REG,	       /* reg: index in the thread's regs */
	LE_LOAD,       /* loc, access: READ_ONCE(*x), smp_load_acquire(x), *x */
	LE_XCHG,       /* loc, order, a = new value */
	LE_CMPXCHG,    /* loc, order, a = expected, b = new value; yields the old value */
	LE_TRYLOCK,    /* loc: 1 if the lock was taken */
	LE_ISLOCKED,   /* loc: 1 if the lock is held */
	LE_RMW,	       /* loc, order, rmw, ret, a = operand: the atomic_t operations */
	LE_ADD_UNLESS, /* loc, a = addend, b = the value that stops it: 1 if it added */
	LE_SRCU_LOCK,  /* loc (a srcu_struct): srcu_read_lock(), yields 0 (its index) */
	LE_ADDR,       /* loc: its address, a pointer value (x as a value, &x) */
	LE_UNARY,      /* op in "!-~", a */
	LE_BINARY,     /* op (LOP_*), a, b */
};

/* Binary operators, C precedence from tightest. */
enum lit_binop {
	LOP_MUL,
	LOP_ADD,
	LOP_SUB,
	LOP_LT,
	LOP_LE,
	LOP_GT,
	LOP_GE,
	LOP_EQ,
	LOP_NE,
	LOP_BAND,
	LOP_BXOR,
	LOP_BOR,
	LOP_LAND,
	LOP_LOR,
};

/* An access's location: loc, or when dyn is set the location whose address register reg holds
 * when it runs (READ_ONCE(*r0) after int *r0 = ...). spelled: the primitive's name when it is
 * not the plain one of its kind (atomic_read for a READ_ONCE, atomic_fetch_add_relaxed, ...),
 * for the converter; op: for LE_RMW, 1 when the call names only the location (atomic_inc). */
struct lit_expr {
	enum lit_expr_kind kind;
	int line;
	const char *spelled;
	int op;
	int32_t value;
	int reg;
	int loc;
	int dyn;
	enum lit_access access;
	enum lit_order order;
	enum lit_rmw rmw;
	enum lit_ret ret;
	struct lit_expr *a, *b;
};

enum lit_stmt_kind {
	LS_ASSIGN,     /* reg = e */
	LS_STORE,      /* loc, access, e: WRITE_ONCE(*x, e), smp_store_release(x, e), *x = e */
	LS_EVAL,       /* e evaluated for its effect (xchg(x, 1);) */
	LS_FENCE,      /* fence */
	LS_LOCK,       /* spin_lock(loc) */
	LS_UNLOCK,     /* spin_unlock(loc) */
	LS_IF,	       /* if (e) then [else els] */
	LS_BLOCK,      /* { body } */
	LS_RCU_LOCK,   /* loc: rcu_read_lock() (loc -1), srcu_read_lock(loc) as a statement */
	LS_RCU_UNLOCK, /* loc: rcu_read_unlock() (-1), srcu_read_unlock(loc, e) */
	LS_SYNC,       /* loc: synchronize_rcu() (-1), synchronize_srcu(loc): a grace period */
};

/* reg: LS_ASSIGN's register; for a store through a pointer register (dyn), that register */
struct lit_stmt {
	enum lit_stmt_kind kind;
	int line;
	const char *spelled; /* as lit_expr's: atomic_set, rcu_assign_pointer, ... or NULL */
	int reg;
	int loc;
	int dyn;
	enum lit_access access;
	enum lit_fence fence;
	struct lit_expr *e;
	struct lit_stmt *then, *els, *body;
	struct lit_stmt *next;
};

struct lit_loc {
	char name[LIT_NAME];
	enum lit_type type;
	int32_t init; /* a pointer value (LIT_PTR) for p=x or int *p = &x */
	int line;     /* where it was first declared or used */
	int atomic;   /* declared atomic_t */
};

struct lit_reg {
	char name[LIT_NAME];
	int32_t init; /* from the initial state ("0:r1=2;"), else 0 */
	int line;
	int from_init; /* created by the initial state and not declared (yet) by the thread */
};

struct lit_thread {
	int line;
	int nparams;
	int params[LIT_MAX_LOCS]; /* location indexes, in parameter order */
	int nregs;
	struct lit_reg regs[LIT_MAX_REGS];
	struct lit_stmt *body; /* first statement */
};

/* A register's initial value from the initial state ("0:r1=2;"), applied when its thread is
 * parsed. */
struct lit_reg_init {
	int thread, line;
	char name[LIT_NAME];
	int32_t value;
};

/* A location of the final condition: a register of a thread, or a shared location. */
struct lit_cvar {
	int thread; /* -1 for a shared location */
	int index;  /* register index in that thread, or location index */
};

enum lit_quant { LQ_EXISTS, LQ_NOT_EXISTS, LQ_FORALL };

enum lit_cond_kind { LC_TRUE, LC_FALSE, LC_EQ, LC_NE, LC_NOT, LC_AND, LC_OR, LC_IMPLIES };

/* LC_EQ, LC_NE compare cvar with value, or with cvar2 when it is >= 0 (0:r0=1:r0) */
struct lit_cond {
	enum lit_cond_kind kind;
	int cvar;      /* index in test->cvars */
	int cvar2;     /* -1, or the other side's index in test->cvars */
	int32_t value; /* a pointer value (LIT_PTR) for 1:r0=x */
	struct lit_cond *a, *b;
};

struct lit_arena;

struct lit_test {
	char file[512];
	char name[LIT_TEST_NAME];
	char result[16]; /* "Never", "Sometimes", "Always" from a Result: comment, or "" */
	int result_line;
	const char *result_file; /* NULL, or herd's output the result came from (lit_read_expected) */
	char doc[400];		 /* the header comment's first paragraph after Result:, one line */
	char *description; /* the quoted line after the name (diy7's), without quotes; or NULL */
	int nlocs;
	struct lit_loc locs[LIT_MAX_LOCS];
	int nthreads;
	struct lit_thread threads[LIT_MAX_THREADS];
	int ncvars;
	struct lit_cvar cvars[LIT_MAX_CVARS]; /* locations clause first, then the condition's */
	enum lit_quant quant;
	struct lit_cond *cond;
	struct lit_cond *filter; /* herd's filter clause: runs it rejects are not judged; or NULL */
	int filter_line;
	int cond_line;
	char cond_text[1024]; /* the condition as written, whitespace folded */
	int uses_plain;	      /* some shared access is plain C (*x) */
	int uses_ptr;	      /* a pointer value: a location's address, a pointer register */
	int ptr_line;	      /* where the first one is */
	int uses_rcu;	      /* rcu_read_lock(), synchronize_srcu(), ... */
	int rcu_line;	      /* where the first one is */
	int nreg_inits;
	struct lit_reg_init reg_inits[LIT_MAX_REGS];
	struct lit_arena *arena;
};

/*
 * Parses text (len bytes, need not be NUL-terminated) read from path. On LIT_OK *out is a new
 * test the caller frees with lit_free. Otherwise *out is NULL and err holds one line
 * "path:line: message" (truncated to errlen, which should be at least 256).
 */
enum lit_status lit_parse(const char *path, const char *text, size_t len, struct lit_test **out,
			  char *err, size_t errlen);

/* Reads and parses a file; as lit_parse, plus "path:1: cannot read (or larger than 16 MB)"
 * (LIT_BAD) when it cannot be read whole or holds more than 16 MiB. A test without a Result
 * line gets the verdict of herd's output beside it, if there is one (lit_read_expected). */
enum lit_status lit_parse_file(const char *path, struct lit_test **out, char *err, size_t errlen);

/* expected.c: herd7's output for t kept beside its file, "<file>.expected" or, for x.litmus,
 * "x.expected": its line "Observation <t's name> Never|Sometimes|Always ..." gives t->result
 * (result_file and result_line say where). Nothing changes when there is none. */
void lit_read_expected(struct lit_test *t);

void lit_free(struct lit_test *t);

/* Names, for messages and printing. */
/* "ok", "malformed", "unsupported", "RCU", "not C" */
const char *lit_status_name(enum lit_status s);
const char *lit_quant_name(enum lit_quant q);	/* "exists", "~exists", "forall" */
const char *lit_order_suffix(enum lit_order o); /* "", "_relaxed", "_acquire", "_release" */
const char *lit_fence_name(enum lit_fence f);	/* "smp_mb", ... "barrier" */
const char *lit_binop_text(int op);		/* "*", "+", ... "||" */

/* The index of the location called name, or -1. */
int lit_find_loc(const struct lit_test *t, const char *name);

/* The name of a condition location as the course's outcome uses it: "P1_r0" or "x". */
void lit_cvar_name(const struct lit_test *t, int cvar, char *buf, size_t n);

#endif
