/*
 * arch.h - what the native explorer needs to know about each architecture of the matrix:
 * Unicorn's arch and mode, the registers that make up a thread's state, how a function
 * returns, which linker links its objects, and which instructions must stay one step.
 */
#ifndef NATIVE_ARCH_H
#define NATIVE_ARCH_H

#include <stddef.h>
#include <stdint.h>
#include <unicorn/unicorn.h>

/* How an instruction that touches shared memory is scheduled (arch->classify). */
enum insn_kind {
	INSN_PLAIN,	/* each of its memory accesses is its own step */
	INSN_ATOMIC,	/* a locked / LSE / AMO read-modify-write: all its accesses are one step */
	INSN_EXCL_LOAD, /* load-exclusive (ldxr, lr): starts a step that runs to the store-exclusive */
	INSN_EXCL_STORE,   /* store-exclusive (stxr, sc): ends that step */
	INSN_VECTOR,	   /* a SIMD/FP access: accepted only as one access of at most 8 bytes */
	INSN_UNSPLITTABLE, /* repeated string operations: refused with a message */
};

struct arch {
	const char *
		name; /* the <objdump-arch> of examples/targets.conf: x86_64 i386 aarch64 riscv64 */
	uc_arch uc_arch;
	uc_mode uc_mode;
	int cpu_model; /* UC_CPU_* to select, or -1 for Unicorn's default */
	int ptr_size;  /* bytes in a pointer and in a return address */
	int reg_pc, reg_sp;
	int reg_ra;	    /* the link register, or -1 when the return address is on the stack */
	int redzone;	    /* bytes below the stack pointer a leaf function may use */
	const char *linker; /* the target's own GNU ld */
	const char *emulation; /* its -m emulation */
	const char *package;   /* the Debian package that has the linker */
	const int *state_regs; /* registers that hold a thread's state (hashed, compared) */
	int nstate_regs;
	int max_insn; /* longest instruction in bytes */
	/* Classifies the instruction at code[0..len) (len >= max_insn, zero padded). On
	 * INSN_UNSPLITTABLE or INSN_VECTOR, *what names the instruction family for messages. */
	enum insn_kind (*classify)(const uint8_t *code, const char **what);
	/* 1 if the instruction is the trap __builtin_trap() emits (ud2, brk, ebreak, unimp). */
	int (*is_trap)(const uint8_t *code);
	/* x86 only (NULL elsewhere: no x86-TSO exploration): 1 if the instruction waits for the
	 * thread's store buffer to drain under x86-TSO: mfence, a lock-prefixed instruction, xchg
	 * with a memory operand (whatever address it touches). */
	int (*is_tso_barrier)(const uint8_t *code);
};

/* The arch named like targets.conf's <objdump-arch>, or NULL. */
const struct arch *arch_find(const char *name);

#endif
