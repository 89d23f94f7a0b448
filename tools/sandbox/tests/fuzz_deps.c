/*
 * fuzz_deps.c - libFuzzer harness: the dependency-list reader and its check (scan_deps) on
 * arbitrary text (the list names files a submission made the preprocessor read).
 */
#include <stdint.h>
#include <stdlib.h>

#include "buf.h"
#include "scan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *allow[] = { "lab.c", "inc/course.h" };
	char *text = xstrndup((const char *)data, size);
	struct scan_opts o = { .source = "lab.c",
			       .allow = allow,
			       .nallow = 2,
			       .source_text = text,
			       .reported = text };
	struct buf out = { 0 };
	scan_deps(text, &o, &out);
	buf_free(&out);
	free(text);
	return 0;
}
