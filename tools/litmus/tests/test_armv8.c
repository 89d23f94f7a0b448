/*
 * test_armv8.c - cmocka tests of the reference enumerator's Armv8 mode (armv8.h, paths.h): every
 * project litmus test's Armv8 verdict against the kernel model's Result line, Armv8 allowing
 * every SC and x86-TSO outcome, the issue's ten shapes with marked accesses only reachable, and
 * the arm64 mapping of each primitive, each verdict argued from the rules of tools/model.
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

/* The Armv8-only shapes (ISA2 and Z6.0 with marked accesses: not course examples). */
static const char *armv8_dir(void)
{
	const char *d = getenv("LITMUS_ARMV8_TESTS");
	return d ? d : "tools/litmus/tests/armv8";
}

struct run {
	struct lit_test *t;
	struct lit_prog *p;
	struct lit_result r[LIT_NMODELS];
};

static void run_all(struct run *x)
{
	char err[512];
	for (int m = 0; m < LIT_NMODELS; m++)
		if (lit_enumerate(x->p, (enum lit_model)m, 0, 0, &x->r[m], err, sizeof err) != 0)
			fail_msg("%s", err);
}

static void load_text(struct run *x, const char *text)
{
	memset(x, 0, sizeof *x);
	lit_test_lower_text(text, &x->t, &x->p);
	run_all(x);
}

/* 0, or 1 when the file uses RCU (skipped, as the import skips it). */
static int load_file(struct run *x, const char *path)
{
	memset(x, 0, sizeof *x);
	if (lit_test_lower_file(path, &x->t, &x->p) == LIT_RCU)
		return 1;
	run_all(x);
	return 0;
}

static void done(struct run *x)
{
	for (int m = 0; m < LIT_NMODELS; m++)
		lit_result_free(&x->r[m]);
	lit_prog_free(x->p);
	lit_free(x->t);
}

static int has_outcome(const struct lit_test *t, const struct lit_result *r, const char *key)
{
	for (int i = 0; i < r->noutcomes; i++) {
		char *k = lit_outcome_key(t, &r->outcomes[i]);
		int same = !strcmp(k, key);
		free(k);
		if (same)
			return 1;
	}
	return 0;
}

/* Every outcome of `weaker`... is one of Armv8's: SC and x86-TSO allow no more than Armv8 with
 * the kernel's mappings (each of x86's orderings is one Armv8 has too, or weaker there). */
static void assert_includes(const struct run *x, enum lit_model m)
{
	const struct lit_result *r = &x->r[m];
	for (int i = 0; i < r->noutcomes; i++) {
		char *k = lit_outcome_key(x->t, &r->outcomes[i]);
		if (!has_outcome(x->t, &x->r[LM_ARMV8], k))
			fail_msg("%s: %s outcome %s is not an Armv8 outcome", x->t->name,
				 lit_model_title(m), k);
		free(k);
	}
}

/* Kernel-model "Sometimes" tests that Armv8 forbids, by name, each argued. None among the
 * project's tests today (each Sometimes is a pair of unordered marked accesses, or a failed or
 * relaxed RMW, which arm64 does not order either). */
static const char *const armv8_forbids[] = { NULL };

static int listed(const char *name)
{
	for (const char *const *p = armv8_forbids; *p; p++)
		if (!strcmp(*p, name))
			return 1;
	return 0;
}

/* The kernel model's Never must be Never on Armv8 (arm64 implements the model), Always Always;
 * a Sometimes stays Sometimes unless listed above. */
static void check_file(const char *path, int *checked)
{
	struct run x;
	if (load_file(&x, path))
		return;
	const struct lit_result *a = &x.r[LM_ARMV8];
	assert_false(a->partial);
	if (a->unsupported) { /* RCU's grace periods: no verdict, and none claimed (test_unsupported) */
		assert_true(x.t->uses_rcu);
		done(&x);
		return;
	}
	const char *v = lit_verdict(a), *want = x.t->result;
	if (!strcmp(want, "Sometimes") && listed(x.t->name))
		want = "Never";
	if (want[0] && strcmp(v, want))
		fail_msg("%s: Armv8 says %s, the kernel model %s", path, v, x.t->result);
	assert_includes(&x, LM_SC);
	assert_includes(&x, LM_TSO);
	*checked += want[0] != 0;
	done(&x);
}

/* What the Armv8 mode cannot run (RCU and SRCU, pointer values, atomic_t read-modify-writes) it
 * says so, at the line of the first such thing, with no outcomes and no verdict; a filter it runs
 * (the runs it rejects are not judged). */
static void test_unsupported(void **state)
{
	(void)state;
	static const struct {
		const char *text;
		int line;
	} cases[] = {
		{ "C R\nP0(int *x)\n{\n\tint r0;\n\trcu_read_lock();\n\tr0 = READ_ONCE(*x);\n"
		  "\trcu_read_unlock();\n}\nP1(int *x)\n{\n\tsynchronize_rcu();\n}\nexists (0:r0=1)",
		  5 },
		{ "C A\nP0(atomic_t *v, int *x)\n{\n\tint r0;\n\tatomic_inc(v);\n\tsmp_rmb();\n"
		  "\tr0 = READ_ONCE(*x);\n}\nexists (v=1)",
		  5 },
		{ "C P\n{ p=x; }\nP0(int **p, int *x)\n{\n\tint *r0;\n\tr0 = READ_ONCE(*p);\n}\n"
		  "exists (0:r0=x)",
		  2 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct run x;
		load_text(&x, cases[i].text);
		const struct lit_result *a = &x.r[LM_ARMV8];
		assert_non_null(a->unsupported);
		assert_int_equal(a->unsupported_line, cases[i].line);
		assert_int_equal(a->noutcomes, 0);
		assert_string_equal(lit_verdict(a), "unsupported");
		assert_int_equal(lit_quantifier_holds(x.t, a), -1);
		assert_null(x.r[LM_TSO].unsupported);
		done(&x);
	}
	struct run x;
	load_text(&x, "C F\nP0(int *x, int *y)\n{\n\tint r0;\n\tWRITE_ONCE(*x, 1);\n"
		      "\tr0 = READ_ONCE(*y);\n}\nP1(int *x, int *y)\n{\n\tint r0;\n"
		      "\tWRITE_ONCE(*y, 1);\n\tr0 = READ_ONCE(*x);\n}\nfilter (0:r0=1 \\/ 1:r0=0)\n"
		      "exists (0:r0=0)");
	const struct lit_result *a = &x.r[LM_ARMV8];
	assert_null(a->unsupported);
	int filtered = 0;
	for (int k = 0; k < a->noutcomes; k++) {
		filtered += a->outcomes[k].filtered;
		assert_false(a->outcomes[k].filtered && a->outcomes[k].satisfies);
	}
	assert_int_equal(filtered, 1); /* of the four SB outcomes, only 0:r0=0 with 1:r0=1 */
	assert_string_equal(lit_verdict(a), "Sometimes"); /* 0:r0=0 /\ 1:r0=0 is judged */
	done(&x);
}

static void test_project_tests(void **state)
{
	(void)state;
	DIR *d = opendir(lit_test_dir());
	assert_non_null(d);
	int checked = 0;
	for (struct dirent *e; (e = readdir(d));) {
		size_t n = strlen(e->d_name);
		if (n < 8 || strcmp(e->d_name + n - 7, ".litmus"))
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", lit_test_dir(), e->d_name);
		check_file(path, &checked);
	}
	closedir(d);
	assert_true(checked >= 25); /* the folder was read */
}

/* The issue's ten shapes with READ_ONCE/WRITE_ONCE only: all reachable on Armv8 (no thread
 * orders its two accesses; IRIW's and WRC's cycles need that order on both readers). */
static void test_issue_shapes(void **state)
{
	(void)state;
	static const char *const shapes[] = {
		"MP+poonceonces",
		"LB+poonceonces",
		"S+poonceonces",
		"R+poonceonces",
		"SB+poonceonces",
		"WRC+poonceonces+Once",
		"IRIW+poonceonces+OnceOnce",
		"2+2W+poonceonces",
		NULL,
	};
	static const char *const armv8_only[] = { "ISA2+poonceonces", "Z6.0+poonceonces", NULL };
	const char *const *lists[] = { shapes, armv8_only };
	const char *dirs[] = { lit_test_dir(), armv8_dir() };
	int n = 0;
	for (int l = 0; l < 2; l++)
		for (const char *const *s = lists[l]; *s; s++, n++) {
			char path[1024];
			struct run x;
			snprintf(path, sizeof path, "%s/%s.litmus", dirs[l], *s);
			assert_int_equal(load_file(&x, path), 0);
			if (strcmp(lit_verdict(&x.r[LM_ARMV8]), "Sometimes"))
				fail_msg("%s: not reachable on Armv8", *s);
			assert_string_equal(x.t->result, "Sometimes");
			done(&x);
		}
	assert_int_equal(n, 10);
}

/* The mapping of each primitive (paths.h), seen through a shape whose Armv8 verdict it decides. */
struct mapped {
	const char *what; /* and why the verdict */
	const char *text;
	const char *armv8;
};

#define SB(name, w0, r0, w1, r1)                                           \
	"C " name "\n{}\nP0(int *x, int *y) { int r0; " w0 "; " r0 "; }\n" \
	"P1(int *x, int *y) { int r0; " w1 "; " r1 "; }\nexists (0:r0=0 /\\ 1:r0=0)\n"
#define MP(name, a, b, c, d)                                             \
	"C " name "\n{}\nP0(int *x, int *y) { int r0; " a "; " b "; }\n" \
	"P1(int *x, int *y) { int r0; int r1; " c "; " d "; }\nexists (1:r0=1 /\\ 1:r1=0)\n"
#define LB(name, a, b, c, d)                                             \
	"C " name "\n{}\nP0(int *x, int *y) { int r0; " a "; " b "; }\n" \
	"P1(int *x, int *y) { int r0; " c "; " d "; }\nexists (0:r0=1 /\\ 1:r0=1)\n"

static const struct mapped mapped[] = {
	/* smp_store_release then smp_load_acquire: STLR then LDAR, ordered by bob [L];po;[A]. The
	 * kernel model says Sometimes (release-acquire does not order a store before a later load
	 * in general); arm64's instructions do. */
	{ "SB with release/acquire: STLR;LDAR",
	  SB("SB+rel-acq", "smp_store_release(x, 1)", "r0 = smp_load_acquire(y)",
	     "smp_store_release(y, 1)", "r0 = smp_load_acquire(x)"),
	  "Never" },
	/* smp_mb: DMB ISH on both sides */
	{ "SB with smp_mb",
	  SB("SB+mbs", "WRITE_ONCE(*x, 1); smp_mb()", "r0 = READ_ONCE(*y)",
	     "WRITE_ONCE(*y, 1); smp_mb()", "r0 = READ_ONCE(*x)"),
	  "Never" },
	/* smp_wmb: DMB ISHST orders stores with later stores only */
	{ "SB with smp_wmb",
	  SB("SB+wmbs", "WRITE_ONCE(*x, 1); smp_wmb()", "r0 = READ_ONCE(*y)",
	     "WRITE_ONCE(*y, 1); smp_wmb()", "r0 = READ_ONCE(*x)"),
	  "Sometimes" },
	/* smp_rmb: DMB ISHLD orders earlier loads only: the writer's stores stay unordered */
	{ "MP with smp_rmb on both sides",
	  MP("MP+rmbs", "WRITE_ONCE(*x, 1); smp_rmb()", "WRITE_ONCE(*y, 1)",
	     "r0 = READ_ONCE(*y); smp_rmb()", "r1 = READ_ONCE(*x)"),
	  "Sometimes" },
	/* smp_mb__before_atomic / __after_atomic: DMB ISH (asm-generic's default on arm64) */
	{ "MP with smp_mb__before_atomic / after_atomic",
	  MP("MP+mb-atomic", "WRITE_ONCE(*x, 1); smp_mb__before_atomic()", "WRITE_ONCE(*y, 1)",
	     "r0 = READ_ONCE(*y); smp_mb__after_atomic()", "r1 = READ_ONCE(*x)"),
	  "Never" },
	/* barrier(): a compiler barrier, no instruction */
	{ "MP with barrier()",
	  MP("MP+barriers", "WRITE_ONCE(*x, 1); barrier()", "WRITE_ONCE(*y, 1)",
	     "r0 = READ_ONCE(*y); barrier()", "r1 = READ_ONCE(*x)"),
	  "Sometimes" },
	/* a control dependency orders a later store (ctrl;[W])... */
	{ "LB with control dependencies",
	  LB("LB+ctrls", "r0 = READ_ONCE(*x)", "if (r0) WRITE_ONCE(*y, 1)", "r0 = READ_ONCE(*y)",
	     "if (r0) WRITE_ONCE(*x, 1)"),
	  "Never" },
	/* ... but not a later load */
	{ "MP with smp_wmb and a control dependency to the load",
	  MP("MP+wmb+ctrl", "WRITE_ONCE(*x, 1); smp_wmb()", "WRITE_ONCE(*y, 1)",
	     "r0 = READ_ONCE(*y)", "if (r0) r1 = READ_ONCE(*x)"),
	  "Sometimes" },
	/* a data dependency, even one whose value cannot matter (r0 & 0: syntactic, dob data) */
	{ "LB with data dependencies through r & 0",
	  LB("LB+datas", "r0 = READ_ONCE(*x)", "WRITE_ONCE(*y, (r0 & 0) + 1)", "r0 = READ_ONCE(*y)",
	     "WRITE_ONCE(*x, r0)"),
	  "Never" },
	/* a dependency on one side only */
	{ "LB with a data dependency on one side",
	  LB("LB+data+po", "r0 = READ_ONCE(*x)", "WRITE_ONCE(*y, r0)", "r0 = READ_ONCE(*y)",
	     "WRITE_ONCE(*x, 1)"),
	  "Sometimes" },
	/* xchg: SWPAL; its write is ordered before every later access ([range([A];amo;[L])];po) */
	{ "SB with xchg",
	  SB("SB+xchgs", "r0 = xchg(x, 1)", "r0 = READ_ONCE(*y)", "r0 = xchg(y, 1)",
	     "r0 = READ_ONCE(*x)"),
	  "Never" },
	/* xchg_acquire: SWPA; the acquire read orders later accesses, but not the swap's write */
	{ "SB with xchg_acquire",
	  SB("SB+xchgacqs", "r0 = xchg_acquire(x, 1)", "r0 = READ_ONCE(*y)",
	     "r0 = xchg_acquire(y, 1)", "r0 = READ_ONCE(*x)"),
	  "Sometimes" },
	/* xchg_release: SWPL; a release write orders only what comes before it */
	{ "SB with xchg_release",
	  SB("SB+xchgrels", "r0 = xchg_release(x, 1)", "r0 = READ_ONCE(*y)",
	     "r0 = xchg_release(y, 1)", "r0 = READ_ONCE(*x)"),
	  "Sometimes" },
	/* atomic_add_return: LDADDAL, acquire and release, ordered as xchg's SWPAL */
	{ "SB with atomic_add_return",
	  "C SB+addreturns\n{}\nP0(atomic_t *x, int *y) { int r0; int r1; "
	  "r1 = atomic_add_return(1, x); r0 = READ_ONCE(*y); }\n"
	  "P1(atomic_t *y, int *x) { int r0; int r1; r1 = atomic_add_return(1, y); "
	  "r0 = READ_ONCE(*x); }\nexists (0:r0=0 /\\ 1:r0=0)\n",
	  "Never" },
	/* atomic_inc: STADD, relaxed: between a store and a load it orders nothing (x86's locked
	 * instruction does: the reference's x86-TSO says Never) */
	{ "SB with atomic_inc between",
	  "C SB+incs\n{}\nP0(atomic_t *n, int *x, int *y) { int r0; WRITE_ONCE(*x, 1); "
	  "atomic_inc(n); r0 = READ_ONCE(*y); }\n"
	  "P1(atomic_t *n, int *x, int *y) { int r0; WRITE_ONCE(*y, 1); atomic_inc(n); "
	  "r0 = READ_ONCE(*x); }\nexists (0:r0=0 /\\ 1:r0=0)\n",
	  "Sometimes" },
	/* atomic_fetch_add_relaxed: LDADD, no order (the kernel model: no order either) */
	{ "SB with atomic_fetch_add_relaxed",
	  "C SB+fetchaddrelaxeds\n{}\nP0(atomic_t *x, int *y) { int r0; int r1; "
	  "r1 = atomic_fetch_add_relaxed(1, x); r0 = READ_ONCE(*y); }\n"
	  "P1(atomic_t *y, int *x) { int r0; int r1; r1 = atomic_fetch_add_relaxed(1, y); "
	  "r0 = READ_ONCE(*x); }\nexists (0:r0=0 /\\ 1:r0=0)\n",
	  "Sometimes" },
	/* two increments of one counter: each LD<op> reads the other's write or the initial value,
	 * never both the initial value (rmw atomicity): the final value is always 2 */
	{ "two atomic_inc_return_relaxed on one counter",
	  "C Counter+increlaxeds\n{}\nP0(atomic_t *v) { int r0; r0 = atomic_inc_return_relaxed(v); }\n"
	  "P1(atomic_t *v) { int r0; r0 = atomic_inc_return_relaxed(v); }\n"
	  "forall (v=2 /\\ not (0:r0=1 /\\ 1:r0=1))\n",
	  "Always" },
	/* cmpxchg that succeeds: CASAL, as xchg */
	{ "SB with succeeding cmpxchg",
	  SB("SB+cmpxchgs", "r0 = cmpxchg(x, 0, 1)", "r0 = READ_ONCE(*y)", "r0 = cmpxchg(y, 0, 1)",
	     "r0 = READ_ONCE(*x)"),
	  "Never" },
	/* cmpxchg_release as the writer's flag: CASL, a release write (po;[L]); the reader's
	 * smp_load_acquire: LDAR */
	{ "MP with cmpxchg_release and smp_load_acquire",
	  MP("MP+cmpxchgrel+acq", "WRITE_ONCE(*x, 1)", "r0 = cmpxchg_release(y, 0, 1)",
	     "r0 = smp_load_acquire(y)", "r1 = READ_ONCE(*x)"),
	  "Never" },
	/* a failed cmpxchg is CASAL's read alone, still an acquire: it orders the later load. The
	 * kernel model gives a failed cmpxchg no ordering (Sometimes); arm64's instruction does */
	{ "MP with smp_store_release and a failing cmpxchg",
	  MP("MP+rel+failedcmpxchg", "WRITE_ONCE(*x, 1)", "smp_store_release(y, 1)",
	     "r0 = cmpxchg(y, 5, 6)", "r1 = READ_ONCE(*x)"),
	  "Never" },
	/* the same with cmpxchg_relaxed: CAS, no acquire */
	{ "MP with smp_store_release and a failing cmpxchg_relaxed",
	  MP("MP+rel+failedcmpxchgrlx", "WRITE_ONCE(*x, 1)", "smp_store_release(y, 1)",
	     "r0 = cmpxchg_relaxed(y, 5, 6)", "r1 = READ_ONCE(*x)"),
	  "Sometimes" },
	/* spin_trylock's test of its LDR is a branch: a control dependency to the later store.
	 * P0's LDR reads P1's lock held (r0=0) -ctrl-> Wx1 -rfe-> P1's Rx1 -ctrl-> its lock's
	 * write -rfe-> P0's LDR: a cycle of ctrl;[W] and rfe */
	{ "LB through spin_trylock's test and a conditional spin_lock",
	  "C LB+trylock\n{ spinlock_t l; }\nP0(int *x, spinlock_t *l) { int r0; "
	  "r0 = spin_trylock(l); WRITE_ONCE(*x, 1); }\nP1(int *x, spinlock_t *l) { int r1; "
	  "r1 = READ_ONCE(*x); if (r1) spin_lock(l); }\nexists (0:r0=0 /\\ 1:r1=1)\n",
	  "Never" },
	/* a release-acquire chain with two links that are not reads-from (a coherence link, then a
	 * from-read): the kernel model allows it for non-multi-copy-atomic machines (POWER); Armv8
	 * is multi-copy atomic, so coe is in ob: Wx ->bob (po;[L]) Wy -rfe-> Ry (LDAR) ->bob Wz1
	 * -coe-> Wz2 ->bob (DMB) Rx0 -fre-> Wx */
	{ "Z6.0 with a release-acquire chain and smp_mb",
	  "C Z6.0+rel+acq-rel+mb\n{}\nP0(int *x, int *y) { WRITE_ONCE(*x, 1); "
	  "smp_store_release(y, 1); }\nP1(int *y, int *z) { int r0; r0 = smp_load_acquire(y); "
	  "smp_store_release(z, 1); }\nP2(int *x, int *z) { int r1; WRITE_ONCE(*z, 2); smp_mb(); "
	  "r1 = READ_ONCE(*x); }\nexists (1:r0=1 /\\ z=2 /\\ 2:r1=0)\n",
	  "Never" },
	/* spin_unlock then spin_lock of another thread: STLR, then CASA reading it (rfe), acquire */
	{ "MP through a lock",
	  "C MP+lock\n{ spinlock_t l; }\nP0(int *x, spinlock_t *l) { spin_lock(l); "
	  "WRITE_ONCE(*x, 1); spin_unlock(l); }\nP1(int *x, spinlock_t *l) { int r0; int r1; "
	  "r0 = spin_is_locked(l); spin_lock(l); r1 = READ_ONCE(*x); spin_unlock(l); }\n"
	  "exists (1:r0=0 /\\ 1:r1=0)\n",
	  "Sometimes" },
};

static void test_mapping(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof mapped / sizeof mapped[0]; i++) {
		struct run x;
		load_text(&x, mapped[i].text);
		assert_false(x.r[LM_ARMV8].partial);
		const char *v = lit_verdict(&x.r[LM_ARMV8]);
		if (strcmp(v, mapped[i].armv8))
			fail_msg("%s: Armv8 says %s, expected %s", mapped[i].what, v,
				 mapped[i].armv8);
		assert_includes(&x, LM_SC);
		done(&x);
	}
}

/* A thread whose spin_lock finds the lock held forever does not terminate, as under SC: two
 * threads take one lock and never release it. */
static void test_lock_hang(void **state)
{
	(void)state;
	struct run x;
	load_text(&x, "C Hang\n{ spinlock_t l; }\nP0(int *x, spinlock_t *l) { spin_lock(l); "
		      "WRITE_ONCE(*x, 1); }\nP1(int *x, spinlock_t *l) { spin_lock(l); "
		      "WRITE_ONCE(*x, 2); }\nexists (x=1)\n");
	const struct lit_result *a = &x.r[LM_ARMV8], *s = &x.r[LM_SC];
	assert_int_equal(a->noutcomes, s->noutcomes);
	for (int i = 0; i < s->noutcomes; i++) {
		char *k = lit_outcome_key(x.t, &s->outcomes[i]);
		if (!has_outcome(x.t, a, k))
			fail_msg("SC outcome %s missing under Armv8", k);
		free(k);
	}
	assert_true(has_outcome(x.t, a, "x=1; P1 does not terminate"));
	done(&x);
	/* with an unlock no thread waits forever: a read of the lock held by a write that a later
	 * unlock overwrites is no reason to wait */
	load_text(&x, "C NoHang\n{ spinlock_t l; }\nP0(int *x, spinlock_t *l) { spin_lock(l); "
		      "WRITE_ONCE(*x, 1); spin_unlock(l); }\nP1(int *x, spinlock_t *l) { int r0; "
		      "spin_lock(l); r0 = READ_ONCE(*x); spin_unlock(l); }\nexists (1:r0=1)\n");
	for (int i = 0; i < x.r[LM_ARMV8].noutcomes; i++)
		assert_int_equal(x.r[LM_ARMV8].outcomes[i].hang, 0);
	assert_int_equal(x.r[LM_ARMV8].noutcomes, x.r[LM_SC].noutcomes);
	done(&x);
}

/* Plain message passing (four outcomes on Armv8, 1:r0=1 with 1:r1=0 among them). */
static void load_mp(struct run *x)
{
	load_text(x, MP("MP", "WRITE_ONCE(*x, 1)", "WRITE_ONCE(*y, 1)", "r0 = READ_ONCE(*y)",
			"r1 = READ_ONCE(*x)"));
}

/* The JSON has the third model, in the shape of the other two, with executions as witnesses. */
static void test_json(void **state)
{
	(void)state;
	struct run x;
	load_mp(&x);
	json_t *j = lit_test_json(x.t, "litmus/mp", x.r, LIT_NMODELS);
	json_t *order = json_object_get(j, "order");
	assert_int_equal(json_array_size(order), 3);
	assert_string_equal(json_string_value(json_array_get(order, 2)), "armv8");
	json_t *a = json_object_get(json_object_get(j, "models"), "armv8");
	assert_string_equal(json_string_value(json_object_get(a, "model")), "Armv8");
	assert_string_equal(json_string_value(json_object_get(a, "verdict")), "Sometimes");
	assert_false(json_is_true(json_object_get(a, "partial")));
	json_t *outs = json_object_get(a, "outcomes");
	assert_int_equal(json_array_size(outs), 4);
	int found = 0;
	for (size_t i = 0; i < json_array_size(outs); i++) {
		json_t *o = json_array_get(outs, i);
		if (strcmp(json_string_value(json_object_get(o, "key")), "P1_r0=1 P1_r1=0"))
			continue;
		found = 1;
		assert_true(json_is_true(json_object_get(o, "satisfies")));
		const char *w = json_string_value(json_object_get(o, "witness"));
		assert_non_null(strstr(w, "LDR y=1 from P0:"));
		assert_non_null(strstr(w, "LDR x=0 from init"));
	}
	assert_true(found);
	json_decref(j);
	done(&x);
}

/* A bound reached is a partial result with the bound named, never a verdict: a budget of one
 * candidate execution on a test with four. */
static void test_partial(void **state)
{
	(void)state;
	struct run x;
	load_mp(&x);
	struct lit_result r;
	char err[512];
	assert_int_equal(lit_enumerate(x.p, LM_ARMV8, 0, 1, &r, err, sizeof err), 0);
	assert_true(r.partial);
	assert_non_null(strstr(r.why, "max_checked"));
	json_t *j = lit_result_json(x.t, &r);
	assert_non_null(strstr(json_string_value(json_object_get(j, "why")), "max_checked"));
	json_decref(j);
	lit_result_free(&r);
	done(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_project_tests), cmocka_unit_test(test_issue_shapes),
		cmocka_unit_test(test_mapping),	      cmocka_unit_test(test_lock_hang),
		cmocka_unit_test(test_json),	      cmocka_unit_test(test_partial),
		cmocka_unit_test(test_unsupported),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
