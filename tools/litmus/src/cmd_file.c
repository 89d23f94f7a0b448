/*
 * cmd_file.c - litmus-tool's commands on one file: check, run, json, convert (see cmds.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "cond.h"
#include "convert.h"
#include "outjson.h"
#include "files.h"

int options(int argc, char **argv, const char *const *opts, const char **vals)
{
	int i = 0;
	while (i < argc && !strncmp(argv[i], "--", 2)) {
		int k = 0;
		while (opts[k] && strcmp(argv[i] + 2, opts[k]))
			k++;
		if (!opts[k] || i + 1 == argc) {
			fprintf(stderr, "litmus-tool: unknown option or missing value: %s\n",
				argv[i]);
			return -1;
		}
		vals[k] = argv[i + 1];
		i += 2;
	}
	return i;
}

int cmd_check(int argc, char **argv)
{
	if (argc < 1)
		return 2;
	int rc = 0;
	for (int i = 0; i < argc; i++) {
		char err[1024];
		struct lit_test *t;
		enum lit_status s = lit_parse_file(argv[i], &t, err, sizeof err);
		struct lit_prog *p = s == LIT_OK ? lit_lower(t, err, sizeof err) : NULL;
		if (s != LIT_OK || !p) {
			fprintf(stderr, "%s\n", err);
			rc = 1;
		}
		lit_prog_free(p);
		lit_free(t);
	}
	return rc;
}

static void print_result(const struct lit_test *t, const struct lit_result *r)
{
	char key[4096];
	int ax = r->model == LM_ARMV8;
	printf("%s: %s (%s), %llu %s, %llu %s%s%s%s\n", lit_model_title(r->model), lit_verdict(r),
	       lit_quantifier_holds(t, r) ? "condition holds" : "condition fails",
	       (unsigned long long)r->schedules, ax ? "executions" : "schedules",
	       (unsigned long long)r->states, ax ? "candidates" : "states",
	       r->partial ? ", PARTIAL: " : "", r->partial && r->why ? r->why : "",
	       r->partial ? " (not a verdict)" : "");
	for (int k = 0; k < r->noutcomes; k++) {
		const struct lit_outcome *o = &r->outcomes[k];
		lit_outcome_key(t, o, key, sizeof key);
		printf("  %c %-40s %8llu  %s\n", o->satisfies ? '*' : ' ', key,
		       (unsigned long long)o->count, o->witness);
	}
}

int cmd_run(int argc, char **argv)
{
	static const char *const opts[] = { "model", NULL };
	const char *vals[1] = { NULL };
	int i = options(argc, argv, opts, vals);
	if (i < 0 || i + 1 != argc)
		return 2;
	if (vals[0] && strcmp(vals[0], "sc") && strcmp(vals[0], "tso") && strcmp(vals[0], "armv8"))
		return 2;
	char err[1024];
	struct lit_run run;
	unsigned models = 0;
	for (int m = LM_SC; m < LIT_NMODELS; m++)
		models |= (unsigned)(!vals[0] || !strcmp(vals[0], lit_model_name(m))) << m;
	if (lit_run_models(argv[i], 0, models, &run, err, sizeof err) != LIT_OK) {
		fprintf(stderr, "%s\n", err);
		lit_run_free(&run);
		return 1;
	}
	printf("%s %s", run.t->name, lit_quant_name(run.t->quant));
	struct buf c = { 0 };
	lit_cond_herd(run.t, run.t->cond, &c);
	printf(" (%s)%s%s\n", buf_str(&c), run.t->result[0] ? ", LKMM: " : "", run.t->result);
	buf_free(&c);
	for (int m = LM_SC; m < LIT_NMODELS; m++)
		if (models >> m & 1)
			print_result(run.t, &run.r[m]);
	lit_run_free(&run);
	return 0;
}

char *run_json_text(const struct lit_run *run, const char *id)
{
	json_t *j = lit_test_json(run->t, id, run->r, LIT_NMODELS);
	char *s = j ? json_dumps(j, JSON_INDENT(1) | JSON_PRESERVE_ORDER) : NULL;
	json_decref(j);
	return s;
}

int lkmm_agrees(const struct lit_run *run, char *err, size_t errlen)
{
	const struct lit_test *t = run->t;
	int never = !strcmp(t->result, "Never"), always = !strcmp(t->result, "Always");
	for (int m = LM_SC; m < LIT_NMODELS && (never || always); m++) {
		const struct lit_result *r = &run->r[m];
		for (int k = 0; k < r->noutcomes; k++) {
			const struct lit_outcome *o = &r->outcomes[k];
			if (o->hang || o->satisfies != never)
				continue;
			snprintf(err, errlen,
				 "%s:%d: the file says Result: %s, but under %s the condition %s "
				 "(%s %s)",
				 t->file, t->result_line, t->result, lit_model_title(m),
				 never ? "holds" : "fails",
				 m == LM_ARMV8 ? "execution" : "schedule", o->witness);
			return -1;
		}
	}
	return 0;
}

int example_text(const struct lit_run *run, const char *source, const char *page, int goal,
		 int explore_only, struct lit_line_map *lines, struct buf *out, char *err,
		 size_t errlen)
{
	struct lit_convert_info info = { .source = source,
					 .page = page,
					 .sc_verdict = lit_verdict(&run->r[LM_SC]),
					 .tso_verdict = lit_verdict(&run->r[LM_TSO]),
					 .goal = goal,
					 .explore_only = explore_only,
					 .lines = lines };
	if (run->r[LM_SC].partial || run->r[LM_TSO].partial) {
		snprintf(err, errlen, "%s:1: too many states to enumerate exhaustively",
			 run->t->file);
		return -1;
	}
	return lit_convert(run->t, &info, out, err, errlen);
}

int cmd_json(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	char err[1024];
	struct lit_run run;
	int rc = 0;
	if (lit_run_file(argv[0], 0, &run, err, sizeof err) != LIT_OK) {
		fprintf(stderr, "%s\n", err);
		rc = 1;
	} else {
		char *s = run_json_text(&run, argv[1]);
		rc = !s || files_write(argv[2], s, strlen(s)) != 0;
		free(s);
	}
	lit_run_free(&run);
	return rc;
}

int cmd_convert(int argc, char **argv)
{
	static const char *const opts[] = { "page", "source", NULL };
	const char *vals[2] = { "litmus", NULL };
	int i = options(argc, argv, opts, vals);
	if (i < 0 || i + 2 != argc)
		return 2;
	char err[1024];
	struct lit_run run;
	struct buf out = { 0 };
	int rc = 1;
	if (lit_run_file(argv[i], 0, &run, err, sizeof err) == LIT_OK &&
	    example_text(&run, vals[1] ? vals[1] : argv[i], vals[0], 0, 0, NULL, &out, err,
			 sizeof err) == 0)
		rc = files_write(argv[i + 1], buf_str(&out), out.len) != 0;
	else
		fprintf(stderr, "%s\n", err);
	buf_free(&out);
	lit_run_free(&run);
	return rc;
}
