/*
 * test_arch.c - instruction classes of each architecture (arch.h), on encodings taken from
 * GNU as: what stays one atomic step, what starts and ends an exclusive pair, what is refused,
 * and which instructions are __builtin_trap()'s.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "arch.h"

struct enc {
	const char *text;
	uint8_t bytes[16];
	enum insn_kind kind;
};

static void check(const char *arch, const struct enc *e, int n)
{
	const struct arch *a = arch_find(arch);
	assert_non_null(a);
	for (int i = 0; i < n; i++) {
		const char *what = NULL;
		enum insn_kind k = a->classify(e[i].bytes, &what);
		if (k != e[i].kind)
			fail_msg("%s: %s: class %d, expected %d", arch, e[i].text, k, e[i].kind);
		if ((k == INSN_UNSPLITTABLE || k == INSN_VECTOR) && (!what || !*what))
			fail_msg("%s: %s: refused without a name", arch, e[i].text);
	}
}

#define WORD(w)                                                                     \
	{                                                                           \
		(w) & 0xff, (w) >> 8 & 0xff, (w) >> 16 & 0xff, (uint8_t)((w) >> 24) \
	}

static void test_x86_64(void **state)
{
	(void)state;
	static const struct enc e[] = {
		{ "lock addl $1, x(%rip)", { 0xf0, 0x83, 0x05, 0x10, 0, 0, 0, 1 }, INSN_ATOMIC },
		{ "addl $1, x(%rip)", { 0x83, 0x05, 0x10, 0, 0, 0, 1 }, INSN_PLAIN },
		{ "xchg %eax, x(%rip)", { 0x87, 0x05, 0x10, 0, 0, 0 }, INSN_ATOMIC },
		{ "xchg %eax, %ecx (modrm form)", { 0x87, 0xc1 }, INSN_PLAIN },
		{ "rep movsb", { 0xf3, 0xa4 }, INSN_UNSPLITTABLE },
		{ "rep movsq", { 0xf3, 0x48, 0xa5 }, INSN_UNSPLITTABLE },
		{ "repz cmpsb", { 0xf3, 0xa6 }, INSN_UNSPLITTABLE },
		{ "movsb", { 0xa4 }, INSN_PLAIN },
		{ "pause", { 0xf3, 0x90 }, INSN_PLAIN },
		{ "movdqa %xmm0, x(%rip)", { 0x66, 0x0f, 0x7f, 0x05, 0x10, 0, 0, 0 }, INSN_VECTOR },
		{ "movups %xmm0, x(%rip)", { 0x0f, 0x11, 0x05, 0x10, 0, 0, 0 }, INSN_VECTOR },
		{ "movq %xmm0, x(%rip)", { 0x66, 0x0f, 0xd6, 0x05, 0x10, 0, 0, 0 }, INSN_VECTOR },
		{ "vmovdqa %xmm0, x(%rip)", { 0xc5, 0xf9, 0x7f, 0x05, 0x10, 0, 0, 0 }, INSN_VECTOR },
		{ "fildll x(%rip)", { 0xdf, 0x2d, 0x10, 0, 0, 0 }, INSN_VECTOR },
		{ "cmpxchg16b x(%rip)", { 0x48, 0x0f, 0xc7, 0x0d, 0x10, 0, 0, 0 }, INSN_PLAIN },
		{ "lock cmpxchg16b x(%rip)",
		  { 0xf0, 0x48, 0x0f, 0xc7, 0x0d, 0x10, 0, 0, 0 },
		  INSN_ATOMIC },
	};
	check("x86_64", e, sizeof e / sizeof e[0]);
	const struct arch *a = arch_find("x86_64");
	static const uint8_t ud2[16] = { 0x0f, 0x0b }, int3[16] = { 0xcc }, nop[16] = { 0x90 };
	assert_true(a->is_trap(ud2));
	assert_true(a->is_trap(int3));
	assert_false(a->is_trap(nop));
}

static void test_i386(void **state)
{
	(void)state;
	static const struct enc e[] = {
		{ "lock addl $1, x", { 0xf0, 0x83, 0x05, 0x10, 0, 0, 0, 1 }, INSN_ATOMIC },
		{ "lds (%eax), %eax: not VEX outside 64-bit mode", { 0xc5, 0x00 }, INSN_PLAIN },
		{ "vmovdqa (VEX, register form of the modrm byte)",
		  { 0xc5, 0xf9, 0x7f, 0x05 },
		  INSN_VECTOR },
		{ "rep movsb", { 0xf3, 0xa4 }, INSN_UNSPLITTABLE },
		{ "a REX byte is inc %eax here", { 0x40 }, INSN_PLAIN },
	};
	check("i386", e, sizeof e / sizeof e[0]);
}

static void test_aarch64(void **state)
{
	(void)state;
	static const struct enc e[] = {
		{ "ldxr w1, [x0]", WORD(0x885f7c01u), INSN_EXCL_LOAD },
		{ "stxr w2, w1, [x0]", WORD(0x88027c01u), INSN_EXCL_STORE },
		{ "ldaxr w1, [x0]", WORD(0x885ffc01u), INSN_EXCL_LOAD },
		{ "stlxr w2, w1, [x0]", WORD(0x8802fc01u), INSN_EXCL_STORE },
		{ "ldxp w1, w2, [x0]", WORD(0x887f0801u), INSN_EXCL_LOAD },
		{ "stxp w3, w1, w2, [x0]", WORD(0x88230801u), INSN_EXCL_STORE },
		{ "ldar w1, [x0]", WORD(0x88dffc01u), INSN_PLAIN },
		{ "stlr w1, [x0]", WORD(0x889ffc01u), INSN_PLAIN },
		{ "cas w3, w2, [x0]", WORD(0x88a37c02u), INSN_ATOMIC },
		{ "casal w3, w2, [x0]", WORD(0x88e3fc02u), INSN_ATOMIC },
		{ "casp w2, w3, w4, w5, [x0]", WORD(0x08227c04u), INSN_ATOMIC },
		{ "ldadd w1, w2, [x0]", WORD(0xb8210002u), INSN_ATOMIC },
		{ "swp w1, w2, [x0]", WORD(0xb8218002u), INSN_ATOMIC },
		{ "stadd w1, [x0]", WORD(0xb821001fu), INSN_ATOMIC },
		{ "ldapr w1, [x0]", WORD(0xb8bfc001u), INSN_PLAIN },
		{ "stp w1, w1, [x0]", WORD(0x29000401u), INSN_PLAIN },
		{ "ldr x1, [x0]", WORD(0xf9400001u), INSN_PLAIN },
		{ "str q0, [x0]", WORD(0x3d800000u), INSN_VECTOR },
		{ "ldp q0, q1, [x0]", WORD(0xad400400u), INSN_VECTOR },
		{ "ld1 {v0.16b}, [x0]", WORD(0x4c407000u), INSN_VECTOR },
		{ "ldr d0, [x0]", WORD(0xfd400000u), INSN_VECTOR },
	};
	check("aarch64", e, sizeof e / sizeof e[0]);
	const struct arch *a = arch_find("aarch64");
	static const uint8_t brk[16] = WORD(0xd4207d00u), udf[16] = { 0 },
			     nop[16] = WORD(0xd503201fu);
	assert_true(a->is_trap(brk));
	assert_true(a->is_trap(udf));
	assert_false(a->is_trap(nop));
}

static void test_riscv64(void **state)
{
	(void)state;
	static const struct enc e[] = {
		{ "lr.w a1, (a0)", WORD(0x100525afu), INSN_EXCL_LOAD },
		{ "sc.w a2, a1, (a0)", WORD(0x18b5262fu), INSN_EXCL_STORE },
		{ "amoadd.w zero, a1, (a0)", WORD(0x00b5202fu), INSN_ATOMIC },
		{ "amoswap.d a1, a2, (a0)", WORD(0x08c535afu), INSN_ATOMIC },
		{ "lw a1, 0(a0)", WORD(0x00052583u), INSN_PLAIN },
		{ "c.lw a1, 0(a0)", { 0x0c, 0x41 }, INSN_PLAIN },
		{ "fsd fa0, 0(a0) (32-bit form)", WORD(0x00a53027u), INSN_VECTOR },
	};
	check("riscv64", e, sizeof e / sizeof e[0]);
	const struct arch *a = arch_find("riscv64");
	static const uint8_t ebreak[16] = WORD(0x00100073u), cebreak[16] = { 0x02, 0x90 },
			     unimp[16] = WORD(0xc0001073u), cunimp[16] = { 0 },
			     lw[16] = WORD(0x00052583u);
	assert_true(a->is_trap(ebreak));
	assert_true(a->is_trap(cebreak));
	assert_true(a->is_trap(unimp));
	assert_true(a->is_trap(cunimp));
	assert_false(a->is_trap(lw));
}

static void test_unknown(void **state)
{
	(void)state;
	assert_null(arch_find("mips"));
	assert_string_equal(arch_find("aarch64")->linker, "aarch64-linux-gnu-ld");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_x86_64),	cmocka_unit_test(test_i386),
		cmocka_unit_test(test_aarch64), cmocka_unit_test(test_riscv64),
		cmocka_unit_test(test_unknown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
