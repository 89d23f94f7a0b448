/*
 * test_outjson.c - cmocka tests of the rules litmus-tool shares with every explorer: the outcome
 * key (lit_outcome_key) on each case of tests/fixtures/outcome-keys.json a litmus test can have
 * (threads P0.., integer values, no crash), whole however long; and the witnesses of an
 * eight-thread test under SC and x86-TSO, every one a schedule of the shared alphabet
 * (tools/lib/schedule.h: '0'-'7', drains 'a'-'h').
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "enumerate.h"
#include "outjson.h"
#include "prog.h"
#include "tests/fixture.h" /* tools/lib/tests: a shared fixture's cases */

/* A test with the case's threads and its values as shared locations, and the outcome; 0 when
 * a litmus test cannot have this case. */
static int litmus_case(json_t *c, struct lit_test *t, struct lit_outcome *o)
{
	json_t *th = json_object_get(c, "threads"), *vals = json_object_get(c, "values"), *v;
	size_t i;
	if (!json_is_null(json_object_get(c, "crash")) || json_array_size(th) > LIT_MAX_THREADS ||
	    json_array_size(vals) > LIT_MAX_CVARS)
		return 0;
	json_array_foreach(th, i, v) {
		const char *name = json_string_value(v);
		if (name[0] != 'P' || name[1] != (char)('0' + i) || name[2])
			return 0;
	}
	t->nthreads = (int)json_array_size(th);
	json_array_foreach(vals, i, v) {
		const char *name = json_string_value(json_array_get(v, 0));
		const char *text = json_string_value(json_array_get(v, 1));
		char *end;
		errno = 0;
		long n = strtol(text, &end, 10);
		if (*end || errno || n != (int32_t)n || strlen(name) >= LIT_NAME)
			return 0;
		strcpy(t->locs[i].name, name);
		t->cvars[i] = (struct lit_cvar){ .thread = -1, .index = (int)i };
		o->vals[i] = (int32_t)n;
	}
	t->nlocs = t->ncvars = (int)json_array_size(vals);
	json_array_foreach(json_object_get(c, "hang"), i, v)
		o->hang |= 1u << atoi(json_string_value(v) + 1);
	return 1;
}

static void test_key_fixture(void **state)
{
	(void)state;
	json_t *cases = fixture_cases("tests/fixtures/outcome-keys.json"), *c;
	size_t i, n = 0, longest = 0;
	json_array_foreach(cases, i, c) {
		struct lit_test *t = calloc(1, sizeof *t);
		struct lit_outcome o = { 0 };
		if (litmus_case(c, t, &o)) {
			char *k = lit_outcome_key(t, &o);
			const char *want = json_string_value(json_object_get(c, "key"));
			if (strcmp(k, want))
				fail_msg("%s: \"%s\", expected \"%s\"",
					 json_string_value(json_object_get(c, "name")), k, want);
			n++;
			longest = strlen(k) > longest ? strlen(k) : longest;
			free(k);
		}
		free(t);
	}
	assert_true(n >= 4);	     /* the cases without names a litmus test cannot have */
	assert_true(longest > 2000); /* the widest key a litmus test can have is among them */
	json_decref(cases);
}

/* Eight threads, each storing to its own location: every witness is a schedule of 8 threads. */
static void test_witnesses(void **state)
{
	(void)state;
	struct buf text = { 0 };
	buf_puts(&text, "C Eight\n{}\n");
	for (int i = 0; i < 8; i++)
		buf_printf(&text, "P%d(int *x%d)\n{\n\tWRITE_ONCE(*x%d, 1);\n}\n", i, i, i);
	buf_puts(&text, "exists (x0=1 /\\ x7=1)\n");
	char err[512];
	struct lit_test *t;
	struct lit_prog *p;
	if (lit_parse("eight.litmus", text.data, text.len, &t, err, sizeof err) != LIT_OK ||
	    !(p = lit_lower(t, err, sizeof err)))
		fail_msg("%s", err);
	for (int m = LM_SC; m <= LM_TSO; m++) {
		struct lit_result r;
		if (lit_enumerate(p, m, 0, 0, &r, err, sizeof err) != 0)
			fail_msg("%s", err);
		assert_false(r.partial);
		const char *w = r.outcomes[0].witness;
		size_t at;
		if (sched_check(w, 8, m == LM_TSO, &at) != 0)
			fail_msg("witness %s: step %zu is not a step of 8 threads", w, at);
		assert_non_null(strchr(w, '7'));
		if (m == LM_TSO)
			assert_non_null(strchr(w, 'h')); /* the eighth thread's drain */
		lit_result_free(&r);
	}
	lit_prog_free(p);
	lit_free(t);
	buf_free(&text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_fixture),
		cmocka_unit_test(test_witnesses),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
