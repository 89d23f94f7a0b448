/*
 * fuzz_litmus.c - libFuzzer harness for the litmus parser and everything downstream of a
 * successful parse: lowering, both enumerations (with a small state budget), the converter
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
	struct lit_result r[2] = { { 0 }, { 0 } };
	int ran = 0;
	if (p)
		for (; ran < 2; ran++)
			if (lit_enumerate(p, (enum lit_model)ran, 0, 2000, &r[ran], err,
					  sizeof err))
				break;
	if (ran == 2) {
		struct lit_convert_info info = {
			"fuzz.litmus",	 "litmus", lit_verdict(&r[0]), lit_verdict(&r[1]), size & 1,
			(size >> 1) & 1, NULL
		};
		struct buf out = { 0 };
		lit_convert(t, &info, &out, err, sizeof err);
		buf_free(&out);
		json_t *j = lit_test_json(t, "litmus/fuzz", r, 2);
		free(json_dumps(j, 0));
		json_decref(j);
	}
	lit_result_free(&r[0]);
	lit_result_free(&r[1]);
	lit_prog_free(p);
	lit_free(t);
	return 0;
}
