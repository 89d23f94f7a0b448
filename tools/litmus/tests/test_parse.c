/*
 * test_parse.c - cmocka tests of the litmus parser: what a well-formed test parses into, and
 * the exact "file:line: message" and status of each kind of malformed or unsupported input.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cond.h"
#include "litmus.h"

static enum lit_status parse(const char *text, struct lit_test **t, char *err, size_t n)
{
	return lit_parse("t.litmus", text, strlen(text), t, err, n);
}

static void test_good(void **state)
{
	(void)state;
	static const char text[] =
		"C Full+test\n"
		"\n"
		"(*\n"
		" * Result: Sometimes\n"
		" *\n"
		" * A test that uses most of the language. It has a second sentence.\n"
		" *)\n"
		"\n"
		"{\n"
		"\tint x = 2;\n"
		"\tspinlock_t l;\n"
		"\ty = -3;\n"
		"}\n"
		"\n"
		"P0(int *x, int *y, spinlock_t *l) // a comment\n"
		"{\n"
		"\tint r0, r1 = 5;\n"
		"\n"
		"\tr0 = READ_ONCE(*x);\n"
		"\tif (r0 == 2 && (*y))\n"
		"\t\tWRITE_ONCE(*y, r0 + 1);\n"
		"\telse {\n"
		"\t\tsmp_store_release(x, (r1 * 2));\n"
		"\t\tsmp_mb();\n"
		"\t}\n"
		"\tspin_lock(l);\n"
		"\t*y = xchg_acquire(x, 7);\n"
		"\tspin_unlock(l);\n"
		"}\n"
		"\n"
		"P1(int *x, spinlock_t *l)\n"
		"{\n"
		"\tint r0;\n"
		"\tr0 = cmpxchg_relaxed(x, 2, 3) + 1;\n"
		"\tr0 = !spin_is_locked(l);\n"
		"\t/* (* is C here *) */ r0 = (*x);\n"
		"}\n"
		"\n"
		"locations [y;]\n"
		"exists (0:r0=2 /\\ ~(1:r0=3 \\/ x!=7) => true) (* trailing *)\n";
	char err[512] = "";
	struct lit_test *t;
	enum lit_status s = parse(text, &t, err, sizeof err);
	if (s != LIT_OK)
		fail_msg("%s", err);
	assert_string_equal(t->name, "Full+test");
	assert_string_equal(t->result, "Sometimes");
	assert_int_equal(t->result_line, 4);
	assert_string_equal(t->doc, "A test that uses most of the language.");
	assert_int_equal(t->nlocs, 3);
	assert_string_equal(t->locs[0].name, "x");
	assert_int_equal(t->locs[0].init, 2);
	assert_int_equal(t->locs[1].type, LT_SPINLOCK);
	assert_int_equal(t->locs[2].init, -3);
	assert_int_equal(t->nthreads, 2);
	assert_int_equal(t->threads[0].nparams, 3);
	assert_int_equal(t->threads[0].nregs, 2);
	assert_int_equal(t->threads[0].line, 15);
	const struct lit_stmt *s0 = t->threads[0].body;
	assert_int_equal(s0->kind, LS_ASSIGN); /* r1 = 5 from the declaration */
	assert_int_equal(s0->reg, 1);
	s0 = s0->next;
	assert_int_equal(s0->kind, LS_ASSIGN);
	assert_int_equal(s0->e->kind, LE_LOAD);
	assert_int_equal(s0->e->access, LA_ONCE);
	s0 = s0->next;
	assert_int_equal(s0->kind, LS_IF);
	assert_int_equal(s0->e->op, LOP_LAND);
	assert_int_equal(s0->then->kind, LS_STORE);
	assert_int_equal(s0->els->kind, LS_BLOCK);
	assert_int_equal(s0->els->body->access, LA_RELEASE);
	assert_int_equal(s0->els->body->next->fence, LF_MB);
	assert_int_equal(s0->next->kind, LS_LOCK);
	assert_int_equal(s0->next->next->kind, LS_STORE);
	assert_int_equal(s0->next->next->access, LA_PLAIN);
	assert_int_equal(s0->next->next->e->kind, LE_XCHG);
	assert_int_equal(s0->next->next->e->order, LO_ACQUIRE);
	assert_int_equal(s0->next->next->next->kind, LS_UNLOCK);
	assert_int_equal(t->uses_plain, 1);
	const struct lit_stmt *s1 = t->threads[1].body;
	assert_int_equal(s1->e->kind, LE_BINARY);
	assert_int_equal(s1->e->a->kind, LE_CMPXCHG);
	assert_int_equal(s1->e->a->order, LO_RELAXED);
	assert_int_equal(s1->next->e->kind, LE_UNARY);
	assert_int_equal(s1->next->e->a->kind, LE_ISLOCKED);
	assert_int_equal(s1->next->next->e->kind, LE_LOAD); /* (*x): a parenthesis, not a comment */
	assert_int_equal(t->quant, LQ_EXISTS);
	assert_int_equal(t->cond_line, 40);
	assert_int_equal(t->ncvars, 4); /* y from locations, then 0:r0, 1:r0, x */
	assert_int_equal(t->cvars[0].thread, -1);
	assert_int_equal(t->cvars[1].thread, 0);
	assert_int_equal(t->cvars[2].thread, 1);
	struct buf b = { 0 };
	lit_cond_herd(t, t->cond, &b);
	assert_string_equal(buf_str(&b), "0:r0=2 /\\ ~(1:r0=3 \\/ x!=7) => true");
	buf_free(&b);
	lit_cond_course(t, 0, &b);
	assert_string_equal(buf_str(&b), "!(P0_r0 == 2 && !(P1_r0 == 3 || x != 7)) || 1");
	buf_free(&b);
	lit_free(t);
}

static void test_minimal(void **state)
{
	(void)state;
	char err[512] = "";
	struct lit_test *t;
	static const char text[] = "C M\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n}\n"
				   "P1(int *x)\n{\n\tint r;\n\tr = READ_ONCE(*x);\n}\n"
				   "~exists 1:r=1";
	if (parse(text, &t, err, sizeof err) != LIT_OK)
		fail_msg("%s", err);
	assert_string_equal(t->result, "");
	assert_int_equal(t->quant, LQ_NOT_EXISTS);
	assert_int_equal(t->locs[0].init, 0);
	lit_free(t);
}

/* The description: after Result: when there is one, else the header comment; cut to its first
 * sentence, or marked ... when a long paragraph has none. */
static void test_doc(void **state)
{
	(void)state;
	char err[512] = "", text[1200];
	struct lit_test *t;
	static const char body[] = "P0(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n}\nexists (x=1)";
	snprintf(text, sizeof text, "C D\n(*\n * No verdict here.  Second.\n *\n * Other.\n *)\n%s",
		 body);
	if (parse(text, &t, err, sizeof err) != LIT_OK)
		fail_msg("%s", err);
	assert_string_equal(t->result, "");
	assert_string_equal(t->doc, "No verdict here.");
	lit_free(t);
	char words[700] = "";
	for (int i = 0; i < 100; i++)
		strcat(words, "word ");
	snprintf(text, sizeof text, "C D\n(* Result: Always\n%s\n*)\n%s", words, body);
	if (parse(text, &t, err, sizeof err) != LIT_OK)
		fail_msg("%s", err);
	assert_string_equal(t->result, "Always");
	assert_int_equal(strlen(t->doc), sizeof t->doc - 1);
	assert_string_equal(t->doc + strlen(t->doc) - 3, "...");
	lit_free(t);
}

struct bad {
	const char *text;
	enum lit_status status;
	const char *message;
};

#define TWO "P0(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n}\n"

static const struct bad bads[] = {
	{ "", LIT_BAD, "t.litmus:1: not a C litmus test: the first line must be 'C <name>'" },
	{ "\n\nX86 SB\n", LIT_NOT_C,
	  "t.litmus:3: not C: a X86 litmus test (only C tests are read)" },
	{ "LISA\n", LIT_BAD,
	  "t.litmus:1: not a C litmus test: the first line must be 'C <name>', not 'LISA'" },
	{ "C+D x\n", LIT_BAD,
	  "t.litmus:1: not a C litmus test: the first line must be 'C <name>', not 'C+D'" },
	{ "C\n", LIT_BAD, "t.litmus:1: the test has no name after 'C'" },
	{ "C a\n(* open\n\n", LIT_BAD, "t.litmus:2: unterminated comment" },
	{ "C a\n" TWO, LIT_BAD,
	  "t.litmus:5: expected a thread P1, 'exists', '~exists' or 'forall', got 'end of file'" },
	{ "C a\n{}\nP1(int *x) {}\n", LIT_BAD, "t.litmus:3: expected thread P0, got 'P1'" },
	{ "C a\nP0(int *x)\n{\n\tx = 1;\n}\nexists x=1", LIT_BAD,
	  "t.litmus:4: 'x' is a location: assign it with WRITE_ONCE(*x, ...) or *x = ..." },
	{ "C a\nP0(int *x)\n{\n\tint r;\n\tr = READ_ONCE(x);\n}\n", LIT_BAD,
	  "t.litmus:5: READ_ONCE takes a location through '*': write READ_ONCE(*x)" },
	{ "C a\nP0(int *x)\n{\n\tsmp_store_release(*x, 1);\n}\n", LIT_BAD,
	  "t.litmus:4: smp_store_release takes a pointer: write smp_store_release(x), not "
	  "smp_store_release(*x)" },
	{ "C a\nP0(int *x)\n{\n\tWRITE_ONCE(*z, 1);\n}\n", LIT_BAD,
	  "t.litmus:4: 'z' is not a parameter of P0" },
	{ "C a\n" TWO "P1(int *x)\n{\n\tint r0;\n}\nexists (1:r9=0)", LIT_BAD,
	  "t.litmus:10: 1:r9: P1 has no register r9" },
	{ "C a\n" TWO "exists (5:r0=0)", LIT_BAD, "t.litmus:6: 5:r0: there is no thread P5" },
	{ "C a\n" TWO "exists (q=0)", LIT_BAD, "t.litmus:6: unknown location 'q'" },
	{ "C a\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n", LIT_BAD,
	  "t.litmus:4: unterminated thread body" },
	{ "C a\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1) @;\n}\n", LIT_BAD,
	  "t.litmus:4: unexpected '@'" },
	{ "C a\n" TWO "exists (x=1) foo", LIT_BAD,
	  "t.litmus:6: unexpected 'foo' after the condition" },
	{ "C a\n" TWO "exists (x=1", LIT_BAD,
	  "t.litmus:6: expected ')' to close the condition, got 'end of file'" },
	{ "C a\n" TWO "exists (x 1)", LIT_BAD,
	  "t.litmus:6: expected '=' or '!=' in the condition, got '1'" },
	{ "C a\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1)\n}\n", LIT_BAD,
	  "t.litmus:5: expected ';' after the statement, got '}'" },
	{ "C a\nP0(int *x)\n{\n\tint r0;\n\tint r0;\n}\n", LIT_BAD,
	  "t.litmus:5: register 'r0' declared twice" },
	{ "C a\n{ int x; }\nP0(spinlock_t *x)\n{\n}\n", LIT_BAD,
	  "t.litmus:3: 'x' is declared with two types (line 2)" },
	{ "C a\nP0(int *x)\n{\n\tspin_lock(x);\n}\n", LIT_BAD,
	  "t.litmus:4: spin_lock on 'x', which is an int, not a spinlock_t" },
	{ "C a\nP0(int *x)\n{\n\tint r0;\n\tr0 = 4294967296;\n}\n", LIT_UNSUPPORTED,
	  "t.litmus:5: 4294967296 out of the range of int" },
	{ "C a\nP0(int *x)\n{\n\tint r0;\n\tr0 = 12ab;\n}\n", LIT_BAD,
	  "t.litmus:5: unexpected '12ab'" },
	{ "C a\nP0(int *x)\n{\n\tcall_rcu(x, 0);\n}\n", LIT_RCU,
	  "t.litmus:4: RCU primitive 'call_rcu' is not supported" },
	{ "C a\nP0(int *x)\n{\n\tint r;\n\tr = srcu_read_lock(x);\n}\n", LIT_BAD,
	  "t.litmus:5: srcu_read_lock on 'x', which is an int, not a srcu_struct" },
	{ "C a\nP0(struct srcu_struct *s)\n{\n\tsynchronize_srcu();\n}\n", LIT_BAD,
	  "t.litmus:4: expected a location, got ')'" },
	{ "C a\nP0(struct foo *v)\n{\n}\n", LIT_UNSUPPORTED,
	  "t.litmus:2: type 'struct foo' is not supported (struct srcu_struct)" },
	{ "C a\nP0(atomic_t *v)\n{\n\tatomic_frob(v);\n}\n", LIT_UNSUPPORTED,
	  "t.litmus:4: atomic_t operation 'atomic_frob' is not supported" },
	{ "C a\nP0(spinlock_t *l)\n{\n\tatomic_inc(l);\n}\n", LIT_BAD,
	  "t.litmus:4: atomic_inc on 'l', which is a spinlock_t, not an int" },
	{ "C a\nP0(atomic_t *v)\n{\n\tint r;\n\tr = atomic_add_relaxed(1, v);\n}\n",
	  LIT_UNSUPPORTED, "t.litmus:5: atomic_t operation 'atomic_add_relaxed' is not supported" },
	{ "C a\nP0(int *x)\n{\n\twhile (1) ;\n}\n", LIT_UNSUPPORTED,
	  "t.litmus:4: loops are not supported ('while')" },
	{ "C a\nP0(int *x, int *y)\n{\n\tint r;\n\tr = READ_ONCE(*x) + READ_ONCE(*y);\n}\n",
	  LIT_UNSUPPORTED,
	  "t.litmus:5: two shared accesses that C leaves unsequenced (split the statement)" },
	{ "C a\nP0(int *x, int *y)\n{\n\tint r;\n\tr = cmpxchg(x, READ_ONCE(*y), *y);\n}\n",
	  LIT_UNSUPPORTED,
	  "t.litmus:5: two shared accesses that C leaves unsequenced (split the statement)" },
	{ "C a\nP0(int *x)\n{\n\tint r;\n\tr = 2130706433;\n}\n", LIT_UNSUPPORTED,
	  "t.litmus:5: 2130706433 is in the range of values this tool gives to addresses "
	  "(2130706432 to 2130706463)" },
	{ "C a\nP0(spinlock_t **l)\n{\n}\n", LIT_UNSUPPORTED,
	  "t.litmus:2: a pointer to a pointer to a spinlock_t is not supported" },
	{ "C a\n{ 3:r0 = 1; }\nP0(int *x)\n{\n}\nexists x=0", LIT_BAD,
	  "t.litmus:2: 3:r0: there is no thread P3" },
	{ "C a\n{ 0:r0 = 1; 0:r0 = 2; }\n", LIT_BAD,
	  "t.litmus:2: 0:r0 is initialised twice (line 2)" },
	{ "C a\n{ x = (int *)&y; z = ATOMIC_INIT(; }\n", LIT_BAD,
	  "t.litmus:2: expected an integer as initial value, got ';'" },
	{ "C a\nP0(int *x)\n{\n\tint r;\n\tr = READ_ONCE(*x) / 2;\n}\n", LIT_UNSUPPORTED,
	  "t.litmus:5: operator '/' is not supported" },
	{ "C a\nP0(int *x)\n{\n\tint r;\n\tr = 1 << 2;\n}\n", LIT_UNSUPPORTED,
	  "t.litmus:5: shifts are not supported" },
	{ "C a\nP0(int *x)\n{\n\tfoo(x);\n}\n", LIT_UNSUPPORTED,
	  "t.litmus:4: unsupported primitive 'foo'" },
	{ "C a\n" TWO "with (x=1)\nexists (x=1)", LIT_UNSUPPORTED,
	  "t.litmus:6: 'with' clauses are not supported" },
	{ "C a\nP0(int *x)\n{\n}\nP1(int *x)\n{\n}\nP2(int *x)\n{\n}\nP3(int *x)\n{\n}\n"
	  "P4(int *x)\n{\n}\nP5(int *x)\n{\n}\nP6(int *x)\n{\n}\nP7(int *x)\n{\n}\n"
	  "P8(int *x)\n{\n}\n",
	  LIT_UNSUPPORTED, "t.litmus:26: more than 8 threads" },
};

static void test_bad(void **state)
{
	(void)state;
	int failed = 0;
	for (size_t i = 0; i < sizeof bads / sizeof bads[0]; i++) {
		char err[512] = "";
		struct lit_test *t = (struct lit_test *)1;
		enum lit_status s = parse(bads[i].text, &t, err, sizeof err);
		if (s != bads[i].status || strcmp(err, bads[i].message)) {
			print_message("case %zu: got %s \"%s\", want %s \"%s\"\n", i,
				      lit_status_name(s), err, lit_status_name(bads[i].status),
				      bads[i].message);
			failed++;
		}
		if (s == LIT_OK)
			lit_free(t);
		else
			assert_null(t);
	}
	assert_int_equal(failed, 0);
}

static void test_nul_and_long(void **state)
{
	(void)state;
	char err[512], text[600];
	struct lit_test *t;
	assert_int_equal(lit_parse("t.litmus", "C a\0b", 5, &t, err, sizeof err), LIT_BAD);
	assert_string_equal(err, "t.litmus:1: the file contains a NUL byte");
	memset(text, 'a', sizeof text);
	memcpy(text, "C a\nP0(int *", 12);
	text[sizeof text - 1] = '\0';
	assert_int_equal(parse(text, &t, err, sizeof err), LIT_BAD);
	assert_string_equal(err, "t.litmus:2: token too long: 'aaaaaaaaaaaaaaaaaaaa...'");
	/* a short error buffer is cut visibly ("..."), not overrun */
	char small[12];
	assert_int_equal(parse("", &t, small, sizeof small), LIT_BAD);
	assert_string_equal(small, "t.litmus...");
}

static void test_file(void **state)
{
	(void)state;
	char err[512];
	struct lit_test *t;
	assert_int_equal(lit_parse_file("/nonexistent/x.litmus", &t, err, sizeof err), LIT_BAD);
	assert_string_equal(err, "/nonexistent/x.litmus:1: cannot read (or larger than 16 MB)");
	assert_null(t);
}

/* A test padded with blank lines to exactly 16 MiB parses; one byte more is refused whole, never
 * parsed from a truncated read. */
static void test_file_cap(void **state)
{
	(void)state;
	static const char text[] = "C M\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n}\n"
				   "exists (x=1)\n";
	char path[] = "/tmp/litmus-cap-XXXXXX", err[512] = "";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "wb");
	assert_non_null(f);
	assert_true(fputs(text, f) >= 0);
	for (size_t i = sizeof text - 1; i < (size_t)1 << 24; i++)
		assert_int_equal(fputc('\n', f), '\n');
	assert_int_equal(fflush(f), 0);
	struct lit_test *t;
	if (lit_parse_file(path, &t, err, sizeof err) != LIT_OK)
		fail_msg("%s", err);
	lit_free(t);
	assert_int_equal(fputc('\n', f), '\n');
	assert_int_equal(fclose(f), 0);
	assert_int_equal(lit_parse_file(path, &t, err, sizeof err), LIT_BAD);
	char want[600];
	snprintf(want, sizeof want, "%s:1: cannot read (or larger than 16 MB)", path);
	assert_string_equal(err, want);
	assert_null(t);
	unlink(path);
}

/* diy7's header: the quoted description is kept (whole, however long), the Key=value lines are
 * skipped wherever they stand among the header's comments; in the initial state and in the bodies
 * a line "x=1;" is C again. */
static void test_diy7_header(void **state)
{
	(void)state;
	char err[512] = "", text[2000], longd[300];
	struct lit_test *t;
	memset(longd, 'd', sizeof longd - 1);
	longd[sizeof longd - 1] = '\0';
	snprintf(text, sizeof text,
		 "C LB+poonceonces\n\"%s Rfe\"\nCycle=Rfe PodRWOnceOnce\nRelax=\nSafe=Rfe\n"
		 "(* Result: Never *)\nGenerator=diy7 (version 7.56)\n  Prefetch=0:x=F,0:y=W\n"
		 "Com=Rf Rf\nOrig=PodRWOnceOnce Rfe\nHash=abc\n{\nx=1;\n}\n"
		 "P0(int *x)\n{\n\tint r0;\nr0=READ_ONCE(*x);\n}\nexists (0:r0=1)\n",
		 longd);
	if (parse(text, &t, err, sizeof err) != LIT_OK)
		fail_msg("%s", err);
	char want[400];
	snprintf(want, sizeof want, "%s Rfe", longd);
	assert_string_equal(t->description, want);
	assert_string_equal(t->result, "Never");
	assert_int_equal(t->result_line, 6);
	assert_int_equal(t->locs[0].init, 1);
	assert_int_equal(t->nthreads, 1);
	assert_int_equal(t->cond_line, 20);
	lit_free(t);
	/* no quoted line: no description */
	if (parse("C a\nCycle=Rfe\nP0(int *x)\n{\n}\nexists (x=0)", &t, err, sizeof err) != LIT_OK)
		fail_msg("%s", err);
	assert_null(t->description);
	lit_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good), cmocka_unit_test(test_minimal),
		cmocka_unit_test(test_bad),  cmocka_unit_test(test_nul_and_long),
		cmocka_unit_test(test_file), cmocka_unit_test(test_file_cap),
		cmocka_unit_test(test_doc),  cmocka_unit_test(test_diy7_header),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
