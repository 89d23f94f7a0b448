/*
 * arch.c - the four architectures of the matrix (see arch.h): registers, linkers, and the
 * decoding needed to keep atomic read-modify-writes in one step and to refuse what cannot
 * be split safely. Only prefixes and opcode classes are decoded; Unicorn does the rest.
 */
#include "arch.h"

#include <string.h>

static uint32_t le32(const uint8_t *c)
{
	return (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16 | (uint32_t)c[3] << 24;
}

/* ---- x86 (x86_64 and i386) ---------------------------------------------------------------- */

static int x86_string_op(uint8_t op)
{
	return (op >= 0xa4 && op <= 0xa7) || (op >= 0xaa && op <= 0xaf) ||
	       (op >= 0x6c && op <= 0x6f);
}

/* SSE, MMX and x87 opcodes: their memory operand may be wider than a machine word. */
static int x86_vector_op(const uint8_t *c, int mode64)
{
	uint8_t op = c[0];
	if (op >= 0xd8 && op <= 0xdf)
		return 1; /* x87 */
	if (op == 0xc4 || op == 0xc5 ||
	    op == 0x62) /* VEX/EVEX (LES/LDS/BOUND outside 64-bit mode) */
		return mode64 || (c[1] >> 6) == 3;
	if (op != 0x0f)
		return 0;
	uint8_t op2 = c[1];
	return (op2 >= 0x10 && op2 <= 0x17) || (op2 >= 0x28 && op2 <= 0x2f) || op2 == 0x38 ||
	       op2 == 0x3a || (op2 >= 0x50 && op2 <= 0x7f && op2 != 0x77) || op2 == 0xc2 ||
	       (op2 >= 0xc4 && op2 <= 0xc6) || op2 >= 0xd0;
}

static enum insn_kind x86_classify(const uint8_t *c, int mode64, const char **what)
{
	int i = 0, lock = 0, rep = 0;
	for (; i < 14; i++) {
		uint8_t b = c[i];
		if (b == 0xf0)
			lock = 1;
		else if (b == 0xf2 || b == 0xf3)
			rep = 1;
		else if (b != 0x2e && b != 0x36 && b != 0x3e && b != 0x26 && b != 0x64 &&
			 b != 0x65 && b != 0x66 && b != 0x67)
			break;
	}
	if (mode64 && (c[i] & 0xf0) == 0x40)
		i++; /* REX */
	uint8_t op = c[i];
	if (lock)
		return INSN_ATOMIC;
	if ((op == 0x86 || op == 0x87) && (c[i + 1] >> 6) != 3)
		return INSN_ATOMIC; /* xchg with a memory operand is locked without the prefix */
	if (rep && x86_string_op(op)) {
		*what = "a repeated string operation (rep movs/stos/...)";
		return INSN_UNSPLITTABLE;
	}
	if (x86_vector_op(c + i, mode64)) {
		*what = op >= 0xd8 && op <= 0xdf ? "an x87 access" : "an SSE/AVX access";
		return INSN_VECTOR;
	}
	return INSN_PLAIN;
}

static enum insn_kind x86_64_classify(const uint8_t *c, const char **what)
{
	return x86_classify(c, 1, what);
}

static enum insn_kind i386_classify(const uint8_t *c, const char **what)
{
	return x86_classify(c, 0, what);
}

/* mfence (0f ae f0, after any prefixes), or what x86_classify calls atomic: lock, xchg m. */
static int x86_barrier(const uint8_t *c, int mode64)
{
	const char *what = "";
	if (x86_classify(c, mode64, &what) == INSN_ATOMIC)
		return 1;
	int i = 0;
	while (i < 14 && (c[i] == 0x66 || c[i] == 0x2e || c[i] == 0x3e || c[i] == 0x26 ||
			  c[i] == 0x36 || c[i] == 0x64 || c[i] == 0x65 || c[i] == 0x67))
		i++;
	if (mode64 && (c[i] & 0xf0) == 0x40)
		i++;
	return c[i] == 0x0f && c[i + 1] == 0xae && c[i + 2] == 0xf0;
}

static int x86_64_barrier(const uint8_t *c)
{
	return x86_barrier(c, 1);
}

static int i386_barrier(const uint8_t *c)
{
	return x86_barrier(c, 0);
}

static int x86_is_trap(const uint8_t *c)
{
	return (c[0] == 0x0f && c[1] == 0x0b) || c[0] == 0xcc;
}

/* ---- aarch64 ------------------------------------------------------------------------------ */

static enum insn_kind aarch64_classify(const uint8_t *c, const char **what)
{
	uint32_t w = le32(c);
	if ((w & 0x3f000000) == 0x08000000) { /* load/store exclusive, ordered, compare-and-swap */
		int o2 = w >> 23 & 1, l = w >> 22 & 1, o1 = w >> 21 & 1, size = w >> 30;
		if (o2 && o1)
			return INSN_ATOMIC; /* CAS */
		if (!o2 && o1 && size < 2)
			return INSN_ATOMIC; /* CASP */
		if (o2)
			return INSN_PLAIN; /* LDAR, STLR, LDLAR, STLLR: one access */
		return l ? INSN_EXCL_LOAD : INSN_EXCL_STORE; /* LD(A)X(R|P), ST(L)X(R|P) */
	}
	if ((w & 0x3f200c00) == 0x38200000) /* LSE atomic memory operations, except LDAPR */
		return (w >> 12 & 0xf) == 0xc ? INSN_PLAIN : INSN_ATOMIC;
	if ((w & 0x0a000000) == 0x08000000 && (w & 0x04000000)) { /* a load/store with V set */
		*what = "a SIMD/FP access";
		return INSN_VECTOR;
	}
	return INSN_PLAIN;
}

static int aarch64_is_trap(const uint8_t *c)
{
	uint32_t w = le32(c);
	return (w & 0xffe0001f) == 0xd4200000 || (w & 0xffff0000) == 0; /* brk, udf */
}

/* ---- riscv64 ------------------------------------------------------------------------------ */

static enum insn_kind riscv64_classify(const uint8_t *c, const char **what)
{
	uint32_t w = le32(c);
	if ((w & 3) != 3)
		return INSN_PLAIN; /* compressed: no atomics among them */
	uint32_t opcode = w & 0x7f;
	if (opcode == 0x2f) { /* A extension */
		uint32_t f5 = w >> 27;
		return f5 == 2 ? INSN_EXCL_LOAD : f5 == 3 ? INSN_EXCL_STORE : INSN_ATOMIC;
	}
	if (opcode == 0x07 || opcode == 0x27) {
		*what = "a floating-point or vector access";
		return INSN_VECTOR;
	}
	return INSN_PLAIN;
}

static int riscv64_is_trap(const uint8_t *c)
{
	uint32_t w = le32(c);
	if ((w & 3) != 3) /* c.ebreak, c.unimp */
		return (w & 0xffff) == 0x9002 || (w & 0xffff) == 0;
	return w == 0x00100073 || w == 0xc0001073; /* ebreak, unimp */
}

/* ---- the table ---------------------------------------------------------------------------- */

static const int x86_64_regs[] = {
	UC_X86_REG_RAX,	  UC_X86_REG_RBX,   UC_X86_REG_RCX,    UC_X86_REG_RDX,	 UC_X86_REG_RSI,
	UC_X86_REG_RDI,	  UC_X86_REG_RBP,   UC_X86_REG_RSP,    UC_X86_REG_R8,	 UC_X86_REG_R9,
	UC_X86_REG_R10,	  UC_X86_REG_R11,   UC_X86_REG_R12,    UC_X86_REG_R13,	 UC_X86_REG_R14,
	UC_X86_REG_R15,	  UC_X86_REG_RIP,   UC_X86_REG_EFLAGS, UC_X86_REG_XMM0,	 UC_X86_REG_XMM1,
	UC_X86_REG_XMM2,  UC_X86_REG_XMM3,  UC_X86_REG_XMM4,   UC_X86_REG_XMM5,	 UC_X86_REG_XMM6,
	UC_X86_REG_XMM7,  UC_X86_REG_XMM8,  UC_X86_REG_XMM9,   UC_X86_REG_XMM10, UC_X86_REG_XMM11,
	UC_X86_REG_XMM12, UC_X86_REG_XMM13, UC_X86_REG_XMM14,  UC_X86_REG_XMM15, UC_X86_REG_FPSW,
	UC_X86_REG_ST0,	  UC_X86_REG_ST1,   UC_X86_REG_ST2,    UC_X86_REG_ST3,	 UC_X86_REG_ST4,
	UC_X86_REG_ST5,	  UC_X86_REG_ST6,   UC_X86_REG_ST7,
};

static const int i386_regs[] = {
	UC_X86_REG_EAX,	 UC_X86_REG_EBX,  UC_X86_REG_ECX,  UC_X86_REG_EDX,  UC_X86_REG_ESI,
	UC_X86_REG_EDI,	 UC_X86_REG_EBP,  UC_X86_REG_ESP,  UC_X86_REG_EIP,  UC_X86_REG_EFLAGS,
	UC_X86_REG_XMM0, UC_X86_REG_XMM1, UC_X86_REG_XMM2, UC_X86_REG_XMM3, UC_X86_REG_XMM4,
	UC_X86_REG_XMM5, UC_X86_REG_XMM6, UC_X86_REG_XMM7, UC_X86_REG_FPSW, UC_X86_REG_ST0,
	UC_X86_REG_ST1,	 UC_X86_REG_ST2,  UC_X86_REG_ST3,  UC_X86_REG_ST4,  UC_X86_REG_ST5,
	UC_X86_REG_ST6,	 UC_X86_REG_ST7,
};

/* Filled by arch_find: the contiguous register enums are listed by loops. */
static int aarch64_regs[29 + 5 + 32];
static int riscv64_regs[31 + 1 + 32];

static void fill_regs(void)
{
	int n = 0;
	for (int r = UC_ARM64_REG_X0; r <= UC_ARM64_REG_X28; r++)
		aarch64_regs[n++] = r;
	aarch64_regs[n++] = UC_ARM64_REG_X29;
	aarch64_regs[n++] = UC_ARM64_REG_X30;
	aarch64_regs[n++] = UC_ARM64_REG_SP;
	aarch64_regs[n++] = UC_ARM64_REG_PC;
	aarch64_regs[n++] = UC_ARM64_REG_NZCV;
	for (int r = UC_ARM64_REG_Q0; r <= UC_ARM64_REG_Q31; r++)
		aarch64_regs[n++] = r;
	n = 0;
	for (int r = UC_RISCV_REG_X1; r <= UC_RISCV_REG_X31; r++)
		riscv64_regs[n++] = r;
	riscv64_regs[n++] = UC_RISCV_REG_PC;
	for (int r = UC_RISCV_REG_F0; r <= UC_RISCV_REG_F31; r++)
		riscv64_regs[n++] = r;
}

#define NREGS(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const struct arch arches[] = {
	{ .name = "x86_64",
	  .uc_arch = UC_ARCH_X86,
	  .uc_mode = UC_MODE_64,
	  .cpu_model = -1,
	  .ptr_size = 8,
	  .reg_pc = UC_X86_REG_RIP,
	  .reg_sp = UC_X86_REG_RSP,
	  .reg_ra = -1,
	  .redzone = 128,
	  .linker = "x86_64-linux-gnu-ld",
	  .emulation = "elf_x86_64",
	  .package = "binutils-x86-64-linux-gnu",
	  .state_regs = x86_64_regs,
	  .nstate_regs = NREGS(x86_64_regs),
	  .max_insn = 15,
	  .classify = x86_64_classify,
	  .is_trap = x86_is_trap,
	  .is_tso_barrier = x86_64_barrier },
	{ .name = "i386",
	  .uc_arch = UC_ARCH_X86,
	  .uc_mode = UC_MODE_32,
	  .cpu_model = -1,
	  .ptr_size = 4,
	  .reg_pc = UC_X86_REG_EIP,
	  .reg_sp = UC_X86_REG_ESP,
	  .reg_ra = -1,
	  .redzone = 0,
	  .linker = "i686-linux-gnu-ld",
	  .emulation = "elf_i386",
	  .package = "binutils-i686-linux-gnu",
	  .state_regs = i386_regs,
	  .nstate_regs = NREGS(i386_regs),
	  .max_insn = 15,
	  .classify = i386_classify,
	  .is_trap = x86_is_trap,
	  .is_tso_barrier = i386_barrier },
	{ .name = "aarch64",
	  .uc_arch = UC_ARCH_ARM64,
	  .uc_mode = UC_MODE_ARM,
	  .cpu_model = UC_CPU_ARM64_MAX /* with LSE atomics */,
	  .ptr_size = 8,
	  .reg_pc = UC_ARM64_REG_PC,
	  .reg_sp = UC_ARM64_REG_SP,
	  .reg_ra = UC_ARM64_REG_X30,
	  .redzone = 0,
	  .linker = "aarch64-linux-gnu-ld",
	  .emulation = "aarch64linux",
	  .package = "binutils-aarch64-linux-gnu",
	  .state_regs = aarch64_regs,
	  .nstate_regs = NREGS(aarch64_regs),
	  .max_insn = 4,
	  .classify = aarch64_classify,
	  .is_trap = aarch64_is_trap },
	{ .name = "riscv64",
	  .uc_arch = UC_ARCH_RISCV,
	  .uc_mode = UC_MODE_RISCV64,
	  .cpu_model = -1,
	  .ptr_size = 8,
	  .reg_pc = UC_RISCV_REG_PC,
	  .reg_sp = UC_RISCV_REG_SP,
	  .reg_ra = UC_RISCV_REG_RA,
	  .redzone = 0,
	  .linker = "riscv64-linux-gnu-ld",
	  .emulation = "elf64lriscv",
	  .package = "binutils-riscv64-linux-gnu",
	  .state_regs = riscv64_regs,
	  .nstate_regs = NREGS(riscv64_regs),
	  .max_insn = 4,
	  .classify = riscv64_classify,
	  .is_trap = riscv64_is_trap },
};

const struct arch *arch_find(const char *name)
{
	static int filled;
	if (!filled) {
		fill_regs();
		filled = 1;
	}
	for (size_t i = 0; i < sizeof arches / sizeof arches[0]; i++)
		if (!strcmp(arches[i].name, name))
			return &arches[i];
	return NULL;
}
