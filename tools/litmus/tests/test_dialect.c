/*
 * test_dialect.c - cmocka tests of herd7's C dialect as the reference enumerator runs it: the
 * atomic_t operations (values, and which are locked instructions on x86), RCU's and SRCU's grace
 * periods under SC and x86-TSO, filter, not and register-to-register conditions, pointers, initial
 * register values and the type names herd accepts. Each test runs a small program written here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "outjson.h"

struct run {
	struct lit_test *t;
	struct lit_prog *p;
	struct lit_result r[2];
};

static void load(struct run *x, const char *text)
{
	char err[512];
	memset(x, 0, sizeof *x);
	if (lit_parse("t.litmus", text, strlen(text), &x->t, err, sizeof err) != LIT_OK ||
	    !(x->p = lit_lower(x->t, err, sizeof err)))
		fail_msg("%s", err);
	for (int m = LM_SC; m <= LM_TSO; m++)
		if (lit_enumerate(x->p, m, 0, 0, &x->r[m], err, sizeof err) != 0)
			fail_msg("%s", err);
}

static void done(struct run *x)
{
	lit_result_free(&x->r[0]);
	lit_result_free(&x->r[1]);
	lit_prog_free(x->p);
	lit_free(x->t);
}

/* The verdicts of text under SC and x86-TSO are sc and tso. */
static void verdicts(const char *what, const char *text, const char *sc, const char *tso)
{
	struct run x;
	load(&x, text);
	if (strcmp(lit_verdict(&x.r[LM_SC]), sc) || strcmp(lit_verdict(&x.r[LM_TSO]), tso))
		fail_msg("%s: SC %s, x86-TSO %s; want %s, %s", what, lit_verdict(&x.r[LM_SC]),
			 lit_verdict(&x.r[LM_TSO]), sc, tso);
	done(&x);
}

/* Every atomic_t operation's value, one after the other on one thread (v starts at 0). */
static void test_atomic_values(void **state)
{
	(void)state;
	static const char text[] =
		"C Atomics\n{ 0:r9 = 7; }\nP0(volatile atomic_t *v)\n{\n"
		"\tatomic_inc(v);\n\tr1 = atomic_fetch_add_relaxed(2, v);\n"
		"\tr2 = atomic_add_return(3, v);\n\tr3 = atomic_dec_and_test(v);\n"
		"\tr4 = atomic_cmpxchg(v, 5, 10);\n\tatomic_set(v, r4 + 1);\n"
		"\tr5 = atomic_read(v);\n\tr6 = atomic_inc_not_zero(v);\n"
		"\tr7 = atomic_add_unless(v, 1, 7);\n\tr8 = atomic_xchg_acquire(v, 0);\n"
		"\tatomic_sub(2, v);\n\tr10 = atomic_fetch_andnot(1, v);\n"
		"\tr11 = atomic_add_negative(1, v);\n}\n"
		"exists (0:r1=1 /\\ 0:r2=6 /\\ 0:r3=0 /\\ 0:r4=5 /\\ 0:r5=6 /\\ 0:r6=1 /\\ 0:r7=0 /\\ "
		"0:r8=7 /\\ 0:r9=7 /\\ 0:r10=-2 /\\ 0:r11=1 /\\ not (v=1))";
	struct run x;
	load(&x, text);
	for (int m = LM_SC; m <= LM_TSO; m++) {
		assert_int_equal(x.r[m].noutcomes, 1);
		char *key = lit_outcome_key(x.t, &x.r[m].outcomes[0]);
		assert_string_equal(key, "P0_r1=1 P0_r2=6 P0_r3=0 P0_r4=5 P0_r5=6 P0_r6=1 P0_r7=0 "
					 "P0_r8=7 P0_r9=7 P0_r10=-2 P0_r11=1 v=-1");
		free(key);
		assert_string_equal(lit_verdict(&x.r[m]), "Always");
	}
	done(&x);
}

/* On x86 every atomic_t read-modify-write is a locked instruction (it empties the store buffer:
 * store buffering is gone); atomic_add_unless() is one only when it adds (the kernel's loop of
 * cmpxchg starts with a plain read, and stops there when the value is the one that forbids). */
static void test_atomic_x86(void **state)
{
	(void)state;
	static const char sb[] =
		"C SB+%s\n{ z = %d; }\nP0(int *x, int *y, atomic_t *z)\n{\n\tWRITE_ONCE(*x, 1);\n"
		"\tr1 = %s;\n\tr0 = READ_ONCE(*y);\n}\nP1(int *x, int *y, atomic_t *z)\n{\n"
		"\tWRITE_ONCE(*y, 1);\n\tr1 = %s;\n\tr0 = READ_ONCE(*x);\n}\n"
		"exists (0:r0=0 /\\ 1:r0=0)";
	static const struct {
		const char *op;
		int z;
		const char *tso;
	} cases[] = {
		{ "atomic_fetch_add_relaxed(1, z)", 0, "Never" },
		{ "atomic_inc_return(z)", 0, "Never" },
		{ "atomic_read(z)", 0, "Sometimes" },
		{ "atomic_add_unless(z, 1, 5)", 0, "Never" },	  /* it adds */
		{ "atomic_add_unless(z, 1, 0)", 0, "Sometimes" }, /* it only reads */
		{ "atomic_inc_not_zero(z)", 0, "Sometimes" },
		{ "atomic_inc_not_zero(z)", 3, "Never" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[1024];
		snprintf(text, sizeof text, sb, "op", cases[i].z, cases[i].op, cases[i].op);
		verdicts(cases[i].op, text, "Never", cases[i].tso);
	}
}

/* A reader that finds the old pointer inside its critical section cannot see the old object
 * freed after the grace period; without the grace period it can. */
static const char deferred_free[] = "C RCU\n{ gp=a; a=1; }\n"
				    "P0(int **gp, int *a, int *b)\n{\n"
				    "\trcu_assign_pointer(*gp, b);\n%s\tWRITE_ONCE(*a, 0);\n}\n"
				    "P1(int **gp)\n{\n\tint *r0;\n\tint r1;\n\trcu_read_lock();\n"
				    "\tr0 = rcu_dereference(*gp);\n\tr1 = READ_ONCE(*r0);\n"
				    "\trcu_read_unlock();\n}\nexists (1:r0=a /\\ 1:r1=0)";

static void test_rcu_grace_period(void **state)
{
	(void)state;
	char text[1024];
	snprintf(text, sizeof text, deferred_free, "\tsynchronize_rcu();\n");
	verdicts("synchronize_rcu", text, "Never", "Never");
	snprintf(text, sizeof text, deferred_free, "\tsynchronize_rcu_expedited();\n");
	verdicts("synchronize_rcu_expedited", text, "Never", "Never");
	snprintf(text, sizeof text, deferred_free, "");
	verdicts("no grace period", text, "Sometimes", "Sometimes");
	/* the outcomes are named by the locations the pointers point to */
	struct run x;
	load(&x, text);
	char *key = lit_outcome_key(x.t, &x.r[LM_SC].outcomes[0]);
	assert_string_equal(key, "P1_r0=b P1_r1=0");
	free(key);
	done(&x);
}

/* x86-TSO: a read-side section that began before the grace period has ended only once its
 * stores have reached memory (the kernel reports the quiescent state after a full barrier).
 * P1 read y=0, so its section began before P0's grace period; P0 must then see x=1. */
static void test_rcu_tso_stores(void **state)
{
	(void)state;
	static const char text[] =
		"C RCU+stores\nP0(int *x, int *y)\n{\n\tWRITE_ONCE(*y, 1);\n\tsynchronize_rcu();\n"
		"\tr0 = READ_ONCE(*x);\n}\nP1(int *x, int *y)\n{\n\trcu_read_lock();\n"
		"\tr1 = READ_ONCE(*y);\n\tWRITE_ONCE(*x, 1);\n\trcu_read_unlock();\n}\n"
		"exists (0:r0=0 /\\ 1:r1=0)";
	verdicts("the section's store", text, "Never", "Never");
}

/* A section that begins after the grace period began is not waited for; a grace period inside
 * the thread's own section waits forever; SRCU domains are separate. */
static void test_rcu_waits(void **state)
{
	(void)state;
	static const char late[] =
		"C RCU+late\nP0(int *x, int *y)\n{\n\tWRITE_ONCE(*x, 1);\n\tsynchronize_rcu();\n"
		"\tWRITE_ONCE(*y, 1);\n}\nP1(int *x, int *y)\n{\n\trcu_read_lock();\n"
		"\tr0 = READ_ONCE(*x);\n\tr1 = READ_ONCE(*y);\n\trcu_read_unlock();\n}\n"
		"exists (1:r0=0 /\\ 1:r1=1)";
	verdicts("x=0 then y=1 in one section", late, "Never", "Never");
	char text[1024];
	snprintf(text, sizeof text, "%s", late);
	*strstr(text, "1:r0=0") = '\0';
	strcat(text, "1:r0=1 /\\ 1:r1=1)");
	verdicts("a section after the grace period began", text, "Sometimes", "Sometimes");
	static const char self[] = "C RCU+self\nP0(int *x)\n{\n\trcu_read_lock();\n"
				   "\tr0 = READ_ONCE(*x);\n\tsynchronize_rcu();\n"
				   "\trcu_read_unlock();\n}\nexists (x=0)";
	struct run x;
	load(&x, self);
	char *key = lit_outcome_key(x.t, &x.r[LM_SC].outcomes[0]);
	assert_string_equal(key, "x=0; P0 does not terminate");
	free(key);
	done(&x);
	static const char srcu[] =
		"C SRCU\nP0(int *x, int *y, struct srcu_struct *s1)\n{\n\tint i;\n"
		"\ti = srcu_read_lock(s1);\n\tr0 = READ_ONCE(*x);\n\tr1 = READ_ONCE(*y);\n"
		"\tsrcu_read_unlock(s1, i);\n}\n"
		"P1(int *x, int *y, struct srcu_struct *%s)\n{\n\tWRITE_ONCE(*x, 1);\n"
		"\tsynchronize_srcu(%s);\n\tWRITE_ONCE(*y, 1);\n}\n"
		"exists (0:r0=0 /\\ 0:r1=1)";
	snprintf(text, sizeof text, srcu, "s1", "s1");
	verdicts("SRCU, one domain", text, "Never", "Never");
	snprintf(text, sizeof text, srcu, "s2", "s2");
	verdicts("SRCU, two domains", text, "Sometimes", "Sometimes");
}

/* filter drops runs before the condition is judged; not; a register against a register. */
static void test_filter(void **state)
{
	(void)state;
	static const char text[] =
		"C SB+filter\nP0(int *x, int *y)\n{\n\tWRITE_ONCE(*x, 1);\n\tr0 = READ_ONCE(*y);\n}\n"
		"P1(int *x, int *y)\n{\n\tWRITE_ONCE(*y, 1);\n\tr0 = READ_ONCE(*x);\n}\n"
		"filter (0:r0=1:r0)\nexists (not (0:r0=1))";
	verdicts("filter", text, "Never", "Sometimes");
	struct run x;
	load(&x, text);
	int filtered = 0;
	for (int k = 0; k < x.r[LM_SC].noutcomes; k++)
		filtered += x.r[LM_SC].outcomes[k].filtered;
	assert_int_equal(filtered, 2); /* (0,1) and (1,0) */
	done(&x);
}

/* A pointer register that holds no location's address stops the search, with the line. */
static void test_bad_pointer(void **state)
{
	(void)state;
	static const char text[] = "C Bad\n{ p = 5; }\nP0(int **p)\n{\n\tint *r0;\n"
				   "\tr0 = READ_ONCE(*p);\n\tr1 = READ_ONCE(*r0);\n}\nexists (x=0)";
	char err[512];
	struct lit_test *t;
	if (lit_parse("t.litmus", text, strlen(text), &t, err, sizeof err) != LIT_BAD)
		assert_string_equal(err, "");
	assert_string_equal(err, "t.litmus:9: unknown location 'x'");
	static const char text2[] =
		"C Bad\n{ p = 5; }\nP0(int **p)\n{\n\tint *r0;\n"
		"\tr0 = READ_ONCE(*p);\n\tr1 = READ_ONCE(*r0);\n}\nexists (0:r1=0)";
	assert_int_equal(lit_parse("t.litmus", text2, strlen(text2), &t, err, sizeof err), LIT_OK);
	struct lit_prog *p = lit_lower(t, err, sizeof err);
	struct lit_result r;
	assert_int_equal(lit_enumerate(p, LM_SC, 0, 0, &r, err, sizeof err), -1);
	assert_string_equal(err,
			    "t.litmus:7: P0 accesses *r0, which holds 5, not the address of an "
			    "int location");
	lit_prog_free(p);
	lit_free(t);
}

/* What herd accepts: undeclared registers, volatile and intptr_t, casts, x=y and &x with casts
 * in the initial state, an initial register value, a pointer compared with an address. */
static void test_forms(void **state)
{
	(void)state;
	static const char text[] =
		"C Forms\n{ intptr_t y = (intptr_t)&x; int *z = (int *)x; 1:r3 = 4; }\n"
		"P0(volatile int *x, int *volatile *z)\n{\n\tWRITE_ONCE(*x, (int)2);\n"
		"\tr0 = (int *)READ_ONCE(*z);\n\tr1 = READ_ONCE(*r0);\n}\n"
		"P1(unsigned long *y)\n{\n\tlong r2 = READ_ONCE(*y);\n\tr3 = r3 + 1;\n}\n"
		"exists (0:r0=x /\\ y=x /\\ 1:r2=x /\\ 1:r3=5 /\\ 0:r1=2)";
	verdicts("forms", text, "Always", "Always");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_atomic_values),	 cmocka_unit_test(test_atomic_x86),
		cmocka_unit_test(test_rcu_grace_period), cmocka_unit_test(test_rcu_tso_stores),
		cmocka_unit_test(test_rcu_waits),	 cmocka_unit_test(test_filter),
		cmocka_unit_test(test_bad_pointer),	 cmocka_unit_test(test_forms),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
