/*
 * test_deps.c - the trace producer (run.h) on small AArch64 programs assembled with binutils: the
 * events of each path, their values, ordering bits, rmw pairs and dependencies (register,
 * through flags into branches, conditional select, through private memory, the store-exclusive's
 * status), the tree of paths over read values and store-exclusive outcomes, the value rounds and
 * the loop bound.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explore.h"

struct prog {
	struct a64_test *t;
	struct a64_image ai;
	struct a64_explore ex;
};

static struct prog *build(const char *init, const char *code, long bound)
{
	char text[2048];
	snprintf(text, sizeof text, "AArch64 T\n{ %s }\n P0 ;\n%s\nexists (x=0)\n", init, code);
	struct prog *p = calloc(1, sizeof *p);
	char *err = NULL;
	struct a64_bounds b = { bound, 10000 };
	if (a64_read("t.litmus", text, strlen(text), &p->t, &err) != 0 ||
	    a64_image_build(p->t, &p->ai, &err) != 0 || a64_explore(&p->ai, &b, &p->ex, &err) != 0)
		fail_msg("%s", err);
	return p;
}

static void done(struct prog *p)
{
	a64_explore_free(&p->ex);
	a64_image_free(&p->ai);
	a64_test_free(p->t);
	free(p);
}

static const struct mm_trace *path(const struct prog *p, int i)
{
	assert_true(i < p->ex.paths[0].ntraces);
	return &p->ex.paths[0].traces[i];
}

/* deps[0..n) is exactly the list given, ended by -1. */
static void deps(const int *list, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int k = 0;
	for (int v; (v = va_arg(ap, int)) != -1; k++) {
		assert_true(k < n);
		assert_int_equal(list[k], v);
	}
	va_end(ap);
	assert_int_equal(n, k);
}

static void test_addr_syntactic(void **state)
{
	(void)state;
	struct prog *p = build("0:X1=x; 0:X3=y;",
			       " LDR W0,[X1] ;\n EOR W4,W0,W0 ;\n"
			       " LDR W2,[X3,W4,SXTW] ;\n STR W2,[X1] ;",
			       200);
	assert_int_equal(p->ex.paths[0].ntraces, 1); /* nobody writes: x and y read 0 only */
	const struct mm_trace *t = path(p, 0);
	assert_int_equal(t->nev, 3);
	deps(t->ev[1].addr_deps, t->ev[1].naddr, 0, -1);    /* the EOR's zero still depends */
	deps(t->ev[2].data_deps, t->ev[2].ndata, 0, 1, -1); /* W2: read 1, and its address */
	deps(t->ev[2].addr_deps, t->ev[2].naddr, -1);
	assert_int_equal(t->ev[1].line, 6);
	assert_string_equal(t->ev[1].text, "LDR W2,[X3,W4,SXTW]");
	done(p);
}

static void test_paths_and_values(void **state)
{
	(void)state;
	/* x can hold 0 and 1 (the thread writes 1 after reading): its own later write is not a
	 * value for its earlier read, so one path; then two reads of y (nobody writes y) */
	struct prog *p = build("0:X1=x; 0:X3=y;",
			       " LDR W0,[X1] ;\n MOV W2,#1 ;\n STR W2,[X1] ;\n"
			       " LDR W4,[X1] ;",
			       200);
	assert_int_equal(p->ex.paths[0].ntraces, 1);
	assert_int_equal(path(p, 0)->ev[2].value, 1); /* its own earlier write */
	done(p);
}

static void test_ctrl(void **state)
{
	(void)state;
	struct prog *p = build("0:X1=x; 0:X3=y;",
			       " LDR W0,[X1] ;\n CMP W0,#1 ;\n B.NE L0 ;\n"
			       " L0: ;\n ISB ;\n LDR W2,[X3] ;\n DMB ISH ;",
			       200);
	const struct mm_trace *t = path(p, 0);
	assert_int_equal(t->nev, 4);
	assert_int_equal(t->ev[1].kind, MM_F);
	assert_int_equal(t->ev[1].fence, MM_ISB);
	deps(t->ev[1].ctrl_deps, t->ev[1].nctrl, 0, -1); /* through the flags, onto the ISB */
	deps(t->ev[2].ctrl_deps, t->ev[2].nctrl, 0, -1);
	deps(t->ev[3].ctrl_deps, t->ev[3].nctrl, 0, -1); /* every later event */
	done(p);
}

static void test_csel(void **state)
{
	(void)state;
	/* y holds 0 or 1 (P0 writes y=1 first, reads it back: its own earlier write) */
	struct prog *p = build("0:X1=x; 0:X3=y;",
			       " LDR W0,[X1] ;\n EOR W4,W0,W0 ;\n ADD X6,X3,W4,SXTW ;\n"
			       " CMP W0,#0 ;\n CSEL X5,X6,X3,EQ ;\n LDR W2,[X5] ;\n"
			       " CSEL X7,X3,X3,NE ;\n LDR W8,[X7] ;\n CSET W9,EQ ;\n STR W9,[X1] ;",
			       200);
	const struct mm_trace *t = path(p, 0); /* x read 0: EQ holds, X6 selected */
	deps(t->ev[1].addr_deps, t->ev[1].naddr, 0, -1);
	deps(t->ev[2].addr_deps, t->ev[2].naddr, -1); /* flags only: no dependency */
	deps(t->ev[3].data_deps, t->ev[3].ndata, -1); /* CSET: constants selected */
	done(p);
	p = build("0:X1=x; 0:X3=y;",
		  " LDR W0,[X1] ;\n EOR W4,W0,W0 ;\n ADD X6,X3,W4,SXTW ;\n"
		  " CMP W0,#0 ;\n CSEL X5,X6,X3,NE ;\n LDR W2,[X5] ;",
		  200);
	t = path(p, 0); /* NE fails: X3 selected, which no read computed */
	deps(t->ev[1].addr_deps, t->ev[1].naddr, -1);
	done(p);
}

static void test_private_memory(void **state)
{
	(void)state;
	struct prog *p =
		build("0:X1=x; 0:X3=y;",
		      " LDR W0,[X1] ;\n STR W0,[SP,#-16]! ;\n LDR W5,[SP],#16 ;\n"
		      " STR W5,[X3] ;\n LDR W6,[X1] ;\n STR W6,[SP,#-8] ;\n STR W4,[X3] ;\n"
		      " DMB ISHST ;\n STR W4,[X3] ;",
		      200);
	const struct mm_trace *t = path(p, 0);
	assert_int_equal(t->nev, 6);			    /* the stack accesses are not events */
	deps(t->ev[1].data_deps, t->ev[1].ndata, 0, -1);    /* through the spill */
	deps(t->ev[3].ctrl_deps, t->ev[3].nctrl, -1);	    /* before the DMB ISHST: nothing */
	deps(t->ev[5].ctrl_deps, t->ev[5].nctrl, 0, 2, -1); /* both spilled reads, after it */
	done(p);
}

static void test_exclusives(void **state)
{
	(void)state;
	struct prog *p = build("0:X1=x; 0:X3=y;",
			       " LDXR W0,[X1] ;\n ADD W0,W0,#1 ;\n STXR W5,W0,[X1] ;\n"
			       " CBNZ W5,L0 ;\n L0: ;\n LDR W2,[X3] ;",
			       200);
	/* x: 0 or the thread's own 1 (not for the LDXR, which comes first): success, failure */
	assert_int_equal(p->ex.paths[0].ntraces, 2);
	const struct mm_trace *ok = path(p, 0), *fail = path(p, 1);
	assert_int_equal(ok->nev, 3);
	assert_int_equal(ok->ev[0].ord, MM_EXCL);
	assert_int_equal(ok->ev[0].rmw, 1);
	assert_int_equal(ok->ev[1].ord, MM_EXCL);
	deps(ok->ev[1].data_deps, ok->ev[1].ndata, 0, -1);
	deps(ok->ev[2].ctrl_deps, ok->ev[2].nctrl, -1); /* the status carries no dependency */
	assert_int_equal(fail->nev, 2);			/* a failure writes nothing */
	assert_int_equal(fail->ev[0].rmw, -1);
	assert_int_equal(((struct a64_final *)fail->final)->x[5], 1);
	assert_int_equal(((struct a64_final *)ok->final)->x[5], 0);
	done(p);
}

static void test_atomics(void **state)
{
	(void)state;
	struct prog *p = build("0:X1=x;",
			       " MOV W5,#1 ;\n MOV W6,#2 ;\n CAS W5,W6,[X1] ;\n"
			       " LDADDAL W6,W7,[X1] ;\n STADD W7,[X1] ;",
			       200);
	/* CAS 1 -> 2 reads 0 (fails, no write): one path; x is never 1 before it */
	const struct mm_trace *t = path(p, 0);
	assert_int_equal(t->ev[0].kind, MM_R);
	assert_int_equal(t->ev[0].rmw, -1);
	assert_int_equal(t->ev[1].ord, MM_ACQ);
	assert_int_equal(t->ev[1].rmw, 2);
	assert_int_equal(t->ev[2].ord, MM_REL);
	assert_int_equal(t->ev[3].ord, MM_NORET);
	deps(t->ev[4].data_deps, t->ev[4].ndata, 1, -1); /* W7 came from the LDADDAL's read */
	done(p);
}

static void test_loop_bound(void **state)
{
	(void)state;
	struct prog *p = build("0:X1=x;", " MOV W0,#1 ;\n L0: ;\n LDR W2,[X1] ;\n CBZ W2,L0 ;", 30);
	assert_true(p->ex.partial); /* x is only ever 0: the loop never ends */
	assert_string_equal(p->ex.why, "a path longer than the instruction bound (a loop)");
	assert_int_equal(p->ex.paths[0].ntraces, 1);
	assert_true(path(p, 0)->partial);
	done(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_addr_syntactic), cmocka_unit_test(test_paths_and_values),
		cmocka_unit_test(test_ctrl),	       cmocka_unit_test(test_csel),
		cmocka_unit_test(test_private_memory), cmocka_unit_test(test_exclusives),
		cmocka_unit_test(test_atomics),	       cmocka_unit_test(test_loop_bound),
	};
	return cmocka_run_group_tests_name("a64 traces", tests, NULL, NULL);
}
