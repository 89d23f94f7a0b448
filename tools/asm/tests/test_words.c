/*
 * test_words.c - cmocka tests of words.c: each atom kind in words (counts, widths, positions, value
 * flows, orders, zero included), and a variant's evidence as one sentence (its clauses once each,
 * then seen / not seen, or the evidence holds / does not hold).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "words.h"

static void said(const char *fn, const char *arg, json_int_t n, const char *want)
{
	json_t *w = atom_words(fn, "t0", "big", arg, n);
	assert_non_null(w);
	assert_string_equal(json_string_value(w), want);
	json_decref(w);
}

static void test_atoms(void **state)
{
	(void)state;
	said("stores", NULL, 2, "t0 writes big twice");
	said("loads", NULL, 1, "t0 reads big once");
	said("loads", NULL, 3, "t0 reads big 3 times");
	said("loads_in_loop", NULL, 0, "t0 never reads big inside a loop");
	said("max_width", NULL, 4, "t0's widest access to big is 4 bytes");
	said("min_width", NULL, 0, "t0 never accesses big");
	said("first_store", NULL, 2, "t0's first write of big is its access number 2");
	said("stale_loads_to", "deref", 1,
	     "1 of t0's reads of big reaches an address it dereferences stale (t0 read it again since)");
	said("stale_loads_to", "deref", 0,
	     "no read of big by t0 reaches an address it dereferences stale");
	said("loads_to", "r1", 2, "2 of t0's reads of big reach the value stored to r1");
	said("stored_before", "data", 1, "t0 writes big before data on every path: yes");
	assert_null(atom_words("no_such_fn", "t0", "big", NULL, 1));
}

static void test_sentence(void **state)
{
	(void)state;
	json_t *preds = json_loads("[{\"atoms\": [{\"text\": \"t0 writes big twice\"},"
				   " {\"text\": \"t0's widest access to big is 4 bytes\"}]},"
				   " {\"atoms\": [{\"text\": \"t0 writes big twice\"}]}]",
				   0, NULL);
	json_t *s = evidence_says(preds, json_true(), 1);
	assert_string_equal(json_string_value(s),
			    "t0 writes big twice; t0's widest access to big is 4 "
			    "bytes: the transformation is seen in this code");
	json_decref(s);
	s = evidence_says(preds, json_false(), 1);
	assert_non_null(
		strstr(json_string_value(s), ": the transformation is not seen in this code"));
	json_decref(s);
	s = evidence_says(preds, NULL, 0);
	assert_non_null(strstr(json_string_value(s), ": the example's evidence does not hold"));
	json_decref(s);
	json_decref(preds);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_atoms),
		cmocka_unit_test(test_sentence),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
