/*
 * test_flow.c - cmocka tests of the value flow (flow.c, flows_thread) and of the path-aware
 * order (flow_before, before_thread), on hand-written listings of every syntax of the matrix
 * (x86_64, i386, aarch64, riscv64). Each case comes in pairs: the listing where the check must
 * hold and a minimal change where it must fail (the dereferenced value is the fresh one, the
 * value went through a call, the store is on one path only).
 *
 * The shape of the stale-pointer and page_vma_mapped cases: gp (or an entry) is loaded, loaded
 * again and checked, and the first value is then dereferenced (or stored to r1): gcc's code.
 * The fresh form dereferences the checked value: clang's code, harmless.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "dis.h"
#include "evidence.h"
#include "flow.h"

/* gp (8 bytes; 4 on i386), a, b in course_shared; r1 in course_observed; f is the function. */
/* clang-format off */
static const char symbols64[] =
	"Section Headers:\n"
	"  [Nr] Name              Type            Address          Off    Size   ES Flg Lk Inf Al\n"
	"  [ 1] .text             PROGBITS        0000000000000000 000040 000080 00  AX  0   0 16\n"
	"  [ 4] course_shared     PROGBITS        0000000000000000 000080 000018 00  WA  0   0  8\n"
	"  [ 5] course_observed   PROGBITS        0000000000000000 0000a0 000008 00  WA  0   0  4\n"
	"Symbol table '.symtab' contains 6 entries:\n"
	"   Num:    Value          Size Type    Bind   Vis      Ndx Name\n"
	"     1: 0000000000000000     8 OBJECT  GLOBAL DEFAULT    4 gp\n"
	"     2: 0000000000000008     8 OBJECT  GLOBAL DEFAULT    4 a\n"
	"     3: 0000000000000010     1 OBJECT  GLOBAL DEFAULT    4 b\n"
	"     4: 0000000000000004     4 OBJECT  GLOBAL DEFAULT    5 r1\n"
	"     5: 0000000000000000   128 FUNC    GLOBAL DEFAULT    1 f\n"
	"     6: 0000000000000000     0 NOTYPE  GLOBAL DEFAULT  UND g\n";

static const char symbols32[] =
	"Section Headers:\n"
	"  [Nr] Name              Type            Addr     Off    Size   ES Flg Lk Inf Al\n"
	"  [ 1] .text             PROGBITS        00000000 000040 000080 00  AX  0   0 16\n"
	"  [ 4] course_shared     PROGBITS        00000000 000080 000010 00  WA  0   0  4\n"
	"  [ 5] course_observed   PROGBITS        00000000 0000a0 000008 00  WA  0   0  4\n"
	"Symbol table '.symtab' contains 4 entries:\n"
	"   Num:    Value  Size Type    Bind   Vis      Ndx Name\n"
	"     1: 00000000     4 OBJECT  GLOBAL DEFAULT    4 gp\n"
	"     2: 00000004     4 OBJECT  GLOBAL DEFAULT    5 r1\n"
	"     3: 00000000   128 FUNC    GLOBAL DEFAULT    1 f\n";
/* clang-format on */

static void parse(struct dis *d, enum arch a, const char *body)
{
	char text[8192], err[256];
	const char *fmt = a == ARCH_X86_64  ? "elf64-x86-64" :
			  a == ARCH_I386    ? "elf32-i386" :
			  a == ARCH_AARCH64 ? "elf64-littleaarch64" :
					      "elf64-littleriscv";
	snprintf(text, sizeof text,
		 "%s\nx.o:     file format %s\n\nDisassembly of section .text:\n\n"
		 "0000000000000000 <f>:\nf():\n/tmp/x.c:3\n%s",
		 a == ARCH_I386 ? symbols32 : symbols64, fmt, body);
	if (dis_parse(d, a, text, "listing", "x.c", err, sizeof err))
		fail_msg("%s", err);
	classify_func(d, &d->funcs[0]);
}

static struct flows flows(enum arch a, const char *body, const char *var, const char *use)
{
	struct dis d;
	struct flows fl;
	char err[256];
	parse(&d, a, body);
	if (flows_thread(&d, "f", var, use, &fl, err, sizeof err))
		fail_msg("%s", err);
	dis_free(&d);
	return fl;
}

/* ---- x86_64 ---------------------------------------------------------------------------------- */

/* clang-format off */
#define X64_LOAD_RAX "   0:\tmov    0x0(%rip),%rax        # 7 <f+0x7>\n\t\t\t3: R_X86_64_PC32\tgp-0x4\n"

static const char x64_stale[] = X64_LOAD_RAX
	"   7:\tmov    0x0(%rip),%rdx        # e <f+0xe>\n\t\t\ta: R_X86_64_PC32\tgp-0x4\n"
	"   e:\ttest   %rdx,%rdx\n"
	"  11:\tje     15 <f+0x15>\n"
	"  13:\tmov    (%rax),%eax\n"
	"  15:\tret\n";
static const char x64_fresh[] = X64_LOAD_RAX
	"   7:\tmov    0x0(%rip),%rdx        # e <f+0xe>\n\t\t\ta: R_X86_64_PC32\tgp-0x4\n"
	"   e:\ttest   %rdx,%rdx\n"
	"  11:\tje     15 <f+0x15>\n"
	"  13:\tmov    (%rdx),%eax\n"
	"  15:\tret\n";
/* -O0: the first value goes through a stack slot */
#define X64_SPILL_LOADS \
	"   0:\tpush   %rbp\n" \
	"   1:\tmov    %rsp,%rbp\n" \
	"   4:\tmov    0x0(%rip),%rax        # b <f+0xb>\n" \
	"\t\t\t7: R_X86_64_PC32\tgp-0x4\n" \
	"   b:\tmov    %rax,-0x8(%rbp)\n" \
	"   f:\tmov    0x0(%rip),%rax        # 16 <f+0x16>\n" \
	"\t\t\t12: R_X86_64_PC32\tgp-0x4\n"

static const char x64_spill[] = X64_SPILL_LOADS
	"  16:\ttest   %rax,%rax\n"
	"  19:\tje     21 <f+0x21>\n"
	"  1b:\tmov    -0x8(%rbp),%rax\n"
	"  1f:\tmov    (%rax),%eax\n"
	"  21:\tpop    %rbp\n"
	"  22:\tret\n";
/* the same with the slot overwritten by the second value first */
static const char x64_spill_fresh[] = X64_SPILL_LOADS
	"  16:\tmov    %rax,-0x8(%rbp)\n"
	"  1a:\ttest   %rax,%rax\n"
	"  1d:\tje     25 <f+0x25>\n"
	"  1f:\tmov    -0x8(%rbp),%rax\n"
	"  23:\tmov    (%rax),%eax\n"
	"  25:\tpop    %rbp\n"
	"  26:\tret\n";
/* clang-format on */

/* r1 = (first == 0) after the check: through the flags, a byte register and a zero extension.
 * %ecx held the second value before: the byte written by sete is read back alone. */
/* clang-format off */
static const char x64_r1_stale[] = X64_LOAD_RAX
	"   7:\tmov    0x0(%rip),%rcx        # e <f+0xe>\n\t\t\ta: R_X86_64_PC32\tgp-0x4\n"
	"   e:\ttest   %rcx,%rcx\n"
	"  11:\tje     22 <f+0x22>\n"
	"  13:\ttest   %rax,%rax\n"
	"  16:\tsete   %cl\n"
	"  19:\tmovzbl %cl,%ecx\n"
	"  1c:\tmov    %ecx,0x0(%rip)        # 22 <f+0x22>\n\t\t\t1e: R_X86_64_PC32\tr1-0x4\n"
	"  22:\tret\n";
/* clang: the check's value is known not to be 0, r1 gets a constant */
static const char x64_r1_const[] = X64_LOAD_RAX
	"   7:\tmov    0x0(%rip),%rcx        # e <f+0xe>\n\t\t\ta: R_X86_64_PC32\tgp-0x4\n"
	"   e:\ttest   %rcx,%rcx\n"
	"  11:\tje     1e <f+0x1e>\n"
	"  13:\tmovl   $0x0,0x0(%rip)        # 1d <f+0x1d>\n\t\t\t15: R_X86_64_PC32\tr1-0x8\n"
	"  1d:\tnop\n"
	"  1e:\tret\n";
/* clang-format on */

/* Join: on the jne path the first value is dereferenced as it is (fresh: no reload on that
 * path); on the other, it is replaced by a second load. Both reach; none is stale. Loading the
 * second value into another register leaves %rax stale on that path. */
/* clang-format off */
static const char x64_join[] = X64_LOAD_RAX "   7:\ttest   %rax,%rax\n"
					    "   a:\tjne    13 <f+0x13>\n"
					    "   c:\tmov    0x0(%rip),%rax        # 13 <f+0x13>\n"
					    "\t\t\tf: R_X86_64_PC32\tgp-0x4\n"
					    "  13:\tmov    (%rax),%edx\n"
					    "  15:\tret\n";
static const char x64_join_stale[] = X64_LOAD_RAX "   7:\ttest   %rax,%rax\n"
						  "   a:\tjne    13 <f+0x13>\n"
						  "   c:\tmov    0x0(%rip),%rdx        # 13 <f+0x13>\n"
						  "\t\t\tf: R_X86_64_PC32\tgp-0x4\n"
						  "  13:\tmov    (%rax),%edx\n"
						  "  15:\tret\n";
/* A call clobbers %rax (caller-saved), not %rbx (callee-saved). */
static const char x64_call_rax[] = X64_LOAD_RAX
	"   7:\tcall   c <f+0xc>\n\t\t\t8: R_X86_64_PLT32\tg-0x4\n"
	"   c:\tmov    (%rax),%edx\n"
	"   e:\tret\n";
static const char x64_call_rbx[] =
	"   0:\tmov    0x0(%rip),%rbx        # 7 <f+0x7>\n\t\t\t3: R_X86_64_PC32\tgp-0x4\n"
	"   7:\tcall   c <f+0xc>\n\t\t\t8: R_X86_64_PLT32\tg-0x4\n"
	"   c:\tmov    (%rbx),%edx\n"
	"   e:\tret\n";
/* clang-format on */

/* ---- i386 ------------------------------------------------------------------------------------ */

/* clang-format off */
static const char i386_stale[] = "   0:\tmov    0x0,%eax\n\t\t\t1: R_386_32\tgp\n"
				 "   5:\tmov    0x0,%edx\n\t\t\t7: R_386_32\tgp\n"
				 "   b:\ttest   %edx,%edx\n"
				 "   d:\tje     11 <f+0x11>\n"
				 "   f:\tmov    (%eax),%eax\n"
				 "  11:\tret\n";
static const char i386_fresh[] = "   0:\tmov    0x0,%eax\n\t\t\t1: R_386_32\tgp\n"
				 "   5:\tmov    0x0,%edx\n\t\t\t7: R_386_32\tgp\n"
				 "   b:\ttest   %edx,%edx\n"
				 "   d:\tje     11 <f+0x11>\n"
				 "   f:\tmov    (%edx),%eax\n"
				 "  11:\tret\n";
static const char i386_spill[] = "   0:\tpush   %ebp\n"
				 "   1:\tmov    %esp,%ebp\n"
				 "   3:\tmov    0x0,%eax\n\t\t\t4: R_386_32\tgp\n"
				 "   8:\tmov    %eax,-0x4(%ebp)\n"
				 "   b:\tmov    0x0,%eax\n\t\t\tc: R_386_32\tgp\n"
				 "  10:\ttest   %eax,%eax\n"
				 "  12:\tje     19 <f+0x19>\n"
				 "  14:\tmov    -0x4(%ebp),%eax\n"
				 "  17:\tmov    (%eax),%eax\n"
				 "  19:\tpop    %ebp\n"
				 "  1a:\tret\n";
/* clang-format on */

/* ---- aarch64 --------------------------------------------------------------------------------- */

/* clang-format off */
/* x1 = gp; then the second load of gp into `second` */
#define A64_LOADS(second) \
	"  0:\tadrp\tx0, 0 <f>\n" \
	"\t\t\t0: R_AARCH64_ADR_PREL_PG_HI21\tgp\n" \
	"  4:\tldr\tx1, [x0]\n" \
	"\t\t\t4: R_AARCH64_LDST64_ABS_LO12_NC\tgp\n" \
	"  8:\tldr\t" second ", [x0]\n" \
	"\t\t\t8: R_AARCH64_LDST64_ABS_LO12_NC\tgp\n"

static const char a64_stale[] = A64_LOADS("x2")
	"  c:\tcbz\tx2, 14 <f+0x14>\n"
	"  10:\tldr\tw3, [x1]\n"
	"  14:\tret\n";
static const char a64_fresh[] = A64_LOADS("x2")
	"  c:\tcbz\tx2, 14 <f+0x14>\n"
	"  10:\tldr\tw3, [x2]\n"
	"  14:\tret\n";
/* gcc -O0: the first value is kept in [sp, #8] */
static const char a64_spill[] =
	"  0:\tsub\tsp, sp, #0x10\n"
	"  4:\tadrp\tx0, 0 <f>\n"
	"\t\t\t4: R_AARCH64_ADR_PREL_PG_HI21\tgp\n"
	"  8:\tldr\tx0, [x0]\n"
	"\t\t\t8: R_AARCH64_LDST64_ABS_LO12_NC\tgp\n"
	"  c:\tstr\tx0, [sp, #8]\n"
	"  10:\tadrp\tx0, 0 <f>\n"
	"\t\t\t10: R_AARCH64_ADR_PREL_PG_HI21\tgp\n"
	"  14:\tldr\tx0, [x0]\n"
	"\t\t\t14: R_AARCH64_LDST64_ABS_LO12_NC\tgp\n"
	"  18:\tcmp\tx0, #0x0\n"
	"  1c:\tb.eq\t28 <f+0x28>\n"
	"  20:\tldr\tx0, [sp, #8]\n"
	"  24:\tldr\tw0, [x0]\n"
	"  28:\tadd\tsp, sp, #0x10\n"
	"  2c:\tret\n";
/* r1 = (first == 0) through cmp and cset (gcc's page_vma_mapped) */
static const char a64_r1[] = A64_LOADS("x0")
	"  c:\tcbz\tx0, 20 <f+0x20>\n"
	"  10:\tadrp\tx2, 0 <f>\n"
	"\t\t\t10: R_AARCH64_ADR_PREL_PG_HI21\tr1\n"
	"  14:\tcmp\tx1, #0x0\n"
	"  18:\tcset\tw1, eq\n"
	"  1c:\tstr\tw1, [x2]\n"
	"\t\t\t1c: R_AARCH64_LDST32_ABS_LO12_NC\tr1\n"
	"  20:\tret\n";
/* clang: r1 = 0 (wzr) */
static const char a64_r1_const[] = A64_LOADS("x0")
	"  c:\tcbz\tx0, 18 <f+0x18>\n"
	"  10:\tadrp\tx2, 0 <f>\n"
	"\t\t\t10: R_AARCH64_ADR_PREL_PG_HI21\tr1\n"
	"  14:\tstr\twzr, [x2]\n"
	"\t\t\t14: R_AARCH64_LDST32_ABS_LO12_NC\tr1\n"
	"  18:\tret\n";
/* clang-format on */

/* ---- riscv64 --------------------------------------------------------------------------------- */

/* clang-format off */
/* a4 = gp; a3 = gp again */
#define RV_LOADS_A4_A3 \
	"  0:\tlui\ta5,0x0\n" \
	"\t\t\t0: R_RISCV_HI20\tgp\n" \
	"  4:\tld\ta4,0(a5)\n" \
	"\t\t\t4: R_RISCV_LO12_I\tgp\n" \
	"  8:\tld\ta3,0(a5)\n" \
	"\t\t\t8: R_RISCV_LO12_I\tgp\n"

static const char rv_stale[] = RV_LOADS_A4_A3
	"  c:\tbeqz\ta3,14 <f+0x14>\n"
	"  10:\tlw\ta0,0(a4)\n"
	"  14:\tret\n";
static const char rv_fresh[] = RV_LOADS_A4_A3
	"  c:\tbeqz\ta3,14 <f+0x14>\n"
	"  10:\tlw\ta0,0(a3)\n"
	"  14:\tret\n";
/* -O0: the first value is kept at -24(s0) */
static const char rv_spill[] =
	"  0:\taddi\tsp,sp,-32\n"
	"  4:\tsd\ts0,24(sp)\n"
	"  8:\taddi\ts0,sp,32\n"
	"  c:\tlui\ta5,0x0\n"
	"\t\t\tc: R_RISCV_HI20\tgp\n"
	"  10:\tld\ta5,0(a5)\n"
	"\t\t\t10: R_RISCV_LO12_I\tgp\n"
	"  14:\tsd\ta5,-24(s0)\n"
	"  18:\tlui\ta5,0x0\n"
	"\t\t\t18: R_RISCV_HI20\tgp\n"
	"  1c:\tld\ta5,0(a5)\n"
	"\t\t\t1c: R_RISCV_LO12_I\tgp\n"
	"  20:\tbeqz\ta5,2c <f+0x2c>\n"
	"  24:\tld\ta5,-24(s0)\n"
	"  28:\tlw\ta5,0(a5)\n"
	"  2c:\tld\ts0,24(sp)\n"
	"  30:\taddi\tsp,sp,32\n"
	"  34:\tret\n";
/* r1 = (first == 0): seqz */
static const char rv_r1[] = RV_LOADS_A4_A3
	"  c:\tbeqz\ta3,1c <f+0x1c>\n"
	"  10:\tseqz\ta4,a4\n"
	"  14:\tlui\ta5,0x0\n"
	"\t\t\t14: R_RISCV_HI20\tr1\n"
	"  18:\tsw\ta4,0(a5)\n"
	"\t\t\t18: R_RISCV_LO12_S\tr1\n"
	"  1c:\tret\n";
static const char rv_r1_fresh[] = RV_LOADS_A4_A3
	"  c:\tbeqz\ta3,1c <f+0x1c>\n"
	"  10:\tseqz\ta4,a3\n"
	"  14:\tlui\ta5,0x0\n"
	"\t\t\t14: R_RISCV_HI20\tr1\n"
	"  18:\tsw\ta4,0(a5)\n"
	"\t\t\t18: R_RISCV_LO12_S\tr1\n"
	"  1c:\tret\n";
/* clang-format on */

/* ---- what reaches each use ------------------------------------------------------------------ */

/* The value flow that must come out of a listing: -1 where a field is not checked. A stale
 * case: the first load alone reaches the use, gp having been loaded again on the way; a fresh
 * one: the load `first` alone reaches it, and it is not stale. */
struct flow_case {
	enum arch arch;
	const char *body, *var, *use;
	struct flows want;
};

/* { loads_to, first_load_to, last_load_to, stale_loads_to } */
/* clang-format off */
#define STALE(first) { 1, first, -1, 1 }
#define FRESH(first) { 1, first, -1, 0 }
#define LOADS(n) { n, -1, -1, -1 }
#define NONE { 0, 0, -1, 0 }
/* clang-format on */

static const struct flow_case flow_cases[] = {
	{ ARCH_X86_64, x64_stale, "gp", "deref", STALE(1) },
	{ ARCH_X86_64, x64_fresh, "gp", "deref", FRESH(2) },
	{ ARCH_X86_64, x64_stale, "gp", "branch", FRESH(2) }, /* the check tests the new value */
	{ ARCH_X86_64, x64_spill, "gp", "deref", STALE(1) },
	{ ARCH_X86_64, x64_spill_fresh, "gp", "deref", FRESH(2) },
	{ ARCH_X86_64, x64_r1_stale, "gp", "r1", STALE(1) },
	{ ARCH_X86_64, x64_r1_const, "gp", "r1", NONE },
	{ ARCH_X86_64, x64_join, "gp", "deref", { 2, 1, 2, 0 } },
	{ ARCH_X86_64, x64_join_stale, "gp", "deref", { 1, -1, -1, 1 } },
	{ ARCH_X86_64, x64_call_rax, "gp", "deref", LOADS(0) },
	{ ARCH_X86_64, x64_call_rbx, "gp", "deref", LOADS(1) },
	{ ARCH_X86_64, x64_call_rax, "a", "deref", NONE }, /* no loads of the variable at all */
	{ ARCH_I386, i386_stale, "gp", "deref", STALE(1) },
	{ ARCH_I386, i386_fresh, "gp", "deref", FRESH(2) },
	{ ARCH_I386, i386_spill, "gp", "deref", STALE(1) },
	{ ARCH_AARCH64, a64_stale, "gp", "deref", STALE(1) },
	{ ARCH_AARCH64, a64_fresh, "gp", "deref", FRESH(2) },
	{ ARCH_AARCH64, a64_stale, "gp", "branch", FRESH(2) }, /* cbz tests the second value */
	{ ARCH_AARCH64, a64_spill, "gp", "deref", STALE(1) },
	{ ARCH_AARCH64, a64_spill, "gp", "branch", FRESH(2) }, /* b.eq: the flags of cmp */
	{ ARCH_AARCH64, a64_r1, "gp", "r1", STALE(1) },
	{ ARCH_AARCH64, a64_r1_const, "gp", "r1", LOADS(0) },
	{ ARCH_RISCV64, rv_stale, "gp", "deref", STALE(1) },
	{ ARCH_RISCV64, rv_fresh, "gp", "deref", FRESH(2) },
	{ ARCH_RISCV64, rv_stale, "gp", "branch", FRESH(2) },
	{ ARCH_RISCV64, rv_spill, "gp", "deref", STALE(1) },
	{ ARCH_RISCV64, rv_r1, "gp", "r1", STALE(1) },
	{ ARCH_RISCV64, rv_r1_fresh, "gp", "r1", FRESH(2) },
};

static int flows_match(const struct flows *got, const struct flows *want)
{
	const int g[] = { got->loads_to, got->first_load_to, got->last_load_to,
			  got->stale_loads_to };
	const int w[] = { want->loads_to, want->first_load_to, want->last_load_to,
			  want->stale_loads_to };
	for (size_t i = 0; i < sizeof g / sizeof g[0]; i++)
		if (w[i] >= 0 && g[i] != w[i])
			return 0;
	return 1;
}

static void test_flow_cases(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof flow_cases / sizeof flow_cases[0]; i++) {
		const struct flow_case *c = &flow_cases[i];
		const struct flows fl = flows(c->arch, c->body, c->var, c->use), *w = &c->want;
		if (!flows_match(&fl, w))
			fail_msg(
				"case %zu (%s, %s to %s): want loads_to %d first %d last %d stale %d, "
				"got %d %d %d %d (-1: not checked)",
				i, arch_name(c->arch), c->var, c->use, w->loads_to,
				w->first_load_to, w->last_load_to, w->stale_loads_to, fl.loads_to,
				fl.first_load_to, fl.last_load_to, fl.stale_loads_to);
	}
}

/* ---- order on every path ----------------------------------------------------------------------- */

/* b's store is listed first, but every path stores a before it (the jumps go round): the
 * emission order says "b first", the path order "a first". */
/* clang-format off */
static const char order_jumps[] =
	"   0:\tjmp    d <f+0xd>\n"
	"   2:\tmovb   $0x1,0x0(%rip)        # 9 <f+0x9>\n\t\t\t4: R_X86_64_PC32\tb-0x5\n"
	"   9:\tret\n"
	"   a:\tnop\n"
	"   b:\tnop\n"
	"   c:\tnop\n"
	"   d:\tmovq   $0x2a,0x0(%rip)        # 18 <f+0x18>\n\t\t\t10: R_X86_64_PC32\ta-0x8\n"
	"  18:\tjmp    2 <f+0x2>\n";
/* a is stored on one path only */
static const char order_one_path[] =
	"   0:\ttest   %edi,%edi\n"
	"   2:\tje     d <f+0xd>\n"
	"   4:\tmovq   $0x2a,0x0(%rip)        # f <f+0xf>\n\t\t\t7: R_X86_64_PC32\ta-0x8\n"
	"   d:\tnop\n"
	"   e:\tnop\n"
	"   f:\tmovb   $0x1,0x0(%rip)        # 16 <f+0x16>\n\t\t\t11: R_X86_64_PC32\tb-0x5\n"
	"  16:\tret\n";
/* clang-format on */

static void test_order_paths(void **state)
{
	(void)state;
	struct dis d;
	parse(&d, ARCH_X86_64, order_jumps);
	struct counts a, b;
	counts_thread(&d, "f", "a", &a);
	counts_thread(&d, "f", "b", &b);
	assert_true(b.first_store < a.first_store);		  /* listing order: b first */
	assert_int_equal(before_thread(&d, "f", "a", "b", 1), 1); /* every path: a first */
	assert_int_equal(before_thread(&d, "f", "b", "a", 1), 0);
	assert_int_equal(before_thread(&d, "f", "a", "b", 0), 0); /* no loads of b */
	dis_free(&d);
	parse(&d, ARCH_X86_64, order_one_path);
	counts_thread(&d, "f", "a", &a);
	counts_thread(&d, "f", "b", &b);
	assert_true(a.first_store < b.first_store);		  /* listing order: a first */
	assert_int_equal(before_thread(&d, "f", "a", "b", 1), 0); /* not on the je path */
	dis_free(&d);
}

/* More loads of one variable than the analysis tracks: an error, not a silent answer. */
static void test_limit(void **state)
{
	(void)state;
	static char body[FLOW_MAX_LOADS * 80 + 200];
	size_t n = 0;
	for (int i = 0; i <= FLOW_MAX_LOADS; i++)
		n += (size_t)snprintf(body + n, sizeof body - n,
				      "  %x:\tmov    0x0(%%rip),%%rax        # %x <f+0x%x>\n"
				      "\t\t\t%x: R_X86_64_PC32\tgp-0x4\n",
				      i * 7, i * 7 + 7, i * 7 + 7, i * 7 + 3);
	snprintf(body + n, sizeof body - n, "  %x:\tret\n", (FLOW_MAX_LOADS + 1) * 7);
	struct dis d;
	struct flows fl;
	char err[256] = "";
	char *text = malloc(sizeof body + 1024);
	assert_non_null(text);
	snprintf(text, sizeof body + 1024,
		 "%s\nx.o:     file format elf64-x86-64\n\nDisassembly of section .text:\n\n"
		 "0000000000000000 <f>:\nf():\n/tmp/x.c:3\n%s",
		 symbols64, body);
	assert_int_equal(dis_parse(&d, ARCH_X86_64, text, "listing", "x.c", err, sizeof err), 0);
	free(text);
	classify_func(&d, &d.funcs[0]);
	assert_int_equal(flows_thread(&d, "f", "gp", "deref", &fl, err, sizeof err), -1);
	assert_non_null(strstr(err, "more than 64 loads of gp"));
	dis_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flow_cases),
		cmocka_unit_test(test_order_paths),
		cmocka_unit_test(test_limit),
	};
	return cmocka_run_group_tests_name("asm value flow", tests, NULL, NULL);
}
