/*
 * test_tso.c - the x86-TSO machine on the code real compilers write: tests/programs/tso.c built
 * by every x86 target of examples/targets.conf at -O2, explored under x86-TSO. The known x86-TSO
 * facts must hold on every one (store buffering's both-zero outcome reachable, with a witness
 * that drains the buffers after both loads, and removed by smp_mb() and by xchg; message passing
 * and load buffering relaxed outcomes unreachable; a thread reads its own buffered store, or a
 * later one, never the memory under it), and
 * each broken machine (no store buffer, no forwarding, barriers that do not drain) must break
 * the fact that catches it. SB's both-zero witness, replayed into a trace, shows the stores entering
 * the buffers with memory unchanged and the drains writing it.
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

static char names[16][64], arches[16][16];
static int ntargets;

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
	int x86 = 0;
	for (int i = 0; i < ntargets; i++) {
		if (strcmp(arches[i], "x86_64") && strcmp(arches[i], "i386"))
			continue;
		x86++;
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
	assert_true(x86 >= 2); /* x86-64 and i386 */
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
		if (strcmp(arches[i], "x86_64") && strcmp(arches[i], "i386"))
			continue;
		char *obj = test_obj("tso", names[i]);
		json_t *r = test_run_tso(obj, arches[i], "sb0,sb1", "r0 r1", TSO_EXACT);
		if (test_outcome(r, "r0=0 r1=0"))
			fail_msg("%s: SB reaches both zero under SC", names[i]);
		json_decref(r);
		free(obj);
	}
}

/* SB's both-zero witness replayed: both stores enter the buffers (memory unchanged), both loads
 * read 0, then the drains (D) write memory. */
static void test_witness_trace(void **state)
{
	(void)state;
	int x = 0;
	while (x < ntargets && strcmp(arches[x], "x86_64"))
		x++;
	assert_true(x < ntargets);
	char *obj = test_obj("tso", names[x]);
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
	ntargets = test_targets(names, arches, 16);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_facts),
		cmocka_unit_test(test_sc_differs),
		cmocka_unit_test(test_witness_trace),
		cmocka_unit_test(test_broken_machines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
