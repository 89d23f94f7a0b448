/*
 * test_insn.c - the instruction classifier (insn.h) on encodings GNU as produced (the comment on
 * each line is the instruction as aarch64-linux-gnu-objdump prints it): the kind, the registers
 * read, written, forming addresses and stored, the ordering bits, the sizes; and the condition
 * codes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "insn.h"

static struct a64_insn d(uint32_t w)
{
	struct a64_insn in;
	a64_decode(w, &in);
	return in;
}

/* list[0..n) is exactly the registers given (-1 ends them). */
static void regs(const int *list, int n, int a, int b, int c)
{
	int want[3] = { a, b, c }, k = 0;
	while (k < 3 && want[k] != -9)
		k++;
	assert_int_equal(n, k);
	for (int i = 0; i < k; i++)
		assert_int_equal(list[i], want[i]);
}
#define NONE -9

static void test_loads_stores(void **state)
{
	(void)state;
	struct a64_insn in = d(0xb9400020); /* ldr w0, [x1] */
	assert_int_equal(in.kind, A64_LOAD);
	assert_int_equal(in.size, 4);
	regs(in.addr, in.naddr, 1, NONE, NONE);
	regs(in.ld_dst, in.nld, 0, NONE, NONE);
	in = d(0xb9000062); /* str w2, [x3] */
	assert_int_equal(in.kind, A64_STORE);
	regs(in.addr, in.naddr, 3, NONE, NONE);
	regs(in.data, in.ndata, 2, NONE, NONE);
	in = d(0xb864c862); /* ldr w2, [x3, w4, sxtw] */
	regs(in.addr, in.naddr, 3, 4, NONE);
	in = d(0xa9bf7bfd); /* stp x29, x30, [sp, #-16]! */
	assert_int_equal(in.kind, A64_STORE);
	assert_int_equal(in.size, 8);
	regs(in.addr, in.naddr, A64_SP, NONE, NONE);
	regs(in.data, in.ndata, 29, 30, NONE);
	in = d(0x29400440); /* ldp w0, w1, [x2] */
	assert_int_equal(in.kind, A64_LOAD);
	regs(in.ld_dst, in.nld, 0, 1, NONE);
	in = d(0xa9417bfd); /* ldp x29, x30, [sp, #16] */
	assert_int_equal(in.kind, A64_LOAD);
	assert_int_equal(in.size, 8);
	regs(in.ld_dst, in.nld, 29, 30, NONE);
	assert_int_equal(d(0x28c17bfd).kind, A64_LOAD); /* ldp w29, w30, [sp], #8 */
	in = d(0xf8408420);				/* ldr x0, [x1], #8 */
	assert_int_equal(in.kind, A64_LOAD);
	assert_int_equal(in.size, 8);
	regs(in.addr, in.naddr, 1, NONE, NONE);
	in = d(0xb9800420); /* ldrsw x0, [x1, #4] */
	assert_int_equal(in.kind, A64_LOAD);
	assert_int_equal(in.size, 4);
	in = d(0x18000000); /* ldr w0, <literal> */
	assert_int_equal(in.kind, A64_LOAD);
	assert_int_equal(in.naddr, 0);
	assert_int_equal(d(0xf9800020).kind, A64_PREFETCH); /* prfm pldl1keep, [x1] */
}

static void test_ordered_exclusive(void **state)
{
	(void)state;
	assert_int_equal(d(0x88dffc20).ord, MM_ACQ);	       /* ldar w0, [x1] */
	assert_int_equal(d(0xb8bfc020).ord, MM_ACQPC);	       /* ldapr w0, [x1] */
	assert_int_equal(d(0x889ffc62).ord, MM_REL);	       /* stlr w2, [x3] */
	assert_int_equal(d(0x889ffc62).kind, A64_STORE);       /* stlr w2, [x3] */
	assert_int_equal(d(0x885f7c20).ord, MM_EXCL);	       /* ldxr w0, [x1] */
	assert_int_equal(d(0x885ffc20).ord, MM_EXCL | MM_ACQ); /* ldaxr w0, [x1] */
	struct a64_insn in = d(0x88027c20);		       /* stxr w2, w0, [x1] */
	assert_int_equal(in.kind, A64_STXR);
	assert_int_equal(in.ord, MM_EXCL);
	regs(in.dst, in.ndst, 2, NONE, NONE);
	regs(in.data, in.ndata, 0, NONE, NONE);
	regs(in.addr, in.naddr, 1, NONE, NONE);
	assert_int_equal(d(0x8802fc20).ord, MM_EXCL | MM_REL); /* stlxr w2, w0, [x1] */
}

static void test_atomics(void **state)
{
	(void)state;
	struct a64_insn in = d(0xb8250026); /* ldadd w5, w6, [x1] */
	assert_int_equal(in.kind, A64_RMW);
	assert_int_equal(in.ord, 0);
	regs(in.data, in.ndata, 5, NONE, NONE);
	regs(in.ld_dst, in.nld, 6, NONE, NONE);
	assert_int_equal(d(0xb8e50026).ord, MM_ACQ | MM_REL); /* ldaddal w5, w6, [x1] */
	in = d(0xb825003f);				      /* stadd w5, [x1] */
	assert_int_equal(in.kind, A64_RMW);
	assert_int_equal(in.ld_dst[0], -1);
	in = d(0xb8e58026); /* swpal w5, w6, [x1] */
	assert_int_equal(in.kind, A64_RMW);
	assert_string_equal(in.name, "SWP");
	assert_int_equal(in.ord, MM_ACQ | MM_REL);
	in = d(0x88a57c26); /* cas w5, w6, [x1] */
	assert_int_equal(in.kind, A64_CAS);
	regs(in.src, in.nsrc, 5, NONE, NONE);
	regs(in.ld_dst, in.nld, 5, NONE, NONE);
	regs(in.data, in.ndata, 6, NONE, NONE);
	in = d(0xc8e5fc26); /* casal x5, x6, [x1] */
	assert_int_equal(in.ord, MM_ACQ | MM_REL);
	assert_int_equal(in.size, 8);
}

static void test_alu(void **state)
{
	(void)state;
	struct a64_insn in = d(0x4a000004); /* eor w4, w0, w0 */
	assert_int_equal(in.kind, A64_ALU);
	regs(in.dst, in.ndst, 4, NONE, NONE);
	regs(in.src, in.nsrc, 0, 0, NONE);
	in = d(0x8b24c065); /* add x5, x3, w4, sxtw */
	regs(in.src, in.nsrc, 3, 4, NONE);
	in = d(0x7100041f); /* cmp w0, #0x1 */
	assert_int_equal(in.ndst, 0);
	assert_true(in.flags_out);
	regs(in.src, in.nsrc, 0, NONE, NONE);
	in = d(0xf2a00020); /* movk x0, #0x1, lsl #16 */
	regs(in.src, in.nsrc, 0, NONE, NONE);
	in = d(0x910003e0); /* mov x0, sp */
	regs(in.src, in.nsrc, A64_SP, NONE, NONE);
	in = d(0x9100001f); /* mov sp, x0 */
	regs(in.dst, in.ndst, A64_SP, NONE, NONE);
	in = d(0x9a020020); /* adc x0, x1, x2 */
	assert_true(in.flags_in);
	in = d(0x9b020c20); /* madd x0, x1, x2, x3 */
	assert_int_equal(in.nsrc, 3);
	in = d(0x9a8300c5); /* csel x5, x6, x3, eq */
	assert_int_equal(in.kind, A64_CSEL);
	assert_int_equal(in.cond, 0);
	regs(in.src, in.nsrc, 6, 3, NONE);
	in = d(0x1a9f07e8); /* cset w8, ne (csinc w8, wzr, wzr, eq) */
	assert_int_equal(in.kind, A64_CSEL);
	regs(in.src, in.nsrc, -1, -1, NONE);
	in = d(0x7a410800); /* ccmp w0, #0x1, #0x0, eq */
	assert_int_equal(in.kind, A64_CCMP);
	assert_true(in.flags_out);
	regs(in.src, in.nsrc, 0, NONE, NONE);
	/* register forms with bit 29 set (S) share [29:25] with the load/store pairs */
	in = d(0x6b090108); /* subs w8, w8, w9 */
	assert_int_equal(in.kind, A64_ALU);
	assert_true(in.flags_out);
	regs(in.src, in.nsrc, 8, 9, NONE);
	in = d(0xeb09011f); /* cmp x8, x9 */
	assert_int_equal(in.kind, A64_ALU);
	regs(in.dst, in.ndst, NONE, NONE, NONE);
	in = d(0x6a09011f); /* tst w8, w9 */
	assert_int_equal(in.kind, A64_ALU);
	assert_true(in.flags_out);
}

static void test_branches_barriers(void **state)
{
	(void)state;
	struct a64_insn in = d(0x54000001); /* b.ne */
	assert_int_equal(in.kind, A64_BCOND);
	assert_true(in.flags_in);
	assert_int_equal(in.cond, 1);
	assert_int_equal(d(0x34000000).kind, A64_CBZ); /* cbz w0 */
	in = d(0x37180001);			       /* tbnz w1, #3 */
	assert_int_equal(in.kind, A64_CBZ);
	regs(in.src, in.nsrc, 1, NONE, NONE);
	in = d(0xd63f0060); /* blr x3 */
	assert_int_equal(in.kind, A64_BRREG);
	regs(in.src, in.nsrc, 3, NONE, NONE);
	regs(in.dst, in.ndst, 30, NONE, NONE);
	regs(d(0xd65f03c0).src, 1, 30, NONE, NONE); /* ret */
	in = d(0x94000000);			    /* bl */
	assert_int_equal(in.kind, A64_BRANCH);
	regs(in.dst, in.ndst, 30, NONE, NONE);
	assert_int_equal(d(0xd5033bbf).fence, MM_FULL);	  /* dmb ish */
	assert_int_equal(d(0xd50339bf).fence, MM_DMB_LD); /* dmb ishld */
	assert_int_equal(d(0xd5033abf).fence, MM_DMB_ST); /* dmb ishst */
	assert_int_equal(d(0xd5033fbf).fence, MM_FULL);	  /* dmb sy */
	assert_int_equal(d(0xd5033b9f).fence, MM_FULL);	  /* dsb ish */
	assert_int_equal(d(0xd5033fdf).fence, MM_ISB);	  /* isb */
	assert_int_equal(d(0xd503201f).kind, A64_NOP);	  /* nop */
	assert_int_equal(d(0xd503203f).kind, A64_NOP);	  /* yield */
	assert_int_equal(d(0xd503305f).kind, A64_CLREX);  /* clrex (clang's failed cmpxchg) */
	assert_int_equal(d(0xd4200020).kind, A64_TRAP);	  /* brk #0x1 */
	assert_int_equal(d(0x00000000).kind, A64_TRAP);	  /* udf #0 */
}

static void test_refused(void **state)
{
	(void)state;
	struct a64_insn in = d(0x1e222820); /* fadd s0, s1, s2 */
	assert_int_equal(in.kind, A64_UNKNOWN);
	assert_string_equal(in.name, "a SIMD/FP instruction");
	assert_string_equal(d(0x3dc00020).name, "a SIMD/FP load or store"); /* ldr q0, [x1] */
	assert_string_equal(d(0xc87f0440).name, "LDXP/STXP/CASP (pair exclusives)");
	assert_int_equal(d(0xd53bd040).kind, A64_UNKNOWN); /* mrs x0, tpidr_el0 */
	assert_int_equal(d(0x19000020).kind, A64_UNKNOWN); /* stlurb w0, [x1] */
}

static void test_conditions(void **state)
{
	(void)state;
	uint64_t n = 1ull << 31, z = 1ull << 30, c = 1ull << 29, v = 1ull << 28;
	assert_true(a64_cond_holds(0, z));	/* EQ */
	assert_false(a64_cond_holds(1, z));	/* NE */
	assert_true(a64_cond_holds(2, c));	/* CS */
	assert_true(a64_cond_holds(4, n));	/* MI */
	assert_true(a64_cond_holds(6, v));	/* VS */
	assert_true(a64_cond_holds(8, c));	/* HI */
	assert_false(a64_cond_holds(8, c | z)); /* HI */
	assert_true(a64_cond_holds(10, n | v)); /* GE */
	assert_true(a64_cond_holds(11, n));	/* LT */
	assert_false(a64_cond_holds(12, z));	/* GT */
	assert_true(a64_cond_holds(13, z));	/* LE */
	assert_true(a64_cond_holds(14, 0));	/* AL */
	assert_true(a64_cond_holds(15, n | z)); /* NV behaves as AL */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loads_stores),	  cmocka_unit_test(test_ordered_exclusive),
		cmocka_unit_test(test_atomics),		  cmocka_unit_test(test_alu),
		cmocka_unit_test(test_branches_barriers), cmocka_unit_test(test_refused),
		cmocka_unit_test(test_conditions),
	};
	return cmocka_run_group_tests_name("a64 classifier", tests, NULL, NULL);
}
