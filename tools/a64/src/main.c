/*
 * main.c - a64-tool: herd7's AArch64 litmus tests on the real machine code, under the Armv8
 * memory model (tools/a64/README.md).
 *
 *   a64-tool read FILE...                         parse only: file:line errors
 *   a64-tool traces [--bound N] FILE              each thread's paths as the checker gets them
 *   a64-tool run [--model M] [--bound N] FILE     outcomes, verdict, the file's expectation
 *   a64-tool check [--model M] [--must-disagree] FILE...   one line per test
 *
 * Exit status: 0 (run, check: every verdict is the file's expectation; with --must-disagree, at
 * least one is not), 1 bad input or a tool that cannot run, 2 a verdict that disagrees (or, with
 * --must-disagree, none does), 3 a partial result (no verdict).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "report.h"
#include "show.h"
#include "x86.h"

struct opts {
	const char *model; /* NULL: armv8 for AArch64 tests, x86-tso for X86 tests */
	struct a64_bounds bounds;
	int must_disagree;
	int first; /* argv index of the first file */
};

static int usage(void)
{
	fprintf(stderr,
		"usage: a64-tool read FILE...\n"
		"       a64-tool traces [--bound N] FILE\n"
		"       a64-tool run [--model M] [--bound N] FILE\n"
		"       a64-tool check [--model M] [--bound N] [--must-disagree] FILE...\n"
		"models: sc armv8 armv8-broken-nodeps armv8-broken-ldst armv8-broken-nomca\n");
	return 1;
}

static int options(int argc, char **argv, struct opts *o)
{
	*o = (struct opts){ NULL, { 200, 100000 }, 0, 2 };
	for (; o->first < argc && !strncmp(argv[o->first], "--", 2); o->first++) {
		const char *a = argv[o->first],
			   *v = o->first + 1 < argc ? argv[o->first + 1] : NULL;
		if (!strcmp(a, "--must-disagree")) {
			o->must_disagree = 1;
			continue;
		}
		if (!v)
			return -1;
		enum mm_model_id id;
		if (!strcmp(a, "--model") && (mm_model_parse(v, &id) == 0 || !strcmp(v, "x86-tso")))
			o->model = v, o->first++;
		else if (!strcmp(a, "--bound") && atol(v) > 0)
			o->bounds.max_steps = atol(v), o->first++;
		else
			return -1;
	}
	return o->first < argc ? 0 : -1;
}

static struct a64_test *load(const char *path, char **err)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		*err = xasprintf("%s:1: cannot read the file", path);
		return NULL;
	}
	struct a64_test *t;
	a64_read(path, text, len, &t, err);
	free(text);
	return t;
}

/* Reads, assembles and explores one file; prints its error and returns 1 on failure. */
static int prepare(const char *path, const struct opts *o, struct a64_test **t,
		   struct a64_image *ai, struct a64_explore *ex)
{
	char *err = NULL;
	*t = load(path, &err);
	if (*t && (*t)->isa == A64_ISA_X86)
		err = xasprintf(
			"%s:1: traces are for AArch64 tests (an X86 test runs on the native "
			"explorer)",
			path);
	else if (*t && a64_image_build(*t, ai, &err) == 0) {
		if (a64_explore(ai, &o->bounds, ex, &err) == 0)
			return 0;
		a64_image_free(ai);
	}
	fprintf(stderr, "%s\n", err);
	free(err);
	a64_test_free(*t);
	*t = NULL;
	return 1;
}

/* The model an AArch64 test runs under; -1 (with a message) when o names an X86 one. */
static int aarch64_model(const struct opts *o, const char *path, enum mm_model_id *m)
{
	if (!o->model) {
		*m = MM_ARMV8;
		return 0;
	}
	if (mm_model_parse(o->model, m) == 0)
		return 0;
	fprintf(stderr, "%s:1: --model %s is for X86 tests\n", path, o->model);
	return -1;
}

/* An AArch64 test: assembled, explored, judged by the checker. */
static int judge_aarch64(struct a64_test *t, const char *path, const struct opts *o,
			 struct a64_result *r, const char **model)
{
	struct a64_image ai;
	struct a64_explore ex;
	enum mm_model_id m;
	char *err = NULL;
	if (aarch64_model(o, path, &m) != 0)
		return -1;
	*model = mm_model_name(m);
	int rc = -1;
	if (a64_image_build(t, &ai, &err) == 0) {
		if (a64_explore(&ai, &o->bounds, &ex, &err) == 0) {
			rc = a64_verdict(&ai, &ex, m, r, &err);
			a64_explore_free(&ex);
		}
		a64_image_free(&ai);
	}
	if (rc != 0) {
		fprintf(stderr, "%s\n", err);
		free(err);
	}
	return rc;
}

/* An X86 test: on the native explorer's x86-TSO machine (or SC). */
static int judge_x86(struct a64_test *t, const char *path, const struct opts *o,
		     struct a64_result *r, const char **model)
{
	char *err = NULL;
	int sc = o->model && !strcmp(o->model, "sc");
	if (o->model && !sc && strcmp(o->model, "x86-tso") != 0) {
		fprintf(stderr, "%s:1: an X86 test runs under x86-tso or sc, not %s\n", path,
			o->model);
		return -1;
	}
	*model = sc ? "sc" : "x86-tso";
	if (a64_x86_run(t, sc, r, &err) == 0)
		return 0;
	fprintf(stderr, "%s\n", err);
	free(err);
	return -1;
}

/* One file through its model: 0 agrees, 1 error, 2 disagrees, 3 partial. */
static int judge(const char *path, const struct opts *o, int full)
{
	char *err = NULL;
	struct a64_test *t = load(path, &err);
	struct a64_result r;
	const char *model = "";
	if (!t) {
		fprintf(stderr, "%s\n", err);
		free(err);
		return 1;
	}
	int rc = t->isa == A64_ISA_X86 ? judge_x86(t, path, o, &r, &model) :
					 judge_aarch64(t, path, o, &r, &model);
	if (rc == 0) {
		if (full)
			a64_report(stdout, t, model, &r);
		else
			a64_report_line(stdout, t, model, &r);
		enum a64_agree a = a64_agreement(t, &r);
		rc = a == A64_AGREES ? 0 : a == A64_DISAGREES ? 2 : 3;
		a64_result_free(&r);
	} else {
		rc = 1;
	}
	a64_test_free(t);
	return rc;
}

static int cmd_check(int argc, char **argv, const struct opts *o)
{
	int errors = 0, disagree = 0, partial = 0;
	for (int i = o->first; i < argc; i++) {
		int rc = judge(argv[i], o, 0);
		errors += rc == 1, disagree += rc == 2, partial += rc == 3;
	}
	printf("%d test%s under %s: %d disagree%s, %d partial, %d error%s\n", argc - o->first,
	       argc - o->first == 1 ? "" : "s", o->model ? o->model : "their models", disagree,
	       disagree == 1 ? "s" : "", partial, errors, errors == 1 ? "" : "s");
	if (errors)
		return 1;
	if (o->must_disagree)
		return disagree ? 0 : 2;
	return disagree ? 2 : partial ? 3 : 0;
}

static int cmd_read(int argc, char **argv)
{
	int rc = 0;
	for (int i = 2; i < argc; i++) {
		char *err = NULL;
		struct a64_test *t = load(argv[i], &err);
		if (!t) {
			fprintf(stderr, "%s\n", err);
			free(err);
			rc = 1;
		}
		a64_test_free(t);
	}
	return rc;
}

static int cmd_traces(const char *path, const struct opts *o)
{
	struct a64_test *t;
	struct a64_image ai;
	struct a64_explore ex;
	if (prepare(path, o, &t, &ai, &ex) != 0)
		return 1;
	a64_show_traces(stdout, &ai, &ex);
	a64_explore_free(&ex);
	a64_image_free(&ai);
	a64_test_free(t);
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o;
	if (argc < 3)
		return usage();
	if (!strcmp(argv[1], "read"))
		return cmd_read(argc, argv);
	if (options(argc, argv, &o) != 0)
		return usage();
	if (!strcmp(argv[1], "traces") && o.first == argc - 1)
		return cmd_traces(argv[o.first], &o);
	if (!strcmp(argv[1], "run") && o.first == argc - 1)
		return judge(argv[o.first], &o, 1);
	if (!strcmp(argv[1], "check"))
		return cmd_check(argc, argv, &o);
	return usage();
}
