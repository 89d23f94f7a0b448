/*
 * fuzz_asm.c - libFuzzer harness over asm-tool's readers of text a student controls: a lab
 * submission's metadata block and code markers (meta_parse, which also parses every predicate),
 * the predicate grammar alone in both vocabularies (pred_parse), and the readelf/objdump listing
 * reader (dis_parse, whose input is the disassembly of the student's code) for every
 * architecture. The input is all three at once: the same bytes go to each reader.
 *
 * Needs examples/targets.conf (the matrix) in the working directory, as make runs it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "example.h"
#include "dis.h"

static struct conf conf;
static char dir[64] = "/tmp/fuzz-asm-XXXXXX";
static char path[128];

static void cleanup(void)
{
	unlink(path);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	char err[512];
	if (conf_load(&conf, "examples/targets.conf", err, sizeof err) != 0 || !mkdtemp(dir)) {
		fprintf(stderr, "fuzz_asm: %s\n", err);
		exit(2);
	}
	snprintf(path, sizeof path, "%s/lab.c", dir);
	atexit(cleanup);
	return 0;
}

static void fuzz_meta(const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	fclose(f);
	static const char *const none[] = { "none" };
	struct meta_opts o = { dir, none, 1 };
	char err[1024];
	json_t *m = meta_parse(path, "lab/fuzz", &conf, &o, err, sizeof err);
	json_decref(m);
}

static void fuzz_pred(const char *text)
{
	static const char *const threads[] = { "t0", "t1" }, *const vars[] = { "x", "r1" },
				 *const observed[] = { "r1" };
	struct pred_names n = { threads, 2, vars, 2, 1, 1, observed, 1 };
	char err[512];
	json_decref(pred_parse(text, PRED_OUTCOME, &n, err, sizeof err));
	json_decref(pred_parse(text, PRED_EVIDENCE, &n, err, sizeof err));
}

static void fuzz_dis(const char *text)
{
	static const char *const arches[] = { "x86_64", "i386", "aarch64", "riscv64" };
	for (size_t i = 0; i < sizeof arches / sizeof *arches; i++) {
		struct dis d;
		memset(&d, 0, sizeof d);
		char err[512];
		dis_parse(&d, arch_from_name(arches[i]), text, "fuzz", "lab.c", err, sizeof err);
		dis_free(&d);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size);
	fuzz_meta(data, size);
	fuzz_pred(text);
	fuzz_dis(text);
	free(text);
	return 0;
}
