/*
 * cmd_pred.c - `asm-tool pred outcome|evidence NAMES EXPR...`: predicate texts to trees, with the
 * example format's one parser (tools/example/pred.c), for programs that hold a predicate outside an
 * example file (tools/litmus's conditions, tests). NAMES is a JSON object of the names a predicate may
 * use: {"threads": [...], "vars": [...], "observed": [...], "init": bool, "check": bool} (vars: the
 * outcome names, or the shared variables of evidence; missing keys are empty or false). Prints the
 * trees as one JSON array, in order; a bad predicate is "pred: EXPR: message (column N)" on stderr,
 * exit 1, nothing on stdout.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "example.h"
#include "util.h"

/* The strings of names[key] into a new array (the caller frees it; the strings stay names'); NULL
 * with a message when names[key] is there and not an array of strings. */
static const char **strings(const json_t *names, const char *key, int *n)
{
	const json_t *a = json_object_get(names, key);
	size_t len = json_is_array(a) ? json_array_size(a) : 0;
	const char **out = xcalloc(len + 1, sizeof *out);
	*n = (int)len;
	if (a && !json_is_array(a))
		goto bad;
	for (size_t i = 0; i < len; i++)
		if (!(out[i] = json_string_value(json_array_get(a, i))))
			goto bad;
	return out;
bad:
	fprintf(stderr, "pred: NAMES: '%s' is not an array of strings\n", key);
	free(out);
	return NULL;
}

static int usage(void)
{
	fprintf(stderr, "usage: asm-tool pred outcome|evidence NAMES.json-text EXPR...\n");
	return 2;
}

int cmd_pred(int argc, char **argv)
{
	if (argc < 2 || (strcmp(argv[0], "outcome") && strcmp(argv[0], "evidence")))
		return usage();
	enum pred_lang lang = !strcmp(argv[0], "outcome") ? PRED_OUTCOME : PRED_EVIDENCE;
	json_error_t e;
	json_t *names = json_loads(argv[1], 0, &e);
	if (!json_is_object(names)) {
		fprintf(stderr, "pred: NAMES: not a JSON object (%s)\n", names ? "" : e.text);
		json_decref(names);
		return 2;
	}
	struct pred_names pn = { 0 };
	const char **th = strings(names, "threads", &pn.nthreads);
	const char **vars = strings(names, "vars", &pn.nvars);
	const char **ob = strings(names, "observed", &pn.nobserved);
	pn.threads = th, pn.vars = vars, pn.observed = ob;
	pn.has_init = json_is_true(json_object_get(names, "init"));
	pn.has_check = json_is_true(json_object_get(names, "check"));
	json_t *trees = json_array();
	int ok = th && vars && ob;
	for (int i = 2; ok && i < argc; i++) {
		char err[512];
		json_t *t = pred_parse(argv[i], lang, &pn, err, sizeof err);
		if (!t)
			fprintf(stderr, "pred: %s: %s\n", argv[i], err);
		ok = t != NULL;
		json_array_append_new(trees, t);
	}
	if (ok) {
		char *s = json_dumps(trees, JSON_COMPACT | JSON_PRESERVE_ORDER);
		puts(s);
		free(s);
	}
	json_decref(trees);
	free(th), free(vars), free(ob);
	json_decref(names);
	return ok ? 0 : 1;
}
