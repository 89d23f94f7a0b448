/*
 * test_armv8.c - the Armv8 exploration of AArch64 cells (armv8.h) on the code real compilers
 * write: tests/programs/armv8.c built by every AArch64 target of examples/targets.conf at -O2
 * and at -O0 (every value through a stack slot: dependencies through memory). The Armv8 facts
 * must hold on every one: message passing's relaxed outcome reachable with marked accesses
 * alone, unreachable with smp_wmb()/smp_rmb(), with release/acquire, with smp_wmb() and an
 * address dependency; load buffering with a data and a control dependency unreachable; store
 * buffering reachable with smp_rmb() (it orders no store), not with smp_mb(); IRIW with acquire
 * readers unreachable (multi-copy atomicity). Each broken model of tools/model, and a producer
 * that drops the dependencies, must break a fact that catches it. Every SC outcome is an Armv8
 * outcome; a witness is an execution whose reads take the values the outcome needs; a retry
 * loop's failed tries are cut at once (live registers only, a8live.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "testutil.h"

static char names[16][64], arches[16][16];
static int ntargets;

struct fact {
	const char *name, *threads, *outcome;
	const char *key; /* an outcome of `outcome` */
	int reachable;
};

static const struct fact facts[] = {
	{ "MP: r0=1 r1=0 reachable", "mp0,mp1", "r0 r1", "r0=1 r1=0", 1 },
	{ "MP+wmb+rmb: r0=1 r1=0 unreachable", "mpwmb0,mprmb1", "r0 r1", "r0=1 r1=0", 0 },
	{ "MP+rel+acq: r0=1 r1=0 unreachable", "mprel0,mpacq1", "r0 r1", "r0=1 r1=0", 0 },
	{ "MP+wmb+addr: r0=1 r1=0 unreachable", "mpptr0,mpaddr1", "r0 r1", "r0=1 r1=0", 0 },
	{ "LB+data+ctrl: r0=1 r1=1 unreachable", "lbdata0,lbctrl1", "r0 r1", "r0=1 r1=1", 0 },
	{ "SB+rmbs: r0=0 r1=0 reachable", "sbrmb0,sbrmb1", "r0 r1", "r0=0 r1=0", 1 },
	{ "SB+mbs: r0=0 r1=0 unreachable", "sbmb0,sbmb1", "r0 r1", "r0=0 r1=0", 0 },
	{ "IRIW+acqs: r0=1 r1=0 r2=1 r3=0 unreachable", "iw0,iw1,ir2,ir3", "r0 r1 r2 r3",
	  "r0=1 r1=0 r2=1 r3=0", 0 },
};
#define NFACTS ((int)(sizeof facts / sizeof facts[0]))

static const char *const levels[] = { "armv8", "armv8-O0" }; /* the objects' folders */

/* The fact on one cell: 1 holds, 0 fails, -1 the cell was not explored (why says so). */
static int check(const struct fact *f, const char *obj, const char *arch, int model, int drop,
		 char *why, size_t n)
{
	json_t *cell = test_run_armv8(obj, arch, f->threads, f->outcome, model, drop);
	json_t *a8 = json_object_get(cell, "armv8");
	int rc;
	if (!a8 || strcmp(json_string_value(json_object_get(a8, "status")), "ok") ||
	    json_is_true(json_object_get(a8, "partial"))) {
		snprintf(why, n, "not explored: %s", json_dumps(a8 ? a8 : cell, 0));
		rc = -1;
	} else {
		rc = (test_outcome(a8, f->key) != NULL) == f->reachable;
		char *k = test_keys(a8);
		snprintf(why, n, "%s", k);
		free(k);
	}
	json_decref(cell);
	return rc;
}

static void test_facts(void **state)
{
	(void)state;
	char why[4096];
	int cells = 0;
	for (int i = 0; i < ntargets; i++)
		for (int l = 0; l < 2; l++) {
			char *obj = test_obj(levels[l], names[i]);
			for (int f = 0; f < NFACTS; f++) {
				int rc = check(&facts[f], obj, arches[i], MM_ARMV8, 0, why,
					       sizeof why);
				if (rc != 1)
					fail_msg("%s (%s): %s: outcomes %s", names[i], levels[l],
						 facts[f].name, why);
				cells++;
			}
			free(obj);
		}
	assert_true(cells >= 4 * 2 * NFACTS);
}

/* Every broken model, and the producer that drops dependencies, breaks some fact on every
 * target's -O2 and -O0 code. */
static void test_broken(void **state)
{
	(void)state;
	static const struct {
		int model, drop;
		const char *what;
	} broken[] = {
		{ MM_ARMV8_BROKEN_NODEPS, 0, "dependencies order nothing" },
		{ MM_ARMV8_BROKEN_LDST, 0, "DMB ISHLD orders stores" },
		{ MM_ARMV8_BROKEN_NOMCA, 0, "not multi-copy atomic" },
		{ MM_ARMV8, 1, "a producer that drops the dependencies" },
	};
	char why[4096];
	for (size_t b = 0; b < sizeof broken / sizeof broken[0]; b++)
		for (int i = 0; i < ntargets; i++)
			for (int l = 0; l < 2; l++) {
				char *obj = test_obj(levels[l], names[i]);
				int caught = 0;
				for (int f = 0; f < NFACTS && !caught; f++)
					caught = check(&facts[f], obj, arches[i], broken[b].model,
						       broken[b].drop, why, sizeof why) == 0;
				free(obj);
				if (!caught)
					fail_msg("%s (%s): %s: every fact still holds", names[i],
						 levels[l], broken[b].what);
			}
}

/* Every SC outcome is an Armv8 outcome, and each Armv8 witness's reads give the outcome's
 * values: MP's relaxed witness reads y=1 from mp0's store and x=0 from the initial value. */
static void test_witness(void **state)
{
	(void)state;
	for (int i = 0; i < ntargets; i++) {
		char *obj = test_obj("armv8", names[i]);
		json_t *cell = test_run_armv8(obj, arches[i], "mp0,mp1", "r0 r1", MM_ARMV8, 0);
		json_t *a8 = json_object_get(cell, "armv8"), *o;
		size_t k;
		json_array_foreach(json_object_get(cell, "outcomes"), k, o)
			assert_non_null(
				test_outcome(a8, json_string_value(json_object_get(o, "key"))));
		json_t *hit = test_outcome(a8, "r0=1 r1=0");
		assert_non_null(hit);
		const char *w = json_string_value(json_object_get(hit, "witness"));
		assert_non_null(strstr(w, "R y=1 from mp0:"));
		assert_non_null(strstr(w, "R x=0 from init"));
		json_t *ex = json_object_get(hit, "execution");
		assert_int_equal(json_array_size(json_object_get(ex, "threads")), 2);
		assert_int_equal(json_array_size(json_object_get(ex, "rf")), 2);
		assert_int_equal(json_array_size(json_object_get(ex, "fr")),
				 1); /* x=0 before x=1 */
		json_decref(cell);
		free(obj);
	}
}

/* A retry loop whose failed tries leave 26 different register states at -O2: the loop cut
 * compares the live registers only (a8live.h), so each try that fails is a cycle at once and the
 * reader has one path per value of its first try (27), not one per sequence of failed tries. */
static void test_retry_loop(void **state)
{
	(void)state;
	for (int i = 0; i < ntargets; i++) {
		char *obj = test_obj("armv8", names[i]);
		json_t *cell = test_run_armv8(obj, arches[i], "wr3,retry3", "r0", MM_ARMV8, 0);
		json_t *a8 = json_object_get(cell, "armv8");
		char *k = test_keys(a8 ? a8 : cell);
		if (!a8 || json_is_true(json_object_get(a8, "partial")) ||
		    !test_outcome(a8, "r0=6"))
			fail_msg("%s: the retry loop: %s (%s)", names[i], k,
				 json_string_value(json_object_get(a8, "why")));
		json_int_t paths =
			json_integer_value(json_array_get(json_object_get(a8, "paths"), 1));
		if (paths > 64)
			fail_msg("%s: the retry loop has %lld paths", names[i], (long long)paths);
		free(k);
		json_decref(cell);
		free(obj);
	}
}

int main(void)
{
	ntargets = test_targets(names, arches, 16);
	int k = 0;
	for (int i = 0; i < ntargets; i++) {
		if (strcmp(arches[i], "aarch64"))
			continue;
		memmove(names[k], names[i], sizeof names[k]);
		memmove(arches[k], arches[i], sizeof arches[k]);
		k++;
	}
	ntargets = k;
	if (ntargets < 4) {
		fprintf(stderr,
			"test_armv8: expected the four AArch64 targets in NATIVE_TARGETS\n");
		return 1;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_facts),
		cmocka_unit_test(test_broken),
		cmocka_unit_test(test_witness),
		cmocka_unit_test(test_retry_loop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
