/*
 * test_dis.c - cmocka tests of the objdump parser, access classification and loop detection,
 * on disassembly recorded once from every target of the matrix (fixtures/dis, made by
 * make-fixtures.sh from fixtures/fixture.c) and on small hand-written listings.
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
#include "util.h"

static const char *fixtures(void)
{
	const char *d = getenv("ASM_FIXTURES");
	return d ? d : "tools/asm/tests/fixtures";
}

static void load_main(struct dis *d, const char *name, const char *main_file)
{
	char path[512], arch[32] = "";
	snprintf(path, sizeof path, "%s/dis/%s.arch", fixtures(), name);
	char *a = read_file(path, NULL);
	assert_non_null(a);
	sscanf(a, "%31s", arch);
	free(a);
	snprintf(path, sizeof path, "%s/dis/%s.dis", fixtures(), name);
	char *text = read_file(path, NULL);
	assert_non_null(text);
	char err[512] = "";
	int rc = dis_parse(d, arch_from_name(arch), text, path, main_file, err, sizeof err);
	free(text);
	if (rc)
		fail_msg("%s", err);
	for (int f = 0; f < d->nfuncs; f++)
		classify_func(d, &d->funcs[f]);
}

static void load(struct dis *d, const char *name)
{
	load_main(d, name, "fixture.c");
}

static struct counts count(const struct dis *d, const char *fn, const char *var)
{
	struct counts c;
	counts_thread(d, fn, var, &c);
	return c;
}

static const char *const all_targets[] = {
	"gcc-12_x86_64-O2",    "gcc-12_aarch64-O2",  "gcc-12_riscv64-O2",
	"gcc-12_i386-O2",      "clang-14_x86_64-O2", "clang-14_aarch64-O2",
	"clang-14_riscv64-O2", "clang-14_i386-O2",   "clang-19_x86_64-O2",
	"clang-19_aarch64-O2", "clang-22_x86_64-O2", "clang-22_aarch64-O2",
	"clang-14_x86_64-O0",  "gcc-12_aarch64-O0",  NULL
};

/* What holds on every target: the marked polling load is in a loop, both neighbours are
 * found through anchors/offsets, the atomic is one rmw or an exclusive load+store pair. */
static void test_every_target(void **state)
{
	(void)state;
	for (int t = 0; all_targets[t]; t++) {
		struct dis d;
		load(&d, all_targets[t]);
		const char *fns[] = { "poll", "hoist", "put", "inc", "two" };
		for (int i = 0; i < 5; i++)
			if (!dis_func(&d, fns[i]))
				fail_msg("%s: function %s missing", all_targets[t], fns[i]);
		struct counts c = count(&d, "poll", "flag");
		if (c.loads_in_loop < 1 || c.stores != 0)
			fail_msg("%s: poll: loads_in_loop(flag) = %d", all_targets[t],
				 c.loads_in_loop);
		assert_int_equal(count(&d, "poll", "r0").stores, 1);
		struct counts a = count(&d, "two", "pair_a"), b = count(&d, "two", "pair_b");
		if (a.stores != 1 || b.stores != 1 || a.loads || b.loads)
			fail_msg("%s: two: stores pair_a %d pair_b %d", all_targets[t], a.stores,
				 b.stores);
		struct counts n = count(&d, "inc", "cnt");
		int ok = (n.rmw == 1 && n.accesses == 1) ||
			 (n.rmw == 0 && n.loads == 1 && n.stores == 1 && n.loads_in_loop == 1 &&
			  n.stores_in_loop == 1);
		if (!ok || n.min_width != 4)
			fail_msg("%s: inc: rmw %d loads %d stores %d", all_targets[t], n.rmw,
				 n.loads, n.stores);
		struct counts w = count(&d, "put", "word");
		if (w.stores < 1 || w.loads != 0)
			fail_msg("%s: put: stores(word) = %d", all_targets[t], w.stores);
		dis_free(&d);
	}
}

/* The plain polling load is hoisted at -O2 everywhere, kept in the loop at -O0. */
static void test_hoisted_load(void **state)
{
	(void)state;
	for (int t = 0; all_targets[t]; t++) {
		struct dis d;
		load(&d, all_targets[t]);
		struct counts c = count(&d, "hoist", "flag2");
		int o0 = strstr(all_targets[t], "-O0") != NULL;
		if (o0 ? c.loads_in_loop < 1 : c.loads_in_loop != 0)
			fail_msg("%s: hoist: loads_in_loop(flag2) = %d", all_targets[t],
				 c.loads_in_loop);
		dis_free(&d);
	}
}

/* Widths: the 64-bit store is one 8-byte store on 64-bit targets except gcc 12 on aarch64
 * (stp w1, w1: two 4-byte stores, also two str at -O0); on i386 unsigned long is 4 bytes. */
static void test_store_widths(void **state)
{
	(void)state;
	for (int t = 0; all_targets[t]; t++) {
		struct dis d;
		load(&d, all_targets[t]);
		struct counts w = count(&d, "put", "word");
		if (strstr(all_targets[t], "gcc-12_aarch64")) {
			assert_int_equal(w.stores, 2);
			assert_int_equal(w.max_width, 4);
		} else if (strstr(all_targets[t], "i386")) {
			assert_int_equal(w.stores, 1);
			assert_int_equal(w.max_width, 4);
		} else {
			assert_int_equal(w.stores, 1);
			assert_int_equal(w.min_width, 8);
		}
		dis_free(&d);
	}
}

static void test_lines_and_relocations(void **state)
{
	(void)state;
	struct dis d;
	load(&d, "gcc-12_x86_64-O2");
	const struct func *f = dis_func(&d, "poll");
	assert_non_null(f);
	assert_int_equal(f->insns[0].line, 16);
	assert_int_equal(f->insns[0].nrel, 1);
	assert_string_equal(f->insns[0].rel[0].type, "R_X86_64_PC32");
	assert_string_equal(f->insns[0].rel[0].sym, "flag");
	int s = dis_sym(&d, "pair_a");
	assert_true(s >= 0);
	assert_string_equal(d.syms[s].section, "course_shared");
	dis_free(&d);
	/* riscv64 medany: auipc + pcrel_lo12 through the auipc's label */
	load(&d, "clang-14_riscv64-O2");
	f = dis_func(&d, "poll");
	int found = 0;
	for (int i = 0; i < f->n; i++)
		for (int k = 0; k < f->insns[i].nrel; k++)
			found |= strcmp(f->insns[i].rel[k].type, "R_RISCV_PCREL_LO12_I") == 0;
	assert_true(found);
	dis_free(&d);
}

/* ---- hand-written listings -------------------------------------------------------------- */

static const char x86_symbols[] =
	"Section Headers:\n"
	"  [Nr] Name              Type            Address          Off    Size   ES Flg Lk Inf Al\n"
	"  [ 1] .text             PROGBITS        0000000000000000 000040 000040 00  AX  0   0 16\n"
	"  [ 4] course_shared     PROGBITS        0000000000000000 000080 000010 00  WA  0   0  8\n"
	"Symbol table '.symtab' contains 4 entries:\n"
	"   Num:    Value          Size Type    Bind   Vis      Ndx Name\n"
	"     1: 0000000000000000     0 SECTION LOCAL  DEFAULT    4 course_shared\n"
	"     2: 0000000000000000     8 OBJECT  GLOBAL DEFAULT    4 a\n"
	"     3: 0000000000000008     1 OBJECT  GLOBAL DEFAULT    4 b\n"
	"     4: 0000000000000000    64 FUNC    GLOBAL DEFAULT    1 f\n"
	"\nx.o:     file format elf64-x86-64\n\nDisassembly of section .text:\n\n"
	"0000000000000000 <f>:\n"
	"f():\n"
	"/tmp/x.c:3\n";

static void parse_x86(struct dis *d, const char *body)
{
	char text[4096], err[256];
	snprintf(text, sizeof text, "%s%s", x86_symbols, body);
	if (dis_parse(d, ARCH_X86_64, text, "listing", "x.c", err, sizeof err))
		fail_msg("%s", err);
	classify_func(d, &d->funcs[0]);
}

static void test_x86_kinds(void **state)
{
	(void)state;
	struct dis d;
	parse_x86(&d, "   0:\tmovzbl 0x0(%rip),%eax        # 7 <f+0x7>\n"
		      "\t\t\t3: R_X86_64_PC32\tcourse_shared+0x4\n" /* b: 8 + 4 - (7 - 3) */
		      "   7:\txchg   %rax,0x0(%rip)        # e <f+0xe>\n"
		      "\t\t\ta: R_X86_64_PC32\ta-0x4\n"
		      "   e:\tlea    0x0(%rip),%rdx        # 15 <f+0x15>\n"
		      "\t\t\t11: R_X86_64_PC32\ta-0x4\n"
		      "  15:\tmov    %rcx,(%rdx)\n"
		      "  18:\tcmpb   $0x0,0x0(%rip)        # 1f <f+0x1f>\n"
		      "\t\t\t1a: R_X86_64_PC32\tb-0x5\n"
		      "  1f:\tmov    (%rax),%rax\n"
		      "  22:\tret\n");
	const struct func *f = &d.funcs[0];
	assert_int_equal(f->n, 7);
	assert_int_equal(f->insns[0].nacc, 1);
	assert_string_equal(d.syms[f->insns[0].acc[0].var].name, "b");
	assert_int_equal(f->insns[0].acc[0].kind, ACC_LOAD);
	assert_int_equal(f->insns[0].acc[0].width, 1);
	assert_int_equal(f->insns[1].acc[0].kind, ACC_RMW);
	assert_int_equal(f->insns[1].acc[0].width, 8);
	assert_int_equal(f->insns[2].nacc, 0); /* lea: an address, no access */
	assert_int_equal(f->insns[3].nacc, 1); /* through %rdx */
	assert_string_equal(d.syms[f->insns[3].acc[0].var].name, "a");
	assert_int_equal(f->insns[3].acc[0].kind, ACC_STORE);
	assert_int_equal(f->insns[4].acc[0].kind, ACC_LOAD); /* cmp only reads */
	assert_string_equal(d.syms[f->insns[4].acc[0].var].name, "b");
	assert_int_equal(f->insns[5].nacc, 0); /* %rax holds no known address */
	assert_int_equal(f->insns[0].line, 3);
	dis_free(&d);
}

/* Emission order (first_/last_ load/store): positions among the thread's access instructions, so a
 * check can state "b is stored before a" and fail on the listing in source order. */
static void test_order(void **state)
{
	(void)state;
	static const char *const stores_ab = "   0:\tmovq   $0x2a,0x0(%rip)        # b <f+0xb>\n"
					     "\t\t\t3: R_X86_64_PC32\ta-0x8\n"
					     "   b:\tmovb   $0x1,0x0(%rip)        # 12 <f+0x12>\n"
					     "\t\t\td: R_X86_64_PC32\tb-0x5\n"
					     "  12:\tret\n";
	static const char *const stores_ba = "   0:\tmovb   $0x1,0x0(%rip)        # 7 <f+0x7>\n"
					     "\t\t\t2: R_X86_64_PC32\tb-0x5\n"
					     "   7:\tmovq   $0x2a,0x0(%rip)        # 12 <f+0x12>\n"
					     "\t\t\ta: R_X86_64_PC32\ta-0x8\n"
					     "  12:\tmovzbl 0x0(%rip),%eax        # 19 <f+0x19>\n"
					     "\t\t\t15: R_X86_64_PC32\tb-0x4\n"
					     "  19:\tret\n";
	struct dis d;
	parse_x86(&d, stores_ab);
	struct counts a = count(&d, "f", "a"), b = count(&d, "f", "b");
	assert_int_equal(a.first_store, 1);
	assert_int_equal(b.first_store, 2);
	assert_true(a.first_store < b.first_store); /* source order: "b before a" fails */
	assert_int_equal(a.first_load, 0);	    /* none */
	assert_int_equal(counts_get(&b, "last_store"), 2);
	dis_free(&d);
	parse_x86(&d, stores_ba);
	a = count(&d, "f", "a");
	b = count(&d, "f", "b");
	assert_true(b.first_store < a.first_store); /* reordered: "b before a" holds */
	assert_int_equal(b.first_load, 3);
	assert_int_equal(b.last_load, 3);
	assert_int_equal(b.last_store, 1);
	assert_int_equal(counts_get(&a, "first_store"), 2);
	dis_free(&d);
}

static void test_loops(void **state)
{
	(void)state;
	struct dis d;
	parse_x86(&d, "   0:\tmov    $0x1,%eax\n"
		      "   5:\tmov    0x0(%rip),%edx        # b <f+0xb>\n"
		      "\t\t\t7: R_X86_64_PC32\ta-0x4\n"
		      "   b:\ttest   %edx,%edx\n"
		      "   d:\tje     5 <f+0x5>\n"
		      "   f:\tjmp    13 <f+0x13>\n"
		      "  11:\tjmp    11 <f+0x11>\n"
		      "  13:\tret\n");
	const struct func *f = &d.funcs[0];
	int expect_loop[] = { 0, 1, 1, 1, 0, 1, 0 };
	int expect_target[] = { 0, 1, 0, 0, 0, 1, 1 };
	assert_int_equal(f->n, 7);
	for (int i = 0; i < f->n; i++) {
		assert_int_equal(f->insns[i].in_loop, expect_loop[i]);
		assert_int_equal(f->insns[i].is_target, expect_target[i]);
	}
	struct counts c;
	counts_thread(&d, "f", "a", &c);
	assert_int_equal(c.loads_in_loop, 1);
	dis_free(&d);
}

/* clang-22 -O2 emits the shutdown lab's t1 as a FUNC symbol of size 0: objdump lists no <t1>,
 * and the thread is a function with no instructions (every count zero), not a missing one. */
static void test_empty_thread(void **state)
{
	(void)state;
	static const char *const names[] = { "empty-thread-clang-22_x86_64-O2",
					     "empty-thread-clang-22_aarch64-O2", NULL };
	for (int k = 0; names[k]; k++) {
		struct dis d;
		load_main(&d, names[k], "lab.c");
		int s = dis_sym(&d, "t1");
		assert_true(s >= 0);
		assert_int_equal(d.syms[s].type, 'F');
		assert_int_equal(d.syms[s].size, 0);
		assert_true(thread_present(&d, "t1"));
		const struct func *t1 = dis_func(&d, "t1");
		assert_non_null(t1);
		assert_int_equal(t1->n, 0);
		struct counts c = count(&d, "t1", "paused");
		assert_int_equal(c.loads + c.stores + c.rmw + c.accesses, 0);
		assert_int_equal(c.loads_in_loop + c.stores_in_loop + c.max_width, 0);
		assert_int_equal(count(&d, "t0", "paused").stores, 1);
		assert_int_equal(dis_func(&d, "t0")->insns[0].line, 32);
		const char *shared[] = { "paused", "parked" };
		json_t *j = thread_json(&d, "t1", shared, 2);
		assert_int_equal(json_array_size(j), 1);
		json_t *fn = json_array_get(j, 0);
		assert_string_equal(json_string_value(json_object_get(fn, "name")), "t1");
		assert_int_equal(json_array_size(json_object_get(fn, "insns")), 0);
		json_decref(j);
		/* a name that is no symbol at all is still missing */
		assert_false(thread_present(&d, "t2"));
		dis_free(&d);
	}
}

/* The listing shown on the pages (thread_json): no padding after the last instruction, and each
 * relocation's symbol on its instruction (no unrelocated "0x0(%rip)", "0 <poll>", "[x0]"). */
static const char *const unrelocated[] = { "0x0(%rip)", "[rip+0x0]", " <", "ds:0x0",
					   ",0x0\n",	" 0x0,",     NULL };

static void check_listing(const char *target, json_t *fns)
{
	size_t i, k;
	json_t *fn, *in;
	json_array_foreach(fns, i, fn) {
		json_t *insns = json_object_get(fn, "insns");
		const char *last = json_string_value(
			json_object_get(json_array_get(insns, json_array_size(insns) - 1), "text"));
		if (last && (strstr(last, "nop") || strstr(last, "xchg %ax,%ax")))
			fail_msg("%s: %s ends in padding: %s", target,
				 json_string_value(json_object_get(fn, "name")), last);
		json_array_foreach(insns, k, in) {
			const char *keys[] = { "text", "intel" };
			for (int x = 0; x < 2; x++) {
				const char *t = json_string_value(json_object_get(in, keys[x]));
				char line[512];
				if (!t)
					continue;
				snprintf(line, sizeof line, "%s\n", t);
				for (int u = 0; unrelocated[u]; u++)
					if (strstr(line, unrelocated[u]) && !strstr(line, ".L"))
						fail_msg("%s %s: \"%s\" shows %s", target,
							 json_string_value(
								 json_object_get(fn, "name")),
							 t, unrelocated[u]);
			}
		}
	}
}

/* Does thread's listing on target show an instruction whose text (or Intel text) is want? */
static int shows(const char *target, const char *thread, const char *key, const char *want)
{
	struct dis d;
	load(&d, target);
	json_t *j = thread_json(&d, thread, NULL, 0);
	int found = 0;
	size_t i, k;
	json_t *fn, *in;
	json_array_foreach(j, i, fn)
		json_array_foreach(json_object_get(fn, "insns"), k, in)
			found |= !strcmp(json_string_value(json_object_get(in, key)) ?: "", want);
	json_decref(j);
	dis_free(&d);
	return found;
}

static void test_clean_listing(void **state)
{
	(void)state;
	const char *shared[] = { "flag", "flag2", "word", "cnt", "pair_a", "pair_b" };
	for (int t = 0; all_targets[t]; t++) {
		struct dis d;
		load(&d, all_targets[t]);
		const char *fns[] = { "poll", "hoist", "put", "inc", "two" };
		for (int i = 0; i < 5; i++) {
			json_t *j = thread_json(&d, fns[i], shared, 6);
			if (getenv("ASM_SHOW"))
				json_dumpf(j, stderr, JSON_INDENT(1)), fputs("\n", stderr);
			check_listing(all_targets[t], j);
			json_decref(j);
		}
		dis_free(&d);
	}
	assert_true(shows("gcc-12_x86_64-O2", "poll", "text", "mov flag(%rip),%eax"));
	/* Intel syntax, a variable's second half, a call, the padding after ret */
	struct dis d;
	char err[256];
	const char *body =
		"   0:\tmov    %eax,0x0(%rip)        # 6 <f+0x6>\n"
		"\t\t\t2: R_X86_64_PC32\tcourse_shared\n"
		"   6:\tcall   b <f+0xb>\n\t\t\t7: R_X86_64_PLT32\thelper-0x4\n"
		"   b:\tret\n   c:\tdata16 cs nopw 0x0(%rax,%rax,1)\n  17:\txchg   %ax,%ax\n";
	const char *intel = "\nDisassembly of section .text:\n\n0000000000000000 <f>:\n"
			    "   0:\tmov    DWORD PTR [rip+0x0],eax        # 6 <f+0x6>\n"
			    "\t\t\t2: R_X86_64_PC32\tcourse_shared\n"
			    "   6:\tcall   b <f+0xb>\n\t\t\t7: R_X86_64_PLT32\thelper-0x4\n"
			    "   b:\tret\n   c:\tdata16 cs nop WORD PTR [rax+rax*1+0x0]\n";
	parse_x86(&d, body);
	assert_int_equal(dis_add_alt(&d, intel, "intel", err, sizeof err), 0);
	assert_int_equal(d.funcs[0].n, 3);
	json_t *j = thread_json(&d, "f", NULL, 0),
	       *in = json_object_get(json_array_get(j, 0), "insns");
	assert_string_equal(json_string_value(json_object_get(json_array_get(in, 0), "text")),
			    "mov %eax,a+4(%rip)");
	assert_string_equal(json_string_value(json_object_get(json_array_get(in, 0), "intel")),
			    "mov DWORD PTR [rip+a+4],eax");
	assert_string_equal(json_string_value(json_object_get(json_array_get(in, 1), "text")),
			    "call helper");
	json_decref(j);
	dis_free(&d);
	/* padding between a ret and a branch target is not shown; a nop a path runs through is */
	parse_x86(&d, "   0:\tje     8 <f+0x8>\n   2:\tnop\n   3:\tret\n   4:\tnopl   0x0(%rax)\n"
		      "   8:\tmov    %eax,%ebx\n   a:\tret\n");
	j = thread_json(&d, "f", NULL, 0);
	in = json_object_get(json_array_get(j, 0), "insns");
	assert_int_equal(json_array_size(in), 5);
	assert_string_equal(json_string_value(json_object_get(json_array_get(in, 1), "text")),
			    "nop");
	assert_string_equal(json_string_value(json_object_get(json_array_get(in, 3), "text")),
			    "mov %eax,%ebx");
	json_decref(j);
	dis_free(&d);
	assert_true(shows("clang-14_x86_64-O0", "poll", "text", "movl $0x1,r0"));
	assert_true(shows("gcc-12_aarch64-O2", "put", "text", "adrp x0, course_shared"));
	assert_true(shows("clang-14_aarch64-O2", "poll", "text", "ldr w9, [x8, #:lo12:flag]"));
	assert_true(shows("gcc-12_riscv64-O2", "hoist", "text", "lw a5,%lo(flag2)(a5)"));
	assert_true(shows("clang-14_riscv64-O2", "poll", "text", "addi a0,a0,%pcrel_lo(flag)"));
	assert_true(shows("gcc-12_i386-O2", "put", "text", "movl $0x12345678,word"));
}

/* What does not fit is refused with its line, never cut (one listing per limit). */
static char text_buf[1024];

static void refused(const char *body, const char *want)
{
	struct dis d;
	char text[8192], err[512] = "";
	snprintf(text, sizeof text, "%s%s", x86_symbols, body);
	assert_int_equal(dis_parse(&d, ARCH_X86_64, text, "long.dis", "x.c", err, sizeof err), -1);
	if (!strstr(err, want))
		fail_msg("expected \"%s\" in \"%s\"", want, err);
	dis_free(&d);
}

static void test_over_long_input(void **state)
{
	(void)state;
	char name[200], insn[301], many[200];
	memset(name, 'n', 120);
	name[120] = '\0';
	char line[512];
	snprintf(line, sizeof line, "0000000000000020 <%s>:\n   20:\tret\n", name);
	refused(line, "long.dis:19: a function name of 80 bytes or more");
	snprintf(line, sizeof line, "   0:\tmov %%eax,0x0(%%rip)\n\t\t\t2: R_X86_64_PC32\t%s-0x4\n",
		 name);
	refused(line, "long.dis:20: a relocation type or symbol");
	memset(insn, 'x', 300);
	insn[300] = '\0';
	snprintf(line, sizeof line, "   0:\tmov %s\n", insn);
	refused(line, "long.dis:19: an instruction of 200 bytes or more");
	snprintf(many, sizeof many, "   0:\tvop %%a,%%b,%%c,%%d,%%e,%%f,%%g\n");
	refused(many, "long.dis:19: an instruction with more than 6 operands");
	refused("   0:\tmov %eax,0x0\n\t\t\t1: R_X86_64_32S\ta\n\t\t\t2: R_X86_64_32S\ta\n"
		"\t\t\t3: R_X86_64_32S\ta\n\t\t\t4: R_X86_64_32S\ta\n",
		"long.dis:23: more than 3 relocations");
	/* a section index past the parser's table, a symbol name past its field */
	struct dis d;
	char err[512] = "";
	assert_int_equal(dis_parse(&d, ARCH_X86_64,
				   "Section Headers:\n  [300] .text.hot PROGBITS 0 0 0\n", "s.dis",
				   "x.c", err, sizeof err),
			 -1);
	assert_non_null(strstr(err, "s.dis:2: more than 256 sections"));
	dis_free(&d);
	snprintf(text_buf, sizeof text_buf,
		 "Section Headers:\n  [ 4] course_shared PROGBITS 0 0 0\nSymbol table '.symtab':\n"
		 "     2: 0000000000000000     8 OBJECT  GLOBAL DEFAULT    4 %s\n",
		 name);
	assert_int_equal(dis_parse(&d, ARCH_X86_64, text_buf, "s.dis", "x.c", err, sizeof err), -1);
	assert_non_null(strstr(err, "s.dis:4: a symbol name of 80 bytes or more"));
	dis_free(&d);
}

static void test_bad_listing(void **state)
{
	(void)state;
	struct dis d;
	char err[256] = "";
	const char *text = "\nDisassembly of section .text:\n\n0000000000000000 <f>:\n   0:\tret\n"
			   "this is not objdump output\n";
	assert_int_equal(dis_parse(&d, ARCH_X86_64, text, "bad.dis", "x.c", err, sizeof err), -1);
	assert_non_null(strstr(err, "bad.dis:6: unrecognised line"));
	dis_free(&d);
	const char *orphan = "\nDisassembly of section .text:\n\n\t\t\t3: R_X86_64_PC32\ta-0x4\n";
	assert_int_equal(dis_parse(&d, ARCH_X86_64, orphan, "bad.dis", "x.c", err, sizeof err), -1);
	assert_non_null(strstr(err, "bad.dis:4:"));
	dis_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_target),
		cmocka_unit_test(test_hoisted_load),
		cmocka_unit_test(test_store_widths),
		cmocka_unit_test(test_lines_and_relocations),
		cmocka_unit_test(test_x86_kinds),
		cmocka_unit_test(test_loops),
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_empty_thread),
		cmocka_unit_test(test_bad_listing),
		cmocka_unit_test(test_clean_listing),
		cmocka_unit_test(test_over_long_input),
	};
	return cmocka_run_group_tests_name("asm disassembly", tests, NULL, NULL);
}
