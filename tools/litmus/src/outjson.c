/*
 * outjson.c - see outjson.h.
 */
#include "outjson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cond.h"
#include "outkey.h"

/* The threads' names, as lit_test_json lists them. */
static const char *const THREAD_NAMES[] = { "P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7" };
_Static_assert(sizeof THREAD_NAMES / sizeof THREAD_NAMES[0] == LIT_MAX_THREADS, "P0..P7");

char *lit_outcome_key(const struct lit_test *t, const struct lit_outcome *o)
{
	struct buf values = { 0 };
	char name[2 * LIT_NAME];
	const char *hung[LIT_MAX_THREADS];
	for (int c = 0; c < t->ncvars; c++) {
		struct buf num = { 0 };
		lit_cvar_name(t, c, name, sizeof name);
		lit_value_text(t, o->vals[c], &num); /* (an address as its location's name) */
		outkey_value(&values, name, buf_str(&num));
		buf_free(&num);
	}
	int nhung = 0;
	for (int i = 0; i < t->nthreads; i++)
		if (o->hang & (1u << i))
			hung[nhung++] = THREAD_NAMES[i];
	char *k = outkey_make(buf_str(&values), hung, nhung, NULL, NULL);
	buf_free(&values);
	return k;
}

static json_t *outcome_json(const struct lit_test *t, const struct lit_outcome *o)
{
	char name[2 * LIT_NAME];
	char *key = lit_outcome_key(t, o);
	json_t *vals = json_object(), *hang = json_array();
	for (int c = 0; c < t->ncvars; c++) {
		lit_cvar_name(t, c, name, sizeof name);
		int l = lit_ptr_loc(t, o->vals[c]); /* an address: its location's name */
		json_object_set_new(vals, name,
				    l >= 0 ? json_string(t->locs[l].name) :
					     json_integer(o->vals[c]));
	}
	for (int i = 0; i < t->nthreads; i++)
		if (o->hang & (1u << i))
			json_array_append_new(hang, json_string(THREAD_NAMES[i]));
	json_t *j = json_pack("{s:s, s:o, s:o, s:n, s:b, s:I, s:s, s:b}", "key", key, "values",
			      vals, "hang", hang, "crash", "done", !o->hang, "count",
			      (json_int_t)o->count, "witness", o->witness, "satisfies",
			      o->satisfies);
	free(key);
	if (j && o->filtered) /* herd's filter rejects it: not judged */
		json_object_set_new(j, "filtered", json_true());
	return j;
}

json_t *lit_result_json(const struct lit_test *t, const struct lit_result *r)
{
	json_t *outs = json_array();
	int reachable = 0;
	for (int k = 0; k < r->noutcomes; k++) {
		json_array_append_new(outs, outcome_json(t, &r->outcomes[k]));
		reachable |= r->outcomes[k].satisfies;
	}
	struct buf p = { 0 }, q = { 0 };
	lit_expect_predicates(t, &p, &q);
	/* a partial search proves what it found, nothing else: unknowns are null */
	json_t *checked = json_object();
	json_object_set_new(checked, buf_str(&p),
			    r->partial && !reachable ? json_null() : json_boolean(reachable));
	buf_free(&p);
	buf_free(&q);
	int holds = lit_quantifier_holds(t, r);
	json_t *j = json_pack("{s:s, s:b, s:I, s:I, s:s, s:o, s:o, s:o}", "model",
			      lit_model_title(r->model), "partial", r->partial, "schedules",
			      (json_int_t)r->schedules, "states", (json_int_t)r->states, "verdict",
			      lit_verdict(r), "holds",
			      holds < 0 ? json_null() : json_boolean(holds), "outcomes", outs,
			      "checked", checked);
	if (j && r->partial && r->why)
		json_object_set_new(j, "why", json_string(r->why));
	if (j && r->unsupported)
		json_object_set_new(j, "unsupported",
				    json_pack("{s:s, s:i}", "why", r->unsupported, "line",
					      r->unsupported_line));
	return j;
}

json_t *lit_test_json(const struct lit_test *t, const char *id, const struct lit_result *r, int n)
{
	char name[2 * LIT_NAME];
	json_t *threads = json_array(), *outcome = json_array(), *order = json_array(),
	       *models = json_object();
	for (int i = 0; i < t->nthreads; i++)
		json_array_append_new(threads, json_string(THREAD_NAMES[i]));
	for (int c = 0; c < t->ncvars; c++) {
		lit_cvar_name(t, c, name, sizeof name);
		json_array_append_new(outcome, json_string(name));
	}
	for (int k = 0; k < n; k++) {
		json_array_append_new(order, json_string(lit_model_name(r[k].model)));
		json_object_set_new(models, lit_model_name(r[k].model), lit_result_json(t, &r[k]));
	}
	struct buf herd = { 0 }, pred = { 0 }, neg = { 0 };
	lit_cond_herd(t, t->cond, &herd);
	lit_expect_predicates(t, &pred, &neg);
	json_t *cond = json_pack("{s:s, s:s, s:s, s:i}", "quantifier", lit_quant_name(t->quant),
				 "herd", buf_str(&herd), "predicate", buf_str(&pred), "line",
				 t->cond_line);
	buf_free(&herd);
	buf_free(&pred);
	buf_free(&neg);
	json_t *lkmm = t->result[0] ? json_pack("{s:s, s:i}", "result", t->result, "line",
						t->result_line) :
				      json_null();
	if (t->result_file) /* from herd's output beside the test */
		json_object_set_new(lkmm, "file", json_string(t->result_file));
	json_t *doc = json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o}", "id", id, "file",
				t->file, "name", t->name, "lkmm", lkmm, "condition", cond,
				"threads", threads, "outcome", outcome, "order", order, "models",
				models);
	if (t->description)
		json_object_set_new(doc, "description", json_string(t->description));
	return doc;
}
