/*
 * fuzz_scan.c - libFuzzer harness: the lexer and every check of scan.h on arbitrary preprocessed
 * text (a preprocessor's output is derived from the untrusted submission).
 */
#include <stdint.h>
#include <stdlib.h>

#include "buf.h"
#include "scan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *allow[] = { "lab.c", "inc/course.h" };
	char *text = xstrndup((const char *)data, size);
	struct scan_opts o = { .source = "lab.c", .allow = allow, .nallow = 2, .source_text = text };
	struct buf out = { 0 };
	scan_preprocessed(text, size, &o, &out);
	buf_free(&out);
	free(text);
	return 0;
}
