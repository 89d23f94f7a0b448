/*
 * fuzz_verdict.c - libFuzzer harness: recognising rlimit hits in arbitrary tool output (the
 * output of a step is shaped by the submission).
 */
#include <stdint.h>
#include <stdlib.h>

#include "buf.h"
#include "verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	verdict_backstop(text, size ? data[0] % 40 : 0);
	free(text);
	return 0;
}
