/*
 * cmd_file.c - litmus-tool's commands on one file: check, run, json, convert (see cmds.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"
#include "buf.h"
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

int max_states_option(const char *value, uint64_t *out)
{
	*out = 0;
	if (!value)
		return 0;
	char *end;
	errno = 0;
	unsigned long long n = strtoull(value, &end, 10);
	if (!isdigit((unsigned char)value[0]) || *end || errno || n == 0 ||
	    n > LIT_MAX_STATES_LIMIT) {
		fprintf(stderr,
			"litmus-tool: --max-states takes a whole number from 1 to %llu, not '%s'\n",
			LIT_MAX_STATES_LIMIT, value);
		return -1;
	}
	*out = n;
	return 0;
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

/* The first line of a model's result: its verdict, or why it has none. */
static void print_verdict(const struct lit_test *t, const struct lit_result *r)
{
	const char *model = lit_model_title(r->model);
	if (r->unsupported)
		printf("%s: not supported, no verdict: %s:%d: %s\n", model, t->file,
		       r->unsupported_line, r->unsupported);
	else if (r->partial && r->model != LM_ARMV8)
		printf("%s: partial, no verdict: the search stopped at its budget of %llu states "
		       "(--max-states); the outcomes found so far, with lower bounds of their "
		       "schedules:\n",
		       model, (unsigned long long)r->states);
	else if (r->partial)
		printf("%s: partial, no verdict (%s; %llu candidate executions checked, "
		       "--max-states bounds them); the outcomes found so far:\n",
		       model, r->why ? r->why : "a bound", (unsigned long long)r->states);
	else if (r->model == LM_ARMV8)
		printf("%s: %s (%s), %llu executions, %llu candidates\n", model, lit_verdict(r),
		       lit_quantifier_holds(t, r) ? "condition holds" : "condition fails",
		       (unsigned long long)r->schedules, (unsigned long long)r->states);
	else
		printf("%s: %s (%s), %llu schedules, %llu states (%.0f bytes each)\n", model,
		       lit_verdict(r),
		       lit_quantifier_holds(t, r) ? "condition holds" : "condition fails",
		       (unsigned long long)r->schedules, (unsigned long long)r->states,
		       r->states ? (double)r->bytes / (double)r->states : 0.0);
}

static void print_result(const struct lit_test *t, const struct lit_result *r)
{
	print_verdict(t, r);
	for (int k = 0; k < r->noutcomes; k++) {
		const struct lit_outcome *o = &r->outcomes[k];
		char *key = lit_outcome_key(t, o);
		printf("  %c %-40s %8llu  %s\n",
		       o->satisfies ? '*' :
		       o->filtered  ? '-' :
				      ' ',
		       key, (unsigned long long)o->count, o->witness);
		free(key);
	}
}

int cmd_run(int argc, char **argv)
{
	static const char *const opts[] = { "model", "max-states", NULL };
	const char *vals[2] = { NULL, NULL };
	uint64_t max_states;
	int i = options(argc, argv, opts, vals);
	if (i < 0 || i + 1 != argc || max_states_option(vals[1], &max_states) < 0)
		return 2;
	if (vals[0] && strcmp(vals[0], "sc") && strcmp(vals[0], "tso") && strcmp(vals[0], "armv8"))
		return 2;
	char err[1024];
	struct lit_run run;
	unsigned models = 0;
	for (int m = LM_SC; m < LIT_NMODELS; m++)
		models |= (unsigned)(!vals[0] || !strcmp(vals[0], lit_model_name(m))) << m;
	if (lit_run_models(argv[i], max_states, models, &run, err, sizeof err) != LIT_OK) {
		fprintf(stderr, "%s\n", err);
		lit_run_free(&run);
		return 1;
	}
	printf("%s %s", run.t->name, lit_quant_name(run.t->quant));
	struct buf c = { 0 };
	lit_cond_herd(run.t, run.t->cond, &c);
	printf(" (%s)%s%s\n", buf_str(&c), run.t->result[0] ? ", LKMM: " : "", run.t->result);
	buf_free(&c);
	int rc = 0;
	for (int m = LM_SC; m < LIT_NMODELS; m++)
		if (models >> m & 1)
			print_result(run.t, &run.r[m]);
	for (int m = LM_SC; m < LIT_NMODELS; m++)
		if (vals[0] && (models >> m & 1) && run.r[m].unsupported) { /* the one asked for */
			fprintf(stderr, "%s:%d: not supported under %s: %s\n", run.t->file,
				run.r[m].unsupported_line, lit_model_title(m),
				run.r[m].unsupported);
			rc = 1;
		}
	lit_run_free(&run);
	return rc;
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
	/* an outcome a partial search found is reachable: it can contradict, never confirm */
	for (int m = LM_SC; m < LIT_NMODELS && (never || always); m++) {
		const struct lit_result *r = &run->r[m];
		for (int k = 0; k < r->noutcomes; k++) {
			const struct lit_outcome *o = &r->outcomes[k];
			if (o->hang || o->satisfies != never)
				continue;
			fmt_msg(err, errlen, "%s:%d: %s %s, but under %s the condition %s (%s %s)",
				t->result_file ? t->result_file : t->file, t->result_line,
				t->result_file ? "herd's Observation is" : "the file says Result:",
				t->result, lit_model_title(m), never ? "holds" : "fails",
				m == LM_ARMV8 ? "execution" : "schedule", o->witness);
			return -1;
		}
	}
	int unchecked = 0;
	for (int m = LM_SC; m < LIT_NMODELS; m++)
		unchecked |= run->r[m].partial || run->r[m].unsupported;
	return unchecked;
}

void partial_message(const struct lit_run *run, char *err, size_t errlen)
{
	int m = run->r[LM_SC].partial ? LM_SC : LM_TSO;
	fmt_msg(err, errlen,
		"%s:1: partial: the reference's search under %s stopped at its budget of %llu "
		"states (--max-states), so it has no verdict",
		run->t->file, lit_model_title(m), (unsigned long long)run->r[m].states);
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
		partial_message(run, err, errlen);
		return -1;
	}
	return lit_convert(run->t, &info, out, err, errlen);
}

int cmd_json(int argc, char **argv)
{
	static const char *const opts[] = { "max-states", NULL };
	const char *vals[1] = { NULL };
	uint64_t max_states;
	int i = options(argc, argv, opts, vals);
	if (i < 0 || i + 3 != argc || max_states_option(vals[0], &max_states) < 0)
		return 2;
	char err[1024];
	struct lit_run run;
	int rc = 0;
	if (lit_run_file(argv[i], max_states, &run, err, sizeof err) != LIT_OK) {
		fprintf(stderr, "%s\n", err);
		rc = 1;
	} else {
		char *s = run_json_text(&run, argv[i + 1]);
		rc = !s || files_write(argv[i + 2], s, strlen(s)) != 0;
		free(s);
	}
	lit_run_free(&run);
	return rc;
}

int cmd_convert(int argc, char **argv)
{
	static const char *const opts[] = { "page", "source", "max-states", NULL };
	const char *vals[3] = { "litmus", NULL, NULL };
	uint64_t max_states;
	int i = options(argc, argv, opts, vals);
	if (i < 0 || i + 2 != argc || max_states_option(vals[2], &max_states) < 0)
		return 2;
	char err[1024];
	struct lit_run run;
	struct buf out = { 0 };
	int rc = 1;
	if (lit_run_file(argv[i], max_states, &run, err, sizeof err) == LIT_OK &&
	    example_text(&run, vals[1] ? vals[1] : argv[i], vals[0], 0, 0, NULL, &out, err,
			 sizeof err) == 0)
		rc = files_write(argv[i + 1], buf_str(&out), out.len) != 0;
	else
		fprintf(stderr, "%s\n", err);
	buf_free(&out);
	lit_run_free(&run);
	return rc;
}
