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

struct opts {
	enum mm_model_id model;
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
	*o = (struct opts){ MM_ARMV8, { 200, 100000 }, 0, 2 };
	for (; o->first < argc && !strncmp(argv[o->first], "--", 2); o->first++) {
		const char *a = argv[o->first],
			   *v = o->first + 1 < argc ? argv[o->first + 1] : NULL;
		if (!strcmp(a, "--must-disagree")) {
			o->must_disagree = 1;
			continue;
		}
		if (!v)
			return -1;
		if (!strcmp(a, "--model") && mm_model_parse(v, &o->model) == 0)
			o->first++;
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
	if (*t && a64_image_build(*t, ai, &err) == 0) {
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

/* One file through the model: 0 agrees, 1 error, 2 disagrees, 3 partial. */
static int judge(const char *path, const struct opts *o, int full)
{
	struct a64_test *t;
	struct a64_image ai;
	struct a64_explore ex;
	struct a64_result r;
	char *err = NULL;
	if (prepare(path, o, &t, &ai, &ex) != 0)
		return 1;
	int rc = 1;
	if (a64_verdict(&ai, &ex, o->model, &r, &err) != 0) {
		fprintf(stderr, "%s\n", err);
		free(err);
	} else {
		if (full)
			a64_report(stdout, t, o->model, &r);
		else
			a64_report_line(stdout, t, o->model, &r);
		enum a64_agree a = a64_agreement(t, &r);
		rc = a == A64_AGREES ? 0 : a == A64_DISAGREES ? 2 : 3;
		a64_result_free(&r);
	}
	a64_explore_free(&ex);
	a64_image_free(&ai);
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
	       argc - o->first == 1 ? "" : "s", mm_model_name(o->model), disagree,
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
