/*
 * outjson.c - see outjson.h.
 */
#include "outjson.h"

#include <stdio.h>
#include <string.h>

#include "cond.h"
#include "buf.h"

void lit_outcome_key(const struct lit_test *t, const struct lit_outcome *o, char *buf, size_t n)
{
	struct buf b = { 0 };
	char name[2 * LIT_NAME];
	for (int c = 0; c < t->ncvars; c++) {
		lit_cvar_name(t, c, name, sizeof name);
		buf_printf(&b, "%s%s=%d", c ? " " : "", name, (int)o->vals[c]);
	}
	int first = 1;
	for (int i = 0; i < t->nthreads; i++)
		if (o->hang & (1u << i)) {
			buf_printf(&b, "%sP%d does not terminate",
				   first ? (b.len ? "; " : "") : ", ", i);
			first = 0;
		}
	snprintf(buf, n, "%s", buf_str(&b));
	buf_free(&b);
}

static json_t *outcome_json(const struct lit_test *t, const struct lit_outcome *o)
{
	char key[4096], name[2 * LIT_NAME];
	lit_outcome_key(t, o, key, sizeof key);
	json_t *vals = json_object(), *hang = json_array();
	for (int c = 0; c < t->ncvars; c++) {
		lit_cvar_name(t, c, name, sizeof name);
		json_object_set_new(vals, name, json_integer(o->vals[c]));
	}
	for (int i = 0; i < t->nthreads; i++)
		if (o->hang & (1u << i)) {
			snprintf(name, sizeof name, "P%d", i);
			json_array_append_new(hang, json_string(name));
		}
	return json_pack("{s:s, s:o, s:o, s:n, s:b, s:I, s:s, s:b}", "key", key, "values", vals,
			 "hang", hang, "crash", "done", !o->hang, "count", (json_int_t)o->count,
			 "witness", o->witness, "satisfies", o->satisfies);
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
	json_t *checked = json_object();
	json_object_set_new(checked, buf_str(&p), json_boolean(reachable));
	buf_free(&p);
	buf_free(&q);
	json_t *j = json_pack("{s:s, s:b, s:I, s:I, s:s, s:b, s:o, s:o}", "model",
			      lit_model_title(r->model), "partial", r->partial, "schedules",
			      (json_int_t)r->schedules, "states", (json_int_t)r->states, "verdict",
			      lit_verdict(r), "holds", lit_quantifier_holds(t, r), "outcomes", outs,
			      "checked", checked);
	if (j && r->partial && r->why)
		json_object_set_new(j, "why", json_string(r->why));
	return j;
}

json_t *lit_test_json(const struct lit_test *t, const char *id, const struct lit_result *r, int n)
{
	char name[2 * LIT_NAME];
	json_t *threads = json_array(), *outcome = json_array(), *order = json_array(),
	       *models = json_object();
	for (int i = 0; i < t->nthreads; i++) {
		snprintf(name, sizeof name, "P%d", i);
		json_array_append_new(threads, json_string(name));
	}
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
	return json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o}", "id", id, "file", t->file,
			 "name", t->name, "lkmm", lkmm, "condition", cond, "threads", threads,
			 "outcome", outcome, "order", order, "models", models);
}
