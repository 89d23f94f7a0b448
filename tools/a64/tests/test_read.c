/*
 * test_read.c - the AArch64 litmus reader (test.h): a whole test's parts, the initial state's
 * forms, the clauses, the condition's evaluation, and each bad input refused with its line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

static struct a64_test *good(const char *text)
{
	struct a64_test *t;
	char *err;
	int rc = a64_read("t.litmus", text, strlen(text), &t, &err);
	if (rc != 0)
		fail_msg("%s", err);
	return t;
}

static void bad(const char *text, const char *want)
{
	struct a64_test *t = (void *)1;
	char *err = NULL;
	assert_int_equal(a64_read("t.litmus", text, strlen(text), &t, &err), -1);
	assert_null(t);
	assert_string_equal(err, want);
	free(err);
}

static const char mp[] = "AArch64 MP+dmb.ishst+addr\n"
			 "\"PodWW Rfe DpAddrdR Fre\"\n"
			 "Cycle=Rfe DpAddrdR Fre PodWW\n"
			 "(* Message passing. (* nested *)\n"
			 "   Result: Never *)\n"
			 "{ 0:X1=x; 0:X3=y;\n"
			 "  1:X1=y; 1:X3=x; }\n"
			 " P0          | P1                  ;\n"
			 " MOV W0,#1   | LDR W0,[X1]         ;\n"
			 " STR W0,[X1] | EOR W4,W0,W0        ;\n"
			 " DMB ISHST   | LDR W2,[X3,W4,SXTW] ;\n"
			 " MOV W2,#1   | CBZ W2,L0           ;\n"
			 " STR W2,[X3] | L0: NOP             ;\n"
			 "             | L1:                 ;\n"
			 "exists (1:X0=1 /\\ 1:X2=0)\n";

static void test_whole(void **state)
{
	(void)state;
	struct a64_test *t = good(mp);
	assert_string_equal(t->name, "MP+dmb.ishst+addr");
	assert_string_equal(t->expect, "Never");
	assert_int_equal(t->expect_line, 5);
	assert_int_equal(t->nlocs, 2);
	assert_string_equal(t->locs[0].name, "x");
	assert_int_equal(t->ninits, 4);
	assert_int_equal(t->inits[3].thread, 1);
	assert_int_equal(t->inits[3].reg, 3);
	assert_int_equal(t->inits[3].loc, 0);
	assert_int_equal(t->nthreads, 2);
	assert_int_equal(t->threads_line, 8);
	assert_int_equal(t->threads[0].ncells, 5);
	assert_int_equal(t->threads[1].ncells, 6);
	assert_string_equal(t->threads[1].cells[4].label, "L0");
	assert_string_equal(t->threads[1].cells[4].insn, "NOP");
	assert_int_equal(t->threads[1].cells[4].line, 13);
	assert_null(t->threads[1].cells[5].insn);
	assert_int_equal(t->quant, A64_EXISTS);
	assert_int_equal(t->cond_line, 15);
	assert_string_equal(t->cond_text, "(1:X0=1 /\\ 1:X2=0)");
	assert_int_equal(t->nobs, 2);
	assert_int_equal(t->obs[1].reg, 2);
	a64_test_free(t);
}

static void test_init_forms(void **state)
{
	(void)state;
	struct a64_test *t =
		good("AArch64 T\n{ uint64_t x; int y=2; int *z; 0:X2=0x10;\n"
		     "  int64_t 0:X3=-1; 0:X4=z; uint32_t 0:X5; }\n"
		     " P0 ;\n NOP ;\n"
		     "locations [x; 0:X2;]\nfilter (y=2)\n~exists (0:X4=z \\/ ~x=1)\n");
	assert_int_equal(t->nlocs, 3);
	assert_int_equal(t->locs[1].init, 2);
	assert_int_equal(t->inits[0].value, 16);
	assert_int_equal(t->inits[1].value, UINT64_MAX);
	assert_int_equal(t->inits[2].loc, 2);
	assert_int_equal(t->inits[3].value, 0);
	assert_int_equal(t->quant, A64_NOT_EXISTS);
	assert_non_null(t->filter);
	assert_int_equal(t->nobs, 3); /* x, 0:X2, then the condition's 0:X4 (x again: once) */
	assert_int_equal(t->obs[2].reg, 4);
	a64_test_free(t);
}

static uint64_t reg_fn(void *ctx, int thread, int reg)
{
	(void)ctx;
	return (uint64_t)(10 * thread + reg);
}

static uint64_t loc_fn(void *ctx, int i)
{
	(void)ctx;
	return (uint64_t)i + 1;
}

static uint64_t addr_fn(void *ctx, int i)
{
	(void)ctx;
	return 0x1000u + (uint64_t)i;
}

static int eval(const char *cond)
{
	char text[512];
	snprintf(text, sizeof text,
		 "AArch64 T\n{ 0:X1=x; 1:X1=y; }\n P0 | P1 ;\n NOP | NOP ;\n%s\n", cond);
	struct a64_test *t = good(text);
	struct a64_state_fns s = { reg_fn, loc_fn, addr_fn, NULL };
	int v = a64_cond_eval(t->cond, &s);
	a64_test_free(t);
	return v;
}

static void test_eval(void **state)
{
	(void)state;
	/* registers: thread t's Xr is 10t + r; locations: x=1, y=2; addresses 0x1000 + i */
	assert_true(eval("exists (0:X3=3 /\\ 1:X2=12)"));
	assert_false(eval("exists (0:X3=3 /\\ 1:X2=11)"));
	assert_true(eval("exists (0:X3=4 \\/ x=1)"));
	assert_true(eval("exists ~(x=2)"));
	assert_true(eval("exists (x=2 => false) /\\ true"));
	assert_true(eval("exists (0:X3!=4)"));
	assert_true(eval("forall ([y]=2)"));
	assert_false(eval("exists (0:X1=x)"));		   /* X1 is 1 here, not x's address */
	assert_true(eval("exists (x=1 \\/ y=1 /\\ x=2)")); /* /\ binds tighter */
	assert_false(eval("exists ((x=1 \\/ y=1) /\\ x=2)"));
}

static void test_bad(void **state)
{
	(void)state;
	bad("", "t.litmus:1: empty file: expected 'AArch64 <name>'");
	bad("PPC SB\n",
	    "t.litmus:1: expected 'AArch64 <name>' (this reader takes AArch64 and X86 tests)");
	bad("AArch64\n", "t.litmus:1: expected one name after AArch64");
	bad("AArch64 T\nwhat is this\n{ }\n",
	    "t.litmus:2: expected a quoted description, key=value metadata or the initial state "
	    "'{'");
	bad("AArch64 T\n(* open\n", "t.litmus:2: a comment '(*' that is never closed");
	bad("AArch64 T\n{ 0:X1=x;\n", "t.litmus:3: the initial state has no closing '}'");
	bad("AArch64 T\n{ 0:X1=x 0:X2=y; }\n",
	    "t.litmus:2: expected ';' or '}' after an item of the initial state");
	bad("AArch64 T\n{ 0:X31=x; }\n", "t.litmus:2: unknown register 0:X31 (X0 to X30)");
	bad("AArch64 T\n{ 0:SP=x; }\n", "t.litmus:2: unknown register 0:SP (X0 to X30)");
	bad("AArch64 T\n{ 0:X1=x; 0:W1=y; }\n", "t.litmus:2: register 0:W1 is initialised twice");
	bad("X86 T\n{ 0:X1=x; }\n",
	    "t.litmus:2: unknown register 0:X1 (EAX, EBX, ECX, EDX, ESI, EDI)");
	bad("AArch64 T\n{ x=y; }\n", "t.litmus:2: location x holds the address of y: pointer "
				     "values in memory are not supported");
	bad("AArch64 T\n{ }\n", "t.litmus:3: no thread header (P0 | P1 ... ;)");
	bad("AArch64 T\n{ }\n P0 | P2 ;\n",
	    "t.litmus:3: expected thread P1 in the header, found 'P2'");
	bad("AArch64 T\n{ }\n P0 ;\n NOP\n", "t.litmus:4: a line of code must end with ';'");
	bad("AArch64 T\n{ }\n P0 ;\n NOP | NOP ;\n",
	    "t.litmus:4: 2 columns on this line, but the test has 1 thread");
	bad("AArch64 T\n{ }\n P0 ;\n L: NOP ;\n L: NOP ;\nexists (x=1)\n",
	    "t.litmus:5: label L defined twice in P0");
	/* nothing but one instruction reaches the assembler: no directive (it would read a host
	 * file or run text), no second statement, no second label */
	static const char *const directives[] = { ".incbin \"/etc/hostname\"",
						  ".include \"/etc/passwd\"",
						  ".macro m",
						  ".irp r,1,2",
						  ".rept 9",
						  ".file \"x\"",
						  ".inst 0xd503201f",
						  NULL };
	for (int i = 0; directives[i]; i++) {
		char text[128], want[192];
		snprintf(text, sizeof text, "X86 T\n{ }\n P0 | P1 ;\n NOP | L: %s ;\n",
			 directives[i]);
		snprintf(want, sizeof want,
			 "t.litmus:4: P1: '%s': an assembler directive: a cell holds one "
			 "instruction, after an optional label",
			 directives[i]);
		bad(text, want);
	}
	bad("AArch64 T\n{ }\n P0 ;\n NOP ; .include \"/etc/passwd\" ;\n",
	    "t.litmus:4: P0: 'NOP ; .include \"/etc/passwd\"': ';' would start a second statement: "
	    "a cell holds one instruction");
	bad("AArch64 T\n{ }\n P0 ;\n L0: L1: .incbin \"/etc/passwd\" ;\n",
	    "t.litmus:4: P0: 'L1: .incbin \"/etc/passwd\"': expected an instruction (a mnemonic, "
	    "then its operands), after an optional label");
	bad("AArch64 T\n{ }\n P0 ;\n x=1 ;\n",
	    "t.litmus:4: P0: 'x=1': expected an instruction (a mnemonic, then its operands), after "
	    "an optional label");
	bad("AArch64 T\n{ }\n P0 ;\n NOP ;\n",
	    "t.litmus:5: no condition (exists, ~exists or forall) "
	    "after the code");
	bad("AArch64 T\n{ }\n P0 ;\n NOP ;\nexists (0:X0=1) junk\n",
	    "t.litmus:5: unexpected text after the condition");
	bad("AArch64 T\n{ }\n P0 ;\n NOP ;\nexists (1:X0=1)\n",
	    "t.litmus:5: unknown register 1:X0 (the test has 1 thread)");
	bad("AArch64 T\n{ }\n P0 ;\n NOP ;\nexists (0:X0=1 /\\\n  x=1)\n",
	    "t.litmus:6: unknown location x");
	bad("AArch64 T\n{ }\n P0 ;\n NOP ;\nexists (0:X0=1\n", "t.litmus:6: expected ')' in the "
							       "condition");
	bad("AArch64 T\n{ }\n P0 ;\n NOP ;\nexists (0:X0<1)\n",
	    "t.litmus:5: expected '=' or '!=' in the condition");
	bad("AArch64 T\n{ }\n P0 ;\n NOP ;\nexists (0:X0=99999999999999999999)\n",
	    "t.litmus:5: a number that does not fit in 64 bits");
	bad("AArch64 T\n(* Result: Never *)(* Result: Always *)\n{ }\n",
	    "t.litmus:2: a second Result: (the first is on line 2)");
	bad("AArch64 T\n(* Result: Perhaps *)\n", "t.litmus:2: Result: must be Never, Sometimes or "
						  "Always");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whole),
		cmocka_unit_test(test_init_forms),
		cmocka_unit_test(test_eval),
		cmocka_unit_test(test_bad),
	};
	return cmocka_run_group_tests_name("a64 reader", tests, NULL, NULL);
}
