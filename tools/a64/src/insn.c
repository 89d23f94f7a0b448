/*
 * insn.c - the AArch64 instruction classifier (see insn.h): one table of encodings, first match
 * wins, each row naming a family, its kind and the roles of its register fields. Field positions
 * and the "31 is SP or XZR" rule of each family: Arm ARM C4.1 (the encoding index) and C6.2 (each
 * instruction's page).
 */
#include "insn.h"

#include <string.h>

/* Roles of the register fields in a table row (ops). */
enum {
	O_D = 1 << 0,	     /* Rd [4:0] is written */
	O_DSP = 1 << 1,	     /* ... and 31 there is SP, unless the row sets flags (S variants) */
	O_N = 1 << 2,	     /* Rn [9:5] is read (31: XZR) */
	O_NSP = 1 << 3,	     /* Rn is read (31: SP) */
	O_M = 1 << 4,	     /* Rm [20:16] is read */
	O_A = 1 << 5,	     /* Ra [14:10] is read */
	O_DREAD = 1 << 6,    /* Rd is read too (MOVK, BFM: see o_dread) */
	O_FLAGS_S = 1 << 7,  /* writes NZCV when bit 29 (S) is set */
	O_LOGIC = 1 << 8,    /* logical: writes NZCV (and Rd is never SP) when opc [30:29] is 11 */
	O_FLAGS_IN = 1 << 9, /* reads NZCV (carry) */
	O_IDX = 1 << 10,     /* loads/stores: Rm is an index register */
};

/* How a row's remaining fields are read. */
enum shape {
	SH_ALU,
	SH_LDST1,   /* one register: size [31:30], opc [23:22] says store, load or prefetch */
	SH_LDSTP,   /* a pair: L [22], opc [31:30] the size */
	SH_LITERAL, /* LDR (literal): PC-relative, no base register */
	SH_LD,	    /* LDAR, LDXR, LDAXR, LDAPR: Rt := [Rn] */
	SH_ST,	    /* STLR: [Rn] := Rt */
	SH_STX,	    /* STXR, STLXR: Ws, Rt, [Rn] */
	SH_LSE,	    /* LD<op>, SWP: Rs, Rt, [Rn]; A [23] acquire, R [22] release */
	SH_CAS,	    /* CAS: Rs, Rt, [Rn]; L [22] acquire, o0 [15] release */
	SH_CSEL,
	SH_CCMP,
	SH_B,
	SH_BL,
	SH_BCOND,
	SH_CB, /* CBZ, CBNZ, TBZ, TBNZ: Rt [4:0] */
	SH_BR,
	SH_BLR,
	SH_DMB,
	SH_ISB,
	SH_NOP,
	SH_CLREX,
	SH_TRAP,
	SH_REFUSE, /* a known family the model does not take: refused by name */
};

struct row {
	uint32_t mask, value;
	const char *name;
	enum shape shape;
	unsigned ops;
	unsigned ord;
};

static const struct row table[] = {
	/* system, branches */
	{ 0xfffff01f, 0xd503201f, "NOP (or another hint)", SH_NOP, 0, 0 },
	{ 0xfffff0ff, 0xd50330bf, "DMB", SH_DMB, 0, 0 },
	{ 0xfffff0ff, 0xd503309f, "DSB", SH_DMB, 0, 0 },
	{ 0xfffff0ff, 0xd50330df, "ISB", SH_ISB, 0, 0 },
	{ 0xffe0001f, 0xd4200000, "BRK", SH_TRAP, 0, 0 },
	{ 0xffff0000, 0x00000000, "UDF", SH_TRAP, 0, 0 },
	{ 0xfc000000, 0x14000000, "B", SH_B, 0, 0 },
	{ 0xfc000000, 0x94000000, "BL", SH_BL, 0, 0 },
	{ 0xff000010, 0x54000000, "B.cond", SH_BCOND, 0, 0 },
	{ 0x7e000000, 0x34000000, "CBZ/CBNZ", SH_CB, 0, 0 },
	{ 0x7e000000, 0x36000000, "TBZ/TBNZ", SH_CB, 0, 0 },
	{ 0xfffffc1f, 0xd61f0000, "BR", SH_BR, 0, 0 },
	{ 0xfffffc1f, 0xd65f0000, "RET", SH_BR, 0, 0 },
	{ 0xfffffc1f, 0xd63f0000, "BLR", SH_BLR, 0, 0 },
	{ 0xfffff0ff, 0xd503305f, "CLREX", SH_CLREX, 0, 0 },
	{ 0xffc00000, 0xd5000000, "a system instruction (MRS, MSR, SYS...)", SH_REFUSE, 0, 0 },
	/* exclusives, ordered, compare-and-swap (size [31:30] free) */
	{ 0x3fe08000, 0x08000000, "STXR", SH_STX, 0, MM_EXCL },
	{ 0x3fe08000, 0x08008000, "STLXR", SH_STX, 0, MM_EXCL | MM_REL },
	{ 0x3fe08000, 0x08400000, "LDXR", SH_LD, 0, MM_EXCL },
	{ 0x3fe08000, 0x08408000, "LDAXR", SH_LD, 0, MM_EXCL | MM_ACQ },
	{ 0x3fe08000, 0x08808000, "STLR", SH_ST, 0, MM_REL },
	{ 0x3fe08000, 0x08c08000, "LDAR", SH_LD, 0, MM_ACQ },
	{ 0x3fe08000, 0x08a00000, "CAS", SH_CAS, 0, 0 },
	{ 0x3fe08000, 0x08a08000, "CASL", SH_CAS, 0, MM_REL },
	{ 0x3fe08000, 0x08e00000, "CASA", SH_CAS, 0, MM_ACQ },
	{ 0x3fe08000, 0x08e08000, "CASAL", SH_CAS, 0, MM_ACQ | MM_REL },
	{ 0x3f800000, 0x08000000, "LDXP/STXP/CASP (pair exclusives)", SH_REFUSE, 0, 0 },
	{ 0x3fa00000, 0x08800000, "LDLAR/STLLR (LORegions)", SH_REFUSE, 0, 0 },
	/* LSE atomics (size [31:30], A [23], R [22] free), LDAPR */
	{ 0x3ffffc00, 0x38bfc000, "LDAPR", SH_LD, 0, MM_ACQPC },
	{ 0x3f20fc00, 0x38200000, "LDADD", SH_LSE, 0, 0 },
	{ 0x3f20fc00, 0x38201000, "LDCLR", SH_LSE, 0, 0 },
	{ 0x3f20fc00, 0x38202000, "LDEOR", SH_LSE, 0, 0 },
	{ 0x3f20fc00, 0x38203000, "LDSET", SH_LSE, 0, 0 },
	{ 0x3f20fc00, 0x38204000, "LDSMAX", SH_LSE, 0, 0 },
	{ 0x3f20fc00, 0x38205000, "LDSMIN", SH_LSE, 0, 0 },
	{ 0x3f20fc00, 0x38206000, "LDUMAX", SH_LSE, 0, 0 },
	{ 0x3f20fc00, 0x38207000, "LDUMIN", SH_LSE, 0, 0 },
	{ 0x3f20fc00, 0x38208000, "SWP", SH_LSE, 0, 0 },
	/* single-register loads and stores (V [26] = 0) */
	{ 0x3f000000, 0x39000000, "LDR/STR (unsigned offset)", SH_LDST1, 0, 0 },
	{ 0x3f200c00, 0x38200800, "LDR/STR (register offset)", SH_LDST1, O_IDX, 0 },
	{ 0x3f200c00, 0x38000000, "LDUR/STUR", SH_LDST1, 0, 0 },
	{ 0x3f200c00, 0x38000400, "LDR/STR (post-index)", SH_LDST1, 0, 0 },
	{ 0x3f200c00, 0x38000800, "LDTR/STTR", SH_LDST1, 0, 0 },
	{ 0x3f200c00, 0x38000c00, "LDR/STR (pre-index)", SH_LDST1, 0, 0 },
	{ 0x3f000000, 0x18000000, "LDR (literal)", SH_LITERAL, 0, 0 },
	/* pairs: [29:27] 101, V [26] 0, [25] 0, the index mode in [24:23] ([25] 1 is data
	 * processing: ADDS, SUBS, ANDS (shifted register), CMP) */
	{ 0x3f000000, 0x28000000, "LDP/STP (no-allocate, post-index)", SH_LDSTP, 0, 0 },
	{ 0x3f000000, 0x29000000, "LDP/STP (offset, pre-index)", SH_LDSTP, 0, 0 },
	{ 0x0e000000, 0x0c000000, "a SIMD/FP load or store", SH_REFUSE, 0, 0 },
	{ 0x0a000000, 0x08000000, "a load or store the model does not take", SH_REFUSE, 0, 0 },
	/* data processing, immediate */
	{ 0x1f800000, 0x11000000, "ADD/SUB (immediate)", SH_ALU, O_D | O_DSP | O_NSP | O_FLAGS_S,
	  0 },
	{ 0x1f800000, 0x12000000, "AND/ORR/EOR/ANDS (immediate)", SH_ALU,
	  O_D | O_DSP | O_N | O_LOGIC, 0 },
	{ 0x1f800000, 0x12800000, "MOVN/MOVZ/MOVK", SH_ALU, O_D | O_DREAD, 0 },
	{ 0x1f800000, 0x13000000, "SBFM/BFM/UBFM (shifts, extends)", SH_ALU, O_D | O_N | O_DREAD,
	  0 },
	{ 0x1f800000, 0x13800000, "EXTR", SH_ALU, O_D | O_N | O_M, 0 },
	{ 0x1f000000, 0x10000000, "ADR/ADRP", SH_ALU, O_D, 0 },
	/* data processing, register */
	{ 0x1f000000, 0x0a000000, "logical (shifted register)", SH_ALU, O_D | O_N | O_M | O_LOGIC,
	  0 },
	{ 0x1f200000, 0x0b000000, "ADD/SUB (shifted register)", SH_ALU, O_D | O_N | O_M | O_FLAGS_S,
	  0 },
	{ 0x1f200000, 0x0b200000, "ADD/SUB (extended register)", SH_ALU,
	  O_D | O_DSP | O_NSP | O_M | O_FLAGS_S, 0 },
	{ 0x1fe0fc00, 0x1a000000, "ADC/SBC", SH_ALU, O_D | O_N | O_M | O_FLAGS_IN | O_FLAGS_S, 0 },
	{ 0x3fe00c10, 0x3a400000, "CCMP/CCMN (register)", SH_CCMP, O_N | O_M, 0 },
	{ 0x3fe00c10, 0x3a400800, "CCMP/CCMN (immediate)", SH_CCMP, O_N, 0 },
	{ 0x3fe00800, 0x1a800000, "CSEL/CSINC/CSINV/CSNEG", SH_CSEL, 0, 0 },
	{ 0x5fe00000, 0x1ac00000, "data processing (2 sources: UDIV, LSLV...)", SH_ALU,
	  O_D | O_N | O_M, 0 },
	{ 0x5fe00000, 0x5ac00000, "data processing (1 source: REV, CLZ...)", SH_ALU, O_D | O_N, 0 },
	{ 0x1f000000, 0x1b000000, "MADD/MSUB/SMULL/UMULH...", SH_ALU, O_D | O_N | O_M | O_A, 0 },
	{ 0x0e000000, 0x0e000000, "a SIMD/FP instruction", SH_REFUSE, 0, 0 },
};

#define NROWS ((int)(sizeof table / sizeof table[0]))

static int field(uint32_t w, int lo)
{
	return (int)(w >> lo & 31);
}

/* Register field at bit lo: 31 is SP when sp, else the zero register (-1). */
static int reg(uint32_t w, int lo, int sp)
{
	int r = field(w, lo);
	return r == 31 ? (sp ? A64_SP : -1) : r;
}

static void add(int *list, int *n, int r)
{
	if (r >= 0)
		list[(*n)++] = r;
}

/* MOVK (opc 11) and BFM (opc 01) keep bits of Rd: they read it. */
static int o_dread(uint32_t w)
{
	int opc = (int)(w >> 29 & 3), movewide = (w & 0x1f800000) == 0x12800000;
	return movewide ? opc == 3 : opc == 1;
}

static void alu(uint32_t w, unsigned ops, struct a64_insn *d)
{
	int logic_s = (ops & O_LOGIC) && (w >> 29 & 3) == 3, s = (ops & O_FLAGS_S) && (w >> 29 & 1);
	int sets = logic_s || s;
	add(d->dst, &d->ndst, reg(w, 0, (ops & O_DSP) && !sets));
	if (ops & O_N)
		add(d->src, &d->nsrc, reg(w, 5, 0));
	if (ops & O_NSP)
		add(d->src, &d->nsrc, reg(w, 5, 1));
	if (ops & O_M)
		add(d->src, &d->nsrc, reg(w, 16, 0));
	if (ops & O_A)
		add(d->src, &d->nsrc, reg(w, 10, 0));
	if ((ops & O_DREAD) && o_dread(w))
		add(d->src, &d->nsrc, reg(w, 0, 0));
	d->flags_in = (ops & O_FLAGS_IN) != 0;
	d->flags_out = sets;
}

/* One register, unsigned offset / register offset / imm9 forms. */
static void ldst1(uint32_t w, unsigned ops, struct a64_insn *d)
{
	int size = (int)(w >> 30), opc = (int)(w >> 22 & 3);
	d->size = 1 << size;
	add(d->addr, &d->naddr, reg(w, 5, 1));
	if (ops & O_IDX)
		add(d->addr, &d->naddr, reg(w, 16, 0));
	if (opc == 0) {
		d->kind = A64_STORE;
		d->data[d->ndata++] = reg(w, 0, 0);
	} else if (opc == 2 && size == 3) {
		d->kind = A64_PREFETCH;
	} else {
		d->kind = A64_LOAD;
		d->ld_dst[d->nld++] = reg(w, 0, 0);
	}
}

static void ldstp(uint32_t w, struct a64_insn *d)
{
	int opc = (int)(w >> 30), load = (int)(w >> 22 & 1);
	d->size = opc == 2 ? 8 : 4;
	add(d->addr, &d->naddr, reg(w, 5, 1));
	d->kind = load ? A64_LOAD : A64_STORE;
	int *regs = load ? d->ld_dst : d->data, *n = load ? &d->nld : &d->ndata;
	regs[(*n)++] = reg(w, 0, 0);
	regs[(*n)++] = reg(w, 10, 0);
	if (opc == 3)
		d->kind = A64_UNKNOWN, d->name = "a load or store pair with opc 11";
	if (opc == 1 && !load)
		d->kind = A64_UNKNOWN, d->name = "STGP (memory tagging)";
}

static void memory(uint32_t w, const struct row *r, struct a64_insn *d)
{
	d->ord = r->ord;
	d->size = 1 << (w >> 30);
	add(d->addr, &d->naddr, reg(w, 5, 1));
	switch (r->shape) {
	case SH_LD: d->kind = A64_LOAD, d->ld_dst[d->nld++] = reg(w, 0, 0); break;
	case SH_ST: d->kind = A64_STORE, d->data[d->ndata++] = reg(w, 0, 0); break;
	case SH_STX:
		d->kind = A64_STXR;
		add(d->dst, &d->ndst, reg(w, 16, 0));
		d->data[d->ndata++] = reg(w, 0, 0);
		break;
	case SH_LSE:
		d->kind = A64_RMW;
		d->ord |= (w >> 23 & 1 ? MM_ACQ : 0) | (w >> 22 & 1 ? MM_REL : 0);
		d->data[d->ndata++] = reg(w, 16, 0);
		d->ld_dst[d->nld++] = reg(w, 0, 0);
		break;
	case SH_CAS:
		d->kind = A64_CAS;
		add(d->src, &d->nsrc, reg(w, 16, 0)); /* the value compared */
		d->ld_dst[d->nld++] = reg(w, 16, 0);  /* Rs gets the old value */
		d->data[d->ndata++] = reg(w, 0, 0);
		break;
	default: break;
	}
}

static void fence(uint32_t w, const struct row *r, struct a64_insn *d)
{
	static const enum mm_fence of[4] = { MM_NOFENCE, MM_DMB_LD, MM_DMB_ST, MM_FULL };
	d->kind = A64_FENCE;
	d->fence = r->shape == SH_ISB ? MM_ISB : of[w >> 8 & 3];
	if (d->fence == MM_NOFENCE)
		d->kind = A64_UNKNOWN, d->name = "a DMB or DSB with a reserved option";
}

static void branch(uint32_t w, const struct row *r, struct a64_insn *d)
{
	switch (r->shape) {
	case SH_B: d->kind = A64_BRANCH; break;
	case SH_BL: d->kind = A64_BRANCH, d->dst[d->ndst++] = 30; break;
	case SH_BCOND: d->kind = A64_BCOND, d->flags_in = 1, d->cond = (int)(w & 15); break;
	case SH_CB: d->kind = A64_CBZ, add(d->src, &d->nsrc, reg(w, 0, 0)); break;
	case SH_BR: d->kind = A64_BRREG, add(d->src, &d->nsrc, reg(w, 5, 0)); break;
	case SH_BLR:
		d->kind = A64_BRREG;
		add(d->src, &d->nsrc, reg(w, 5, 0));
		d->dst[d->ndst++] = 30;
		break;
	default: break;
	}
}

static void select_compare(uint32_t w, const struct row *r, struct a64_insn *d)
{
	d->cond = (int)(w >> 12 & 15);
	d->flags_in = 1;
	if (r->shape == SH_CSEL) {
		d->kind = A64_CSEL;
		add(d->dst, &d->ndst, reg(w, 0, 0));
		d->src[0] = reg(w, 5, 0), d->src[1] = reg(w, 16, 0), d->nsrc = 2;
		return;
	}
	d->kind = A64_CCMP;
	d->flags_out = 1;
	add(d->src, &d->nsrc, reg(w, 5, 0));
	if (r->ops & O_M)
		add(d->src, &d->nsrc, reg(w, 16, 0));
}

static void fill(uint32_t w, const struct row *r, struct a64_insn *d)
{
	d->name = r->name;
	switch (r->shape) {
	case SH_ALU: d->kind = A64_ALU, alu(w, r->ops, d); break;
	case SH_LDST1: ldst1(w, r->ops, d); break;
	case SH_LDSTP: ldstp(w, d); break;
	case SH_LITERAL:
		d->kind = (w >> 30) == 3 ? A64_PREFETCH : A64_LOAD;
		d->size = (w >> 30) == 1 ? 8 : 4;
		if (d->kind == A64_LOAD)
			d->ld_dst[d->nld++] = reg(w, 0, 0);
		break;
	case SH_LD:
	case SH_ST:
	case SH_STX:
	case SH_LSE:
	case SH_CAS: memory(w, r, d); break;
	case SH_CSEL:
	case SH_CCMP: select_compare(w, r, d); break;
	case SH_DMB:
	case SH_ISB: fence(w, r, d); break;
	case SH_NOP: d->kind = A64_NOP; break;
	case SH_CLREX: d->kind = A64_CLREX; break;
	case SH_TRAP: d->kind = A64_TRAP; break;
	case SH_REFUSE: d->kind = A64_UNKNOWN; break;
	default: branch(w, r, d); break;
	}
}

void a64_decode(uint32_t w, struct a64_insn *out)
{
	memset(out, 0, sizeof *out);
	out->kind = A64_UNKNOWN;
	out->name = "an instruction";
	for (int i = 0; i < NROWS; i++)
		if ((w & table[i].mask) == table[i].value) {
			fill(w, &table[i], out);
			return;
		}
}

int a64_cond_holds(int cond, uint64_t nzcv)
{
	int n = (int)(nzcv >> 31 & 1), z = (int)(nzcv >> 30 & 1), c = (int)(nzcv >> 29 & 1),
	    v = (int)(nzcv >> 28 & 1), r;
	switch (cond >> 1) {
	case 0: r = z; break;
	case 1: r = c; break;
	case 2: r = n; break;
	case 3: r = v; break;
	case 4: r = c && !z; break;
	case 5: r = n == v; break;
	case 6: r = n == v && !z; break;
	default: r = 1; break;
	}
	return (cond & 1) && cond != 15 ? !r : r;
}
