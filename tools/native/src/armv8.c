/*
 * armv8.c - one AArch64 cell under the Armv8 model, end to end (see armv8.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "armv8.h"

#include <stdlib.h>
#include <time.h>

#include "a8.h"
#include "util.h"

void armv8_defaults(struct armv8_config *c)
{
	c->model = MM_ARMV8;
	c->max_steps = 20000;
	c->max_paths = 20000;
	c->max_checked = 5000000;
	c->max_searched = 5000000;
	c->executions = 1;
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* INIT crashed: the one outcome, the memory as INIT left it (as the SC explorer has it). */
static json_t *init_crash(const struct a8 *a)
{
	const struct oview *ov = a->cfg->ov;
	json_t *values;
	char *text = outcome_values_from(ov, a8_read, a->cpu, &values);
	char *msg = crash_message(ov, &a->init_crash);
	char *key = outcome_key(ov, text, 0, "init", msg);
	json_t *o = json_pack("{s:s, s:o, s:[], s:{s:s, s:s}, s:b, s:s, s:i}", "key", key, "values",
			      values, "hang", "crash", "thread", "init", "message", msg, "done", 0,
			      "witness", "", "executions", 0);
	free(text), free(msg), free(key);
	return json_pack("[o]", o);
}

static json_t *paths_json(const struct a8 *a)
{
	json_t *p = json_array();
	for (int t = 0; t < a->nthreads; t++)
		json_array_append_new(p, json_integer(a->paths[t].ntraces));
	return p;
}

json_t *armv8_explore(const struct armv8_config *c, char **err, uint64_t *pc)
{
	double t0 = now_ms();
	struct a8 a = { .cfg = c };
	struct mm_stats st = { 0 };
	json_t *outcomes = NULL, *out = NULL;
	int rc = a8_init(&a);
	if (rc == 1)
		outcomes = init_crash(&a);
	else if (rc == 0 && a8_paths(&a) == 0)
		outcomes = a8_outcomes(&a, &st);
	if (!outcomes) {
		*err = a.err ? a.err : xstrdup("the Armv8 exploration failed");
		*pc = a.err_pc;
		a.err = NULL;
		a8_free(&a);
		return NULL;
	}
	int partial = a.partial || st.partial;
	const char *why = a.partial ? a.why : st.why;
	double ms = now_ms() - t0;
	out = json_pack("{s:s, s:s, s:b, s:s?, s:I, s:I, s:I, s:o, s:i, s:f, s:o}", "status", "ok",
			"model", mm_model_name(c->model), "partial", partial, "why",
			partial ? why : NULL, "executions", (json_int_t)st.checked, "allowed",
			(json_int_t)st.allowed, "combinations", (json_int_t)st.combos, "paths",
			paths_json(&a), "rounds", a.rounds, "explore_ms",
			(double)(long)(ms * 100) / 100, "outcomes", outcomes);
	a8_free(&a);
	return out;
}
