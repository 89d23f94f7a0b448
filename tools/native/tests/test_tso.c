/*
 * test_tso.c - the x86-TSO machine on the code real compilers write: tests/programs/tso.c built
 * by every x86 target of examples/targets.conf at -O2, explored under x86-TSO. The known x86-TSO
 * facts must hold on every one (store buffering's both-zero outcome reachable, with a witness
 * that drains the buffers after both loads, and removed by smp_mb() and by xchg; message passing
 * and load buffering relaxed outcomes unreachable; a thread reads its own buffered store, or a
 * later one, never the memory under it), and
 * each broken machine (no store buffer, no forwarding, barriers that do not drain) must break
 * the fact that catches it. SB's both-zero witness, replayed into a trace, shows the stores entering
 * the buffers with memory unchanged and the drains writing it; the buffers each step of a trace
 * shows are the ones a FIFO model of the steps gives, and a thread at mfence with stores in its
 * buffer is marked as waiting.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The x86 targets of examples/targets.conf (x86-TSO is explored on x86 only), from main. */
static char names[16][64], arches[16][16];
static int ntargets;

/* Keeps the x86-64 and i386 targets of the n read; returns how many. */
static int x86_only(int n)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (strcmp(arches[i], "x86_64") && strcmp(arches[i], "i386"))
			continue;
		memmove(names[k], names[i], sizeof names[k]);
		memmove(arches[k], arches[i], sizeof arches[k]);
		k++;
	}
	return k;
}

struct fact {
	const char *name, *threads;
	const char *key; /* an outcome of "r0 r1"; NULL: no outcome may have r0=0 */
	int reachable;	 /* 0 unreachable, 1 reachable, 2 the only outcome */
};

static const struct fact facts[] = {
	{ "SB: both zero reachable", "sb0,sb1", "r0=0 r1=0", 1 },
	{ "SB+smp_mb: both zero unreachable", "sbmb0,sbmb1", "r0=0 r1=0", 0 },
	{ "SB+xchg: both zero unreachable", "sbxchg0,sbxchg1", "r0=0 r1=0", 0 },
	{ "MP: r0=1 r1=0 unreachable", "mp0,mp1", "r0=1 r1=0", 0 },
	{ "LB: r0=1 r1=1 unreachable", "lb0,lb1", "r0=1 r1=1", 0 },
	{ "forwarding: t0 never reads x=0 after its own store", "fwd0,fwd1", NULL, 0 },
	{ "forwarding byte by byte: narrow in wide, wide in narrow", "bytes0", "r0=1 r1=2", 2 },
};

/* 1 if the fact holds on this x86-TSO result; why gets the outcomes otherwise. */
static int holds(const struct fact *f, json_t *tso, char *why, size_t n)
{
	json_t *outs = json_object_get(tso, "outcomes"), *o;
	size_t i;
	int ok;
	if (!f->key) {
		ok = json_array_size(outs) > 0;
		json_array_foreach(outs, i, o)
			ok &= json_integer_value(
				      json_object_get(json_object_get(o, "values"), "r0")) != 0;
	} else {
		json_t *hit = test_outcome(tso, f->key);
		ok = (hit != NULL) == (f->reachable != 0) &&
		     (f->reachable != 2 || json_array_size(outs) == 1);
		/* the witness of a relaxed outcome drains a buffer after both loads */
		if (ok && hit && f->reachable) {
			const char *w = json_string_value(json_object_get(hit, "witness"));
			ok = w && strpbrk(w, "ab") != NULL;
		}
	}
	if (!ok) {
		char *keys = test_keys(tso);
		snprintf(why, n, "%s", keys);
		free(keys);
	}
	return ok;
}

/* The first fact that fails on an x86 target under mutant (its name and where in msg), or
 * NULL when all hold on every one. */
static const char *first_failure(enum tso_mutant mutant, char *msg, size_t n)
{
	for (int i = 0; i < ntargets; i++) {
		char *obj = test_obj("tso", names[i]);
		for (size_t k = 0; k < sizeof facts / sizeof facts[0]; k++) {
			json_t *r = test_run_tso(obj, arches[i], facts[k].threads, "r0 r1", mutant);
			json_t *tso = json_object_get(r, "tso");
			char why[512] = "";
			int ok = tso &&
				 !strcmp(json_string_value(json_object_get(tso, "status")), "ok") &&
				 holds(&facts[k], tso, why, sizeof why);
			json_decref(r);
			if (!ok) {
				snprintf(msg, n, "%s: %s: outcomes %s", names[i], facts[k].name,
					 why);
				free(obj);
				return facts[k].name;
			}
		}
		free(obj);
	}
	return NULL;
}

static void test_facts(void **state)
{
	(void)state;
	char msg[1024];
	const char *failed = first_failure(TSO_EXACT, msg, sizeof msg);
	if (failed)
		fail_msg("x86-TSO: %s", msg);
}

/* Under sequential consistency (the same cells' SC outcomes) SB's both-zero is unreachable: the
 * x86-TSO result is the store buffers' doing. */
static void test_sc_differs(void **state)
{
	(void)state;
	for (int i = 0; i < ntargets; i++) {
		char *obj = test_obj("tso", names[i]);
		json_t *r = test_run_tso(obj, arches[i], "sb0,sb1", "r0 r1", TSO_EXACT);
		if (test_outcome(r, "r0=0 r1=0"))
			fail_msg("%s: SB reaches both zero under SC", names[i]);
		json_decref(r);
		free(obj);
	}
}

/* A FIFO model of the buffers, kept from the steps alone: a 'W' step appends its stores to its
 * thread's buffer, a 'D' step removes the oldest, which must be the store it writes. */
struct fifo {
	char var[4][8][32];
	long long val[4][8];
	int n[4];
};

static void fifo_step(struct fifo *f, json_t *st)
{
	int t = (int)json_integer_value(json_object_get(st, "t"));
	const char *kind = json_string_value(json_object_get(st, "kind"));
	json_t *acc = json_object_get(st, "accesses"), *a;
	size_t i;
	if (!strcmp(kind, "D")) {
		a = json_array_get(acc, 0);
		assert_true(f->n[t] > 0);
		assert_string_equal(f->var[t][0], json_string_value(json_object_get(a, "var")));
		assert_int_equal(f->val[t][0], json_integer_value(json_object_get(a, "value")));
		memmove(f->var[t][0], f->var[t][1], sizeof f->var[t][0] * 7);
		memmove(&f->val[t][0], &f->val[t][1], sizeof f->val[t][0] * 7);
		f->n[t]--;
		return;
	}
	if (strcmp(kind, "W"))
		return;
	json_array_foreach(acc, i, a) {
		assert_true(f->n[t] < 8);
		snprintf(f->var[t][f->n[t]], 32, "%s",
			 json_string_value(json_object_get(a, "var")));
		f->val[t][f->n[t]++] = json_integer_value(json_object_get(a, "value"));
	}
}

/* The trace's buffers (json: one array per thread) are the model's. */
static void fifo_check(const struct fifo *f, json_t *buffers, int nthreads)
{
	assert_int_equal(json_array_size(buffers), nthreads);
	for (int t = 0; t < nthreads; t++) {
		json_t *b = json_array_get(buffers, (size_t)t);
		assert_int_equal(json_array_size(b), f->n[t]);
		for (int i = 0; i < f->n[t]; i++) {
			json_t *a = json_array_get(b, (size_t)i);
			assert_string_equal(json_string_value(json_object_get(a, "var")),
					    f->var[t][i]);
			assert_int_equal(json_integer_value(json_object_get(a, "value")),
					 f->val[t][i]);
		}
	}
}

/* Every outcome's trace of a result under x86-TSO against the FIFO model; returns how many
 * steps ended with a thread waiting at a barrier for its buffer. */
static int check_buffers(json_t *tso)
{
	json_t *o;
	size_t k;
	int waits = 0;
	json_array_foreach(json_object_get(tso, "outcomes"), k, o) {
		json_t *tr = json_object_get(o, "trace"), *st;
		struct fifo f = { 0 };
		size_t i;
		fifo_check(&f, json_object_get(tr, "buffers"), 2);
		json_array_foreach(json_object_get(tr, "steps"), i, st) {
			fifo_step(&f, st);
			fifo_check(&f, json_object_get(st, "buffers"), 2);
			waits +=
				json_is_true(json_object_get(json_object_get(st, "next"), "waits"));
		}
		assert_int_equal(f.n[0] + f.n[1], 0); /* a run ends with empty buffers */
	}
	return waits;
}

static void test_trace_buffers(void **state)
{
	(void)state;
	for (int i = 0; i < ntargets; i++) {
		char *obj = test_obj("tso", names[i]);
		json_t *r = test_run_tso(obj, arches[i], "sb0,sb1", "r0 r1", TSO_EXACT);
		assert_non_null(json_object_get(r, "tso"));
		assert_int_equal(check_buffers(json_object_get(r, "tso")), 0); /* no barrier */
		json_decref(r);
		r = test_run_tso(obj, arches[i], "sbmb0,sbmb1", "r0 r1", TSO_EXACT);
		if (check_buffers(json_object_get(r, "tso")) == 0)
			fail_msg("%s: no step of SB+smp_mb waits at the barrier", names[i]);
		json_decref(r);
		free(obj);
	}
}

/* The x86-64 target's object of tests/programs/tso.c (malloc'd), its index in names and arches
 * in *x; fails the test when no target is x86-64. */
static char *x86_64_obj(int *x)
{
	int i = 0;
	while (i < ntargets && strcmp(arches[i], "x86_64"))
		i++;
	assert_true(i < ntargets);
	*x = i;
	return test_obj("tso", names[i]);
}

/* SB's both-zero witness replayed: both stores enter the buffers (memory unchanged), both loads
 * read 0, then the drains (D) write memory. */
static void test_witness_trace(void **state)
{
	(void)state;
	int x;
	char *obj = x86_64_obj(&x);
	json_t *r = test_run_tso(obj, arches[x], "sb0,sb1", "r0 r1", TSO_EXACT);
	json_t *o = test_outcome(json_object_get(r, "tso"), "r0=0 r1=0");
	assert_non_null(o);
	json_t *steps = json_object_get(json_object_get(o, "trace"), "steps"), *st;
	const char *w = json_string_value(json_object_get(o, "witness"));
	assert_int_equal(json_array_size(steps), strlen(w));
	size_t i;
	int drains = 0;
	json_array_foreach(steps, i, st) {
		const char *kind = json_string_value(json_object_get(st, "kind"));
		json_t *mem = json_object_get(st, "mem");
		if (w[i] >= 'a') { /* a drain: its write reaches memory */
			assert_string_equal(kind, "D");
			const char *var = json_string_value(json_object_get(
				json_array_get(json_object_get(st, "accesses"), 0), "var"));
			assert_int_equal(json_integer_value(json_object_get(mem, var)), 1);
			drains++;
		} else if (!strcmp(kind, "W")) { /* into the buffer: memory still 0 */
			assert_int_equal(json_integer_value(json_object_get(mem, "x")), 0);
			assert_int_equal(json_integer_value(json_object_get(mem, "y")), 0);
		}
	}
	assert_int_equal(drains, 2);
	json_decref(r);
	free(obj);
}

/* The widest program: eight threads (the limit of every explorer), each storing x. Under SC and
 * x86-TSO every witness is a schedule of eight threads in the shared alphabet (the eighth
 * thread's drain is 'h'), and each replays (cell_run traces every witness). */
static void test_eight_threads(void **state)
{
	(void)state;
	int x;
	char *obj = x86_64_obj(&x);
	json_t *r = test_run_tso(obj, arches[x],
				 "store_x,store_x,store_x,store_x,store_x,store_x,store_x,store_x",
				 "x", TSO_EXACT);
	const char *model[] = { "sc", "tso" };
	for (int tso = 0; tso < 2; tso++) {
		json_t *cell = tso ? json_object_get(r, "tso") : r;
		char *keys = test_keys(cell);
		if (strcmp(keys, "x=1"))
			fail_msg("%s: %s", model[tso], keys);
		free(keys);
		const char *w =
			json_string_value(json_object_get(test_outcome(cell, "x=1"), "witness"));
		size_t at;
		if (!w || sched_check(w, 8, tso, &at) != 0 || !strchr(w, '7') ||
		    (tso && !strchr(w, 'h')))
			fail_msg("%s: witness %s", model[tso], w ? w : "(none)");
		assert_non_null(json_object_get(test_outcome(cell, "x=1"), "trace"));
	}
	json_decref(r);
	free(obj);
}

static void expect_caught(enum tso_mutant mutant, const char *fact)
{
	char msg[1024];
	const char *failed = first_failure(mutant, msg, sizeof msg);
	if (!failed || strcmp(failed, fact))
		fail_msg("a broken machine (mutant %d) must fail \"%s\"; it failed %s", mutant,
			 fact, failed ? failed : "nothing");
	print_message("broken machine %d fails as it must: %s\n", mutant, msg);
}

static void test_broken_machines(void **state)
{
	(void)state;
	expect_caught(TSO_NO_BUFFER, facts[0].name);
	expect_caught(TSO_FENCE_NO_DRAIN, facts[1].name);
	expect_caught(TSO_NO_FORWARD, facts[5].name);
}

int main(void)
{
	ntargets = x86_only(test_targets(names, arches, 16));
	if (ntargets < 2) { /* x86-64 and i386 at least */
		fprintf(stderr, "test_tso: %d x86 targets in examples/targets.conf\n", ntargets);
		return 1;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_facts),		cmocka_unit_test(test_sc_differs),
		cmocka_unit_test(test_witness_trace),	cmocka_unit_test(test_trace_buffers),
		cmocka_unit_test(test_broken_machines), cmocka_unit_test(test_eight_threads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
