/*
 * fuzz_litmus.c - libFuzzer harness for the litmus parser and everything downstream of a
 * successful parse: lowering, the enumerations under SC, x86-TSO and Armv8 (with a small state
 * budget; Armv8 refuses what it cannot run, armv8.c), the converter
 * and the JSON writer. Built with clang -fsanitize=fuzzer,address,undefined (litmus.mk).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "convert.h"
#include "outjson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	struct lit_test *t;
	if (lit_parse("fuzz.litmus", (const char *)data, size, &t, err, sizeof err) != LIT_OK)
		return 0;
	struct lit_prog *p = lit_lower(t, err, sizeof err);
	struct lit_result r[LIT_NMODELS] = { { 0 } };
	int ran = 0;
	if (p)
		for (; ran < LIT_NMODELS; ran++)
			if (lit_enumerate(p, (enum lit_model)ran, 0, 2000, &r[ran], err,
					  sizeof err))
				break;
	if (ran == LIT_NMODELS) {
		struct lit_convert_info info = {
			"fuzz.litmus",	 "litmus", lit_verdict(&r[0]), lit_verdict(&r[1]), size & 1,
			(size >> 1) & 1, NULL
		};
		struct buf out = { 0 };
		lit_convert(t, &info, &out, err, sizeof err);
		buf_free(&out);
		json_t *j = lit_test_json(t, "litmus/fuzz", r, LIT_NMODELS);
		free(json_dumps(j, 0));
		json_decref(j);
	}
	for (int m = 0; m < LIT_NMODELS; m++)
		lit_result_free(&r[m]);
	lit_prog_free(p);
	lit_free(t);
	return 0;
}
