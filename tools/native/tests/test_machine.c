/*
 * test_machine.c - the scheduling model on each architecture, with hand-written assembly
 * (tests/programs/<arch>.S: the same functions on each): a non-locked increment loses an
 * update, a locked one never does; a two-halves store is seen half-written exactly between
 * its halves (between two instructions, or inside one stp); spinning, hanging, crashing, and
 * the instructions the explorer refuses.
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

static const char *arches[] = { "x86_64", "i386", "aarch64", "riscv64" };
#define NARCH 4

/* Explores threads on arch and checks the sorted outcome keys. */
static json_t *expect(const char *arch, const char *threads, const char *outcome, const char *want,
		      long bound)
{
	char *obj = test_obj("asm", arch);
	json_t *r = test_run(obj, arch, threads, outcome, bound);
	char *keys = test_keys(r);
	if (strcmp(keys, want))
		fail_msg("%s: %s: outcomes\n   %s\nexpected\n   %s", arch, threads, keys, want);
	free(keys);
	free(obj);
	return r;
}

static void test_lost_update(void **state)
{
	(void)state;
	for (int a = 0; a < NARCH; a++)
		json_decref(expect(arches[a], "inc_plain,inc_plain", "counter",
				   "counter=1 | counter=2", 0));
}

/* Every step of the outcome's witness is one atomic read-modify-write ("U", a read and a write). */
static void all_atomic(const char *arch, const char *fn, json_t *cell)
{
	size_t i;
	json_t *st;
	json_t *o = json_array_get(json_object_get(cell, "outcomes"), 0);
	json_array_foreach(json_object_get(json_object_get(o, "trace"), "steps"), i, st) {
		json_t *acc = json_object_get(st, "accesses");
		const char *k0 = json_string_value(json_object_get(json_array_get(acc, 0), "kind"));
		const char *k1 = json_string_value(
			json_object_get(json_array_get(acc, json_array_size(acc) - 1), "kind"));
		if (strcmp(json_string_value(json_object_get(st, "kind")), "U") ||
		    strcmp(k0, "R") || strcmp(k1, "W"))
			fail_msg("%s: %s: step %zu is not one read-modify-write", arch, fn, i);
	}
}

static void test_locked_never_loses(void **state)
{
	(void)state;
	static const char *fns[] = { "inc_locked", "inc_xadd", "inc_cas" };
	for (int a = 0; a < NARCH; a++)
		for (int f = 0; f < 3; f++) {
			char threads[64];
			snprintf(threads, sizeof threads, "%s,%s", fns[f], fns[f]);
			json_t *r = expect(arches[a], threads, "counter", "counter=2", 0);
			if (f < 2) /* lock/LSE/AMO, and a load-exclusive with its store-exclusive */
				all_atomic(arches[a], fns[f], r);
			json_decref(r);
			snprintf(threads, sizeof threads, "%s,%s,%s", fns[f], fns[f], fns[f]);
			json_decref(expect(arches[a], threads, "counter", "counter=3", 0));
		}
}

static void test_locked_against_plain(void **state)
{
	(void)state; /* atomicity is per instruction: the plain increment still loses against it */
	for (int a = 0; a < NARCH; a++)
		json_decref(expect(arches[a], "inc_locked,inc_plain", "counter",
				   "counter=1 | counter=2", 0));
}

/* The steps of a witness: thread, accessed variable, fn+addr, part. */
static void steps_of(json_t *o, char *out, size_t len)
{
	size_t i;
	json_t *st;
	out[0] = '\0';
	json_array_foreach(json_object_get(json_object_get(o, "trace"), "steps"), i, st) {
		json_t *acc = json_array_get(json_object_get(st, "accesses"), 0);
		char one[128];
		snprintf(one, sizeof one, "%s%d:%s@%s+%s/%d", i ? " " : "",
			 (int)json_integer_value(json_object_get(st, "t")),
			 json_string_value(json_object_get(acc, "var")),
			 json_string_value(json_object_get(acc, "fn")),
			 json_string_value(json_object_get(acc, "addr")),
			 (int)json_integer_value(json_object_get(st, "part")));
		strncat(out, one, len - strlen(out) - 1);
	}
}

static void test_halves_torn_where_split(void **state)
{
	(void)state;
	for (int a = 0; a < NARCH; a++) {
		json_t *r = expect(arches[a], "store_halves,load_whole", "r1", "r1=0 | r1=1", 0);
		json_t *torn = test_outcome(r, "r1=1");
		json_t *steps = json_object_get(json_object_get(torn, "trace"), "steps");
		assert_int_equal(json_array_size(steps), 3);
		json_t *w0 = json_array_get(steps, 0), *rd = json_array_get(steps, 1),
		       *w1 = json_array_get(steps, 2);
		json_t *a0 = json_array_get(json_object_get(w0, "accesses"), 0);
		json_t *a1 = json_array_get(json_object_get(w1, "accesses"), 0);
		char desc[512];
		steps_of(torn, desc, sizeof desc);
		/* writer, reader, writer: the read falls between the two halves */
		if (json_integer_value(json_object_get(w0, "t")) != 0 ||
		    json_integer_value(json_object_get(rd, "t")) != 1 ||
		    json_integer_value(json_object_get(w1, "t")) != 0)
			fail_msg("%s: torn witness %s", arches[a], desc);
		assert_string_equal(json_string_value(json_object_get(a0, "var")), "big");
		assert_string_equal(json_string_value(json_object_get(a1, "var")), "big+4");
		int same = !strcmp(json_string_value(json_object_get(a0, "addr")),
				   json_string_value(json_object_get(a1, "addr")));
		if (!strcmp(arches[a],
			    "aarch64")) { /* inside one stp: part 0 and part 1 of one instruction */
			if (!same || json_integer_value(json_object_get(w0, "parts")) != 2 ||
			    json_integer_value(json_object_get(w1, "part")) != 1)
				fail_msg("%s: the stp is not split in two parts: %s", arches[a],
					 desc);
		} else if (same || json_object_get(w0, "parts")) { /* between two instructions */
			fail_msg("%s: the two stores should be two instructions: %s", arches[a],
				 desc);
		}
		json_decref(r);
	}
}

static void test_whole_never_torn(void **state)
{
	(void)state;
	for (int a = 0; a < NARCH; a++)
		json_decref(expect(arches[a], "store_whole,load_whole", "r1", "r1=0", 0));
}

static void test_load_halves_torn(void **state)
{
	(void)state; /* two loads, or one ldp read as two accesses: a reader sees one half new */
	for (int a = 0; a < NARCH; a++) {
		json_t *r = expect(arches[a], "store_whole,load_halves", "r1", "r1=0 | r1=1", 0);
		char desc[512];
		steps_of(test_outcome(r, "r1=1"), desc, sizeof desc);
		if (!strcmp(arches[a], "aarch64") && !strstr(desc, "/1"))
			fail_msg("%s: the ldp is not split: %s", arches[a], desc);
		json_decref(r);
	}
}

static void test_polling(void **state)
{
	(void)state;
	for (int a = 0; a < NARCH; a++) {
		/* polling in the loop: woken by the store, never a hang */
		json_decref(expect(arches[a], "wait_flag,set_flag", "r1 flag", "r1=1 flag=1", 0));
		/* nobody sets the flag: the poller is blocked forever, as in the WebAssembly explorer */
		json_decref(expect(arches[a], "wait_flag,inc_plain", "r1 counter",
				   "r1=0 counter=1; wait_flag does not terminate", 0));
		/* the hoisted load: a private spin after an early look */
		json_decref(expect(arches[a], "wait_hoisted,set_flag", "r1 flag",
				   "r1=0 flag=1; wait_hoisted does not terminate | r1=1 flag=1",
				   0));
		/* private state that never repeats: stopped by the instruction bound */
		json_decref(expect(arches[a], "count_forever,set_flag", "flag",
				   "flag=1; count_forever does not terminate", 100000));
	}
}

static void test_crashes(void **state)
{
	(void)state;
	for (int a = 0; a < NARCH; a++) {
		json_decref(expect(
			arches[a], "null_store,inc_plain", "counter",
			"counter=0; crash in null_store: NULL pointer dereference (address 0) | "
			"counter=1; crash in null_store: NULL pointer dereference (address 0)",
			0));
		json_decref(expect(arches[a], "trap,set_flag", "flag",
				   "flag=0; crash in trap: trap: unreachable | flag=1", 0));
	}
}

static void test_refused(void **state)
{
	(void)state;
	for (int a = 0; a < NARCH; a++) {
		int x86 = !strcmp(arches[a], "x86_64") || !strcmp(arches[a], "i386");
		char *obj = test_obj("asm", arches[a]);
		json_t *r = test_run(obj, arches[a], "copy_rep,set_flag", "flag", 0);
		const char *err = json_string_value(json_object_get(r, "error"));
		if (x86 &&
		    (!err || !strstr(err, "repeated string operation") || !strstr(err, "copy_rep")))
			fail_msg("%s: rep movs: %s", arches[a], err ? err : "not refused");
		if (!x86 && err)
			fail_msg("%s: a plain copy refused: %s", arches[a], err);
		json_decref(r);
		r = test_run(obj, arches[a], "store_vector,set_flag", "flag", 0);
		err = json_string_value(json_object_get(r, "error"));
		int wide = strcmp(arches[a], "riscv64") !=
			   0; /* riscv64gc: an 8-byte fsd, accepted */
		if (wide && (!err || !strstr(err, "cannot be split safely") ||
			     strncmp(err, "tools/native/tests/programs/test.c:", 35)))
			fail_msg("%s: 16-byte vector store: %s", arches[a],
				 err ? err : "not refused");
		if (!wide && err)
			fail_msg("%s: an 8-byte FP store refused: %s", arches[a], err);
		json_decref(r);
		free(obj);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lost_update),
		cmocka_unit_test(test_locked_never_loses),
		cmocka_unit_test(test_locked_against_plain),
		cmocka_unit_test(test_halves_torn_where_split),
		cmocka_unit_test(test_whole_never_torn),
		cmocka_unit_test(test_load_halves_torn),
		cmocka_unit_test(test_polling),
		cmocka_unit_test(test_crashes),
		cmocka_unit_test(test_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
