/*
 * test_enumerate.c - cmocka tests of the reference enumerator: the known verdicts of the
 * standard shapes under SC and x86-TSO (the project's litmus tests), exact outcome sets and
 * schedule counts, broken machines that must break the facts (so each fact can fail), the
 * lowering of C's evaluation order, and the partial-order reduction (LIT_REDUCE: the same outcome
 * sets as the full search on every project test).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "outjson.h"
#include "testutil.h"

struct run {
	struct lit_test *t;
	struct lit_prog *p;
	struct lit_result r;
};

static void run_model(struct run *x, enum lit_model m, unsigned mutants, uint64_t max_states)
{
	char err[512];
	if (lit_enumerate(x->p, m, mutants, max_states, &x->r, err, sizeof err) != 0)
		fail_msg("%s", err);
}

static void load_text(struct run *x, const char *text)
{
	memset(x, 0, sizeof *x);
	lit_test_lower_text(text, &x->t, &x->p);
}

static void load_file(struct run *x, const char *name)
{
	char path[1024];
	memset(x, 0, sizeof *x);
	snprintf(path, sizeof path, "%s/%s.litmus", lit_test_dir(), name);
	if (lit_test_lower_file(path, &x->t, &x->p) != LIT_OK)
		fail_msg("%s: uses RCU", path);
}

static void done(struct run *x)
{
	lit_result_free(&x->r);
	lit_prog_free(x->p);
	lit_free(x->t);
}

/* The verdict of a project test under a model (and mutants). */
static const char *verdict(const char *name, enum lit_model m, unsigned mutants)
{
	static char v[16];
	struct run x;
	load_file(&x, name);
	run_model(&x, m, mutants, 0);
	assert_false(x.r.partial);
	snprintf(v, sizeof v, "%s", lit_verdict(&x.r));
	done(&x);
	return v;
}

/* The standard shapes: SC forbids every relaxed outcome; x86-TSO allows exactly those a FIFO
 * store buffer with forwarding explains (SB, R, store forwarding) unless a fence or a locked
 * instruction drains the buffer. */
static const struct {
	const char *name, *sc, *tso;
} shapes[] = {
	{ "SB+poonceonces", "Never", "Sometimes" },
	{ "SB+fencembonceonces", "Never", "Never" },
	{ "SB+xchgrelaxedonces", "Never", "Never" },
	{ "SB+failedcmpxchgs", "Never", "Never" },
	{ "MP+poonceonces", "Never", "Never" },
	{ "MP+fencewmbonceonce+fencermbonceonce", "Never", "Never" },
	{ "MP+pooncerelease+poacquireonce", "Never", "Never" },
	{ "MP+polocks", "Never", "Never" },
	{ "LB+poonceonces", "Never", "Never" },
	{ "LB+fencembonceonces", "Never", "Never" },
	{ "LB+ctrlonceonces", "Never", "Never" },
	{ "S+poonceonces", "Never", "Never" },
	{ "S+fencewmbonceonce+poacquireonce", "Never", "Never" },
	{ "R+poonceonces", "Never", "Sometimes" },
	{ "R+fencembonceonces", "Never", "Never" },
	{ "2+2W+poonceonces", "Never", "Never" },
	{ "2+2W+fencewmbonceonces", "Never", "Never" },
	{ "IRIW+poonceonces+OnceOnce", "Never", "Never" },
	{ "IRIW+fencembonceonces+OnceOnce", "Never", "Never" },
	{ "WRC+poonceonces+Once", "Never", "Never" },
	{ "WRC+pooncerelease+fencermbonceonce+Once", "Never", "Never" },
	{ "CoRR+poonceonce+Once", "Never", "Never" },
	{ "CoRR+fencermbonceonce+Once", "Never", "Never" },
	{ "CoWR+poonceonce+Once", "Never", "Never" },
	{ "CoWR+fencembonceonce+Once", "Never", "Never" },
	{ "SF+poonceonces", "Never", "Sometimes" },
	{ "SF+fencembonceonces", "Never", "Never" },
	{ "Trylock+trylocks", "Never", "Never" },
};

static void test_shapes(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		const char *sc = verdict(shapes[i].name, LM_SC, 0);
		if (strcmp(sc, shapes[i].sc))
			fail_msg("%s under SC: %s, want %s", shapes[i].name, sc, shapes[i].sc);
		const char *tso = verdict(shapes[i].name, LM_TSO, 0);
		if (strcmp(tso, shapes[i].tso))
			fail_msg("%s under x86-TSO: %s, want %s", shapes[i].name, tso,
				 shapes[i].tso);
	}
}

/* Each broken machine breaks a fact the shapes assert: the facts are not vacuous. */
static const struct {
	unsigned mutant;
	const char *name, *tso;
} broken[] = {
	{ LIT_MUT_NO_FORWARD, "SF+poonceonces", "Never" },	     /* n6 needs forwarding */
	{ LIT_MUT_NO_FORWARD, "CoWR+poonceonce+Once", "Sometimes" }, /* coherence needs it */
	{ LIT_MUT_LIFO, "MP+poonceonces", "Sometimes" }, /* FIFO keeps stores in order */
	{ LIT_MUT_LIFO, "2+2W+poonceonces", "Sometimes" },
	{ LIT_MUT_FENCE_NOP, "SB+fencembonceonces", "Sometimes" },
	{ LIT_MUT_FENCE_NOP, "R+fencembonceonces", "Sometimes" },
	{ LIT_MUT_RMW_NO_DRAIN, "SB+failedcmpxchgs", "Sometimes" },
};

static void test_broken_machines(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof broken / sizeof broken[0]; i++) {
		const char *v = verdict(broken[i].name, LM_TSO, broken[i].mutant);
		if (strcmp(v, broken[i].tso))
			fail_msg("%s with mutant %u: %s, want %s", broken[i].name, broken[i].mutant,
				 v, broken[i].tso);
		/* and mutants never touch SC */
		assert_string_equal(verdict(broken[i].name, LM_SC, broken[i].mutant), "Never");
	}
}

static void keys(const struct run *x, char *out, size_t n)
{
	out[0] = '\0';
	for (int k = 0; k < x->r.noutcomes; k++) {
		char *key = lit_outcome_key(x->t, &x->r.outcomes[k]);
		snprintf(out + strlen(out), n - strlen(out), "%s%s:%llu", k ? " | " : "", key,
			 (unsigned long long)x->r.outcomes[k].count);
		free(key);
	}
}

/* SB exactly: 3 outcomes over 6 interleavings under SC; under x86-TSO the fourth, over
 * 80 schedules (per thread W, then R and the drain in either order: 20 x 2 x 2). */
static void test_sb_exact(void **state)
{
	(void)state;
	char k[1024];
	struct run x;
	load_file(&x, "SB+poonceonces");
	run_model(&x, LM_SC, 0, 0);
	keys(&x, k, sizeof k);
	assert_string_equal(k, "P0_r0=0 P1_r0=1:1 | P0_r0=1 P1_r0=1:4 | P0_r0=1 P1_r0=0:1");
	assert_int_equal(x.r.schedules, 6);
	assert_string_equal(x.r.outcomes[0].witness, "0011");
	lit_result_free(&x.r);
	run_model(&x, LM_TSO, 0, 0);
	keys(&x, k, sizeof k);
	assert_string_equal(k, "P0_r0=0 P1_r0=0:18 | P0_r0=0 P1_r0=1:22 | P0_r0=1 P1_r0=0:22 | "
			       "P0_r0=1 P1_r0=1:18");
	assert_int_equal(x.r.schedules, 80);
	/* both loads before either drain */
	assert_string_equal(x.r.outcomes[0].witness, "0011ab");
	assert_true(x.r.outcomes[0].satisfies);
	assert_true(lit_quantifier_holds(x.t, &x.r));
	done(&x);
}

/* IRIW: 6!/(2!2!) interleavings under SC; two more steps (the writers' drains) under TSO. */
static void test_counts(void **state)
{
	(void)state;
	struct run x;
	load_file(&x, "IRIW+poonceonces+OnceOnce");
	run_model(&x, LM_SC, 0, 0);
	assert_int_equal(x.r.schedules, 180);
	lit_result_free(&x.r);
	run_model(&x, LM_TSO, 0, 0);
	assert_int_equal(x.r.schedules, 2520);
	assert_int_equal(x.r.noutcomes, 15); /* every combination but the relaxed one */
	done(&x);
}

static void test_partial(void **state)
{
	(void)state;
	struct run x;
	load_file(&x, "IRIW+poonceonces+OnceOnce");
	run_model(&x, LM_TSO, 0, 20);
	assert_true(x.r.partial);
	assert_int_equal(x.r.states, 20);
	assert_true(x.r.noutcomes > 0);
	/* a partial search has no verdict, and the quantifier is unknown */
	assert_string_equal(lit_verdict(&x.r), "partial");
	assert_int_equal(lit_quantifier_holds(x.t, &x.r), -1);
	done(&x);
}

/* Evaluation order: && and || evaluate their right side only when C does, so an xchg there
 * happens or not; if/else; 32-bit wrapping arithmetic. */
static void test_lowering(void **state)
{
	(void)state;
	static const char text[] =
		"C Order\n{ x = 0; y = 1; }\n"
		"P0(int *x, int *y, int *z)\n{\n"
		"\tint r0; int r1; int r2; int r3;\n"
		"\tr0 = READ_ONCE(*x) && xchg(y, 5);\n" /* x is 0: y stays 1 */
		"\tr1 = READ_ONCE(*y) || xchg(z, 7);\n" /* y is 1: z stays 0 */
		"\tr2 = 2147483647 + READ_ONCE(*y);\n"	/* wraps */
		"\tif (!r0) r3 = -1 * 3; else r3 = 9;\n"
		"\tif (r3 == -3 && xchg_release(z, 4) == 0) WRITE_ONCE(*x, r2 ^ 1);\n"
		"}\n"
		"P1(int *w)\n{\n\tWRITE_ONCE(*w, 1);\n}\n"
		"exists (0:r0=0 /\\ 0:r1=1 /\\ 0:r2=-2147483648 /\\ 0:r3=-3 /\\ x=-2147483647 /\\ "
		"y=1 /\\ z=4)";
	struct run x;
	load_text(&x, text);
	for (int m = LM_SC; m <= LM_TSO; m++) {
		run_model(&x, m, 0, 0);
		assert_int_equal(x.r.noutcomes, 1);
		assert_string_equal(lit_verdict(&x.r), "Always");
		lit_result_free(&x.r);
	}
	done(&x);
}

/* A lock never released: the other thread waits forever, and herd's condition ignores it. */
static void test_hang(void **state)
{
	(void)state;
	static const char text[] = "C Hang\n{ spinlock_t l; }\n"
				   "P0(spinlock_t *l, int *x)\n{\n\tspin_lock(l);\n"
				   "\tWRITE_ONCE(*x, 1);\n}\n"
				   "P1(spinlock_t *l, int *x)\n{\n\tspin_lock(l);\n"
				   "\tWRITE_ONCE(*x, 2);\n\tspin_unlock(l);\n}\n"
				   "exists (x=1)";
	struct run x;
	char k[1024];
	load_text(&x, text);
	run_model(&x, LM_TSO, 0, 0);
	keys(&x, k, sizeof k);
	/* P1's store of x can drain before or after its unlock is buffered: 2 schedules */
	assert_string_equal(k, "x=1; P1 does not terminate:1 | x=1:2");
	assert_false(x.r.outcomes[0].satisfies);
	assert_true(x.r.outcomes[1].satisfies);
	assert_string_equal(lit_verdict(&x.r), "Always");
	done(&x);
}

/* mfence waits for the buffer; smp_rmb() and smp_wmb() do not drain on x86. */
static void test_fence_mapping(void **state)
{
	(void)state;
	static const char sb[] =
		"C SBf\nP0(int *x, int *y)\n{\n\tint r0;\n\tWRITE_ONCE(*x, 1);\n"
		"\t%s();\n\tr0 = READ_ONCE(*y);\n}\nP1(int *x, int *y)\n{\n"
		"\tint r0;\n\tWRITE_ONCE(*y, 1);\n\t%s();\n\tr0 = READ_ONCE(*x);\n}\n"
		"exists (0:r0=0 /\\ 1:r0=0)";
	static const struct {
		const char *fence, *tso;
	} cases[] = {
		{ "smp_mb", "Never" },
		{ "smp_rmb", "Sometimes" },
		{ "smp_wmb", "Sometimes" },
		{ "barrier", "Sometimes" },
		{ "smp_mb__before_atomic", "Sometimes" },
		{ "smp_mb__after_spinlock", "Sometimes" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char text[1024];
		snprintf(text, sizeof text, sb, cases[i].fence, cases[i].fence);
		struct run x;
		load_text(&x, text);
		run_model(&x, LM_TSO, 0, 0);
		if (strcmp(lit_verdict(&x.r), cases[i].tso))
			fail_msg("%s: %s", cases[i].fence, lit_verdict(&x.r));
		done(&x);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* x's outcome keys, sorted, one string (newline-separated; free it). */
static char *keys_of(const struct run *x)
{
	char **k = calloc((size_t)x->r.noutcomes + 1, sizeof *k);
	size_t len = 1;
	for (int i = 0; i < x->r.noutcomes; i++) {
		k[i] = lit_outcome_key(x->t, &x->r.outcomes[i]);
		len += strlen(k[i]) + 1;
	}
	qsort(k, (size_t)x->r.noutcomes, sizeof *k, cmp_str);
	char *out = calloc(len, 1);
	for (int i = 0; i < x->r.noutcomes; i++) {
		strcat(strcat(out, k[i]), "\n");
		free(k[i]);
	}
	free(k);
	return out;
}

/* The reduction keeps every outcome of the full search, under SC and x86-TSO, on every project
 * test (a transition taken alone must commute with everything the others can still do), and
 * explores fewer states on the larger ones. */
static void test_reduce(void **state)
{
	(void)state;
	DIR *d = opendir(lit_test_dir());
	assert_non_null(d);
	uint64_t full = 0, reduced = 0;
	int n = 0;
	for (struct dirent *e; (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (len < 8 || strcmp(e->d_name + len - 7, ".litmus"))
			continue;
		char name[256];
		snprintf(name, sizeof name, "%.*s", (int)(len - 7), e->d_name);
		for (int m = LM_SC; m <= LM_TSO; m++) {
			struct run a, b;
			load_file(&a, name);
			load_file(&b, name);
			run_model(&a, (enum lit_model)m, 0, 0);
			run_model(&b, (enum lit_model)m, LIT_REDUCE, 0);
			char *ka = keys_of(&a), *kb = keys_of(&b);
			if (strcmp(ka, kb))
				fail_msg("%s under %s: full search\n%sreduced\n%s", name,
					 lit_model_name((enum lit_model)m), ka, kb);
			assert_true(b.r.states <= a.r.states);
			full += a.r.states;
			reduced += b.r.states;
			free(ka);
			free(kb);
			done(&a);
			done(&b);
		}
		n++;
	}
	closedir(d);
	assert_true(n >= 30);
	if (reduced >= full)
		fail_msg("the reduction explores %llu states of the full search's %llu",
			 (unsigned long long)reduced, (unsigned long long)full);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shapes),	 cmocka_unit_test(test_broken_machines),
		cmocka_unit_test(test_sb_exact), cmocka_unit_test(test_counts),
		cmocka_unit_test(test_partial),	 cmocka_unit_test(test_lowering),
		cmocka_unit_test(test_hang),	 cmocka_unit_test(test_fence_mapping),
		cmocka_unit_test(test_reduce),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
