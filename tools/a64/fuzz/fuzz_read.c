/*
 * fuzz_read.c - libFuzzer harness for the AArch64 litmus reader (test.h): any text either reads
 * or is refused with one "file:line: message"; a test read evaluates its filter and condition
 * on a made-up final state. Built with clang -fsanitize=fuzzer,address,undefined (a64.mk).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

static uint64_t reg(void *ctx, int thread, int r)
{
	(void)ctx;
	return (uint64_t)(thread * 31 + r);
}

static uint64_t loc(void *ctx, int i)
{
	(void)ctx;
	return (uint64_t)i;
}

static uint64_t addr(void *ctx, int i)
{
	(void)ctx;
	return 0x1000u + 8u * (uint64_t)i;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct a64_test *t;
	char *err;
	if (a64_read("fuzz.litmus", (const char *)data, size, &t, &err) != 0) {
		if (!err || strncmp(err, "fuzz.litmus:", 12) != 0)
			abort(); /* every refusal is file:line: message */
		free(err);
		return 0;
	}
	struct a64_state_fns s = { reg, loc, addr, NULL };
	a64_cond_eval(t->cond, &s);
	if (t->filter)
		a64_cond_eval(t->filter, &s);
	for (int i = 0; i < t->nobs; i++)
		if (t->obs[i].thread >= t->nthreads || t->obs[i].reg > 30)
			abort(); /* the reader names only registers the test has */
	a64_test_free(t);
	return 0;
}
