/*
 * insn.h - the AArch64 instruction classifier: from one 32-bit encoding, which registers the
 * instruction reads and writes, which of them form a memory address and which the data a store
 * writes, and what it is to the memory model (an access and its ordering, a barrier, a branch).
 *
 * One table (insn.c) covers what litmus tests and compiled kernel-style code use: loads and stores
 * of every size and addressing mode (pairs, offsets, pre/post-index, register offsets), LDAR,
 * LDAPR, STLR, LDXR/STXR and the A/L forms, the LSE atomics (LD<op>, ST<op>, SWP, CAS with A/L),
 * the integer data-processing instructions (MOV, ADD, SUB, logical, shifts, bitfields, multiply,
 * divide, CMP and CCMP, CSEL and CSINC/CSINV/CSNEG), branches (B, BL, B.cond, CBZ/CBNZ, TBZ/TBNZ,
 * BR, BLR, RET), DMB/DSB, ISB, NOP and the hints, CLREX, BRK/UDF. Anything else is A64_UNKNOWN: the
 * caller refuses it by name. Encodings: Arm ARM C4.1 ("A64 instruction set encoding").
 */
#ifndef A64_INSN_H
#define A64_INSN_H

#include <stdint.h>

#include "model.h"

/* Register numbers in a64_insn: X0..X30 are 0..30; SP is A64_SP; the zero register never
 * appears (it carries nothing); the flags are A64_NZCV. */
enum { A64_SP = 31, A64_NZCV = 32, A64_NREG = 33 };

enum a64_kind {
	A64_UNKNOWN, /* not in the table: refused with the family's name when there is one */
	A64_ALU,     /* dst and flags_out := the sources (syntactic dependency) */
	A64_CSEL,    /* CSEL/CSINC/CSINV/CSNEG: dst := the selected source (src[0] or src[1]) */
	A64_CCMP,    /* CCMP/CCMN: flags := the sources if the condition holds, else an immediate */
	A64_LOAD,    /* LDR*, LDP, LDAR, LDAPR, LDXR, LDAXR: reads into ld_dst[k] */
	A64_STORE,   /* STR*, STP, STLR: writes data[k] */
	A64_STXR,    /* STXR/STLXR: may succeed or fail; status into dst[0] */
	A64_RMW,     /* LD<op>, ST<op>, SWP: read into ld_dst[0] (if any), write from data[0] */
	A64_CAS,     /* CAS*: read into ld_dst[0] (Rs), write data[0] (Rt) if equal to cmp */
	A64_PREFETCH, /* PRFM: no access */
	A64_BRANCH,   /* B, BL: unconditional, immediate target (BL writes X30) */
	A64_BCOND,    /* B.cond: reads the flags */
	A64_CBZ,      /* CBZ/CBNZ/TBZ/TBNZ: reads src[0] */
	A64_BRREG,    /* BR/BLR/RET: the target is src[0] (BLR writes X30) */
	A64_FENCE,    /* DMB, DSB, ISB: fence */
	A64_NOP,      /* NOP and the other hints */
	A64_CLREX,    /* CLREX: closes the open load-exclusive (no access, no barrier) */
	A64_TRAP,     /* BRK, UDF: __builtin_trap(), BUG_ON */
};

struct a64_insn {
	enum a64_kind kind;
	const char *name;   /* the table's name for the family (e.g. "LDR (immediate)") */
	int dst[3], ndst;   /* registers written with the sources' dependencies */
	int src[4], nsrc;   /* registers whose values the result is computed from */
	int addr[2], naddr; /* registers an access's address is computed from */
	int data[2], ndata; /* registers a store writes (data[k] for its k-th write) */
	int ld_dst[2], nld; /* registers a load writes (ld_dst[k] from its k-th read; -1: none) */
	int flags_in, flags_out; /* reads / writes NZCV */
	int cond;     /* A64_CSEL, A64_CCMP, A64_BCOND: the condition field (Arm ARM C1.2.4) */
	unsigned ord; /* MM_ACQ, MM_ACQPC, MM_REL, MM_EXCL */
	enum mm_fence fence; /* A64_FENCE */
	int size;	     /* bytes of one access (loads, stores, atomics) */
};

/* Classifies encoding w. Never fails: an encoding outside the table is A64_UNKNOWN, with name the
 * family it belongs to when that is known ("a SIMD/FP load or store") or "an instruction". */
void a64_decode(uint32_t w, struct a64_insn *out);

/* Whether condition `cond` (4 bits) holds for flags nzcv (bits 31..28 as in the NZCV register). */
int a64_cond_holds(int cond, uint64_t nzcv);

#endif
