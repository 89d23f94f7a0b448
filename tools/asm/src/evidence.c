/*
 * evidence.c - access counts and function JSON (see evidence.h).
 */
#include "evidence.h"

#include "buf.h"
#include "classify.h"
#include "flow.h"
#include "symbolize.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int belongs(const char *func, const char *thread)
{
	size_t l = strlen(thread);
	return strncmp(func, thread, l) == 0 && (func[l] == '\0' || func[l] == '.');
}

int thread_present(const struct dis *d, const char *thread)
{
	for (int f = 0; f < d->nfuncs; f++)
		if (belongs(d->funcs[f].name, thread))
			return 1;
	return 0;
}

/* Count fn's accesses to var, and those of the local functions it calls (a call inside a loop
 * puts the callee's accesses inside that loop). */
static void count_func(const struct dis *d, int fi, const char *var, int in_loop, int depth,
		       struct counts *c, int *pos)
{
	const struct func *fn = &d->funcs[fi];
	for (int i = 0; i < fn->n; i++) {
		const struct insn *in = &fn->insns[i];
		int loop = in_loop || in->in_loop;
		if (in->callee >= 0 && depth < 4)
			count_func(d, in->callee, var, loop, depth + 1, c, pos);
		for (int a = 0; a < in->nacc; a++) {
			const struct access *x = &in->acc[a];
			++*pos;
			if (strcmp(d->syms[x->var].name, var) != 0)
				continue;
			int ld = x->kind == ACC_LOAD || x->kind == ACC_RMW;
			int st = x->kind == ACC_STORE || x->kind == ACC_RMW;
			if (ld && !c->first_load)
				c->first_load = *pos;
			if (st && !c->first_store)
				c->first_store = *pos;
			if (ld)
				c->last_load = *pos;
			if (st)
				c->last_store = *pos;
			c->accesses++;
			c->loads += ld;
			c->stores += st;
			c->rmw += x->kind == ACC_RMW;
			c->loads_in_loop += ld && loop;
			c->stores_in_loop += st && loop;
			if (!c->min_width || x->width < c->min_width)
				c->min_width = x->width;
			if (x->width > c->max_width)
				c->max_width = x->width;
		}
	}
}

void counts_thread(const struct dis *d, const char *thread, const char *var, struct counts *c)
{
	int pos = 0;
	memset(c, 0, sizeof *c);
	for (int f = 0; f < d->nfuncs; f++)
		if (belongs(d->funcs[f].name, thread))
			count_func(d, f, var, 0, 0, c, &pos);
}

long counts_get(const struct counts *c, const char *fn)
{
	if (!strcmp(fn, "loads"))
		return c->loads;
	if (!strcmp(fn, "stores"))
		return c->stores;
	if (!strcmp(fn, "rmw"))
		return c->rmw;
	if (!strcmp(fn, "loads_in_loop"))
		return c->loads_in_loop;
	if (!strcmp(fn, "stores_in_loop"))
		return c->stores_in_loop;
	if (!strcmp(fn, "min_width"))
		return c->min_width;
	if (!strcmp(fn, "max_width"))
		return c->max_width;
	if (!strcmp(fn, "accesses"))
		return c->accesses;
	if (!strcmp(fn, "first_load"))
		return c->first_load;
	if (!strcmp(fn, "last_load"))
		return c->last_load;
	if (!strcmp(fn, "first_store"))
		return c->first_store;
	if (!strcmp(fn, "last_store"))
		return c->last_store;
	return -1;
}

json_t *counts_json(const struct counts *c)
{
	return json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "loads",
			 c->loads, "stores", c->stores, "rmw", c->rmw, "loads_in_loop",
			 c->loads_in_loop, "stores_in_loop", c->stores_in_loop, "min_width",
			 c->min_width, "max_width", c->max_width, "accesses", c->accesses,
			 "first_load", c->first_load, "last_load", c->last_load, "first_store",
			 c->first_store, "last_store", c->last_store);
}

static int loads_of(const struct dis *d, const struct insn *in, const char *var)
{
	for (int a = 0; a < in->nacc; a++)
		if ((in->acc[a].kind == ACC_LOAD || in->acc[a].kind == ACC_RMW) &&
		    !strcmp(d->syms[in->acc[a].var].name, var))
			return 1;
	return 0;
}

struct flow_walk {
	const struct dis *d;
	const char *var;
	struct flow_use use;
	char *done; /* functions already analysed (a callee called twice counts once) */
	struct flows *fl;
	int pos;
	char *err;
	size_t errlen;
};

/* The same walk as count_func(), so a load's position is the one first_load would give it. */
static int flows_func(struct flow_walk *w, int fi, int depth)
{
	const struct func *fn = &w->d->funcs[fi];
	struct flow_result r;
	int have = !w->done[fi];
	w->done[fi] = 1;
	if (have && flow_func(w->d, fn, w->var, &w->use, &r, w->err, w->errlen))
		return -1;
	int id = 0;
	for (int i = 0; i < fn->n; i++) {
		const struct insn *in = &fn->insns[i];
		if (in->callee >= 0 && depth < 4 && flows_func(w, in->callee, depth + 1))
			return -1;
		int first = 0;
		for (int a = 0; a < in->nacc; a++) {
			++w->pos;
			if (!first && (in->acc[a].kind == ACC_LOAD || in->acc[a].kind == ACC_RMW) &&
			    !strcmp(w->d->syms[in->acc[a].var].name, w->var))
				first = w->pos;
		}
		if (!loads_of(w->d, in, w->var))
			continue;
		if (have && (r.reach >> id & 1)) {
			w->fl->loads_to++;
			if (!w->fl->first_load_to)
				w->fl->first_load_to = first;
			w->fl->last_load_to = first;
			w->fl->stale_loads_to += (int)(r.stale >> id & 1);
		}
		id++;
	}
	return 0;
}

int flows_thread(const struct dis *d, const char *thread, const char *var, const char *use,
		 struct flows *fl, char *err, size_t errlen)
{
	memset(fl, 0, sizeof *fl);
	struct flow_walk w = {
		d, var, flow_use_parse(use), xcalloc((size_t)d->nfuncs + 1, 1), fl, 0, err, errlen
	};
	int rc = 0;
	for (int f = 0; f < d->nfuncs && rc == 0; f++)
		if (belongs(d->funcs[f].name, thread))
			rc = flows_func(&w, f, 0);
	free(w.done);
	return rc;
}

long flows_get(const struct flows *fl, const char *fn)
{
	if (!strcmp(fn, "loads_to"))
		return fl->loads_to;
	if (!strcmp(fn, "first_load_to"))
		return fl->first_load_to;
	if (!strcmp(fn, "last_load_to"))
		return fl->last_load_to;
	if (!strcmp(fn, "stale_loads_to"))
		return fl->stale_loads_to;
	return -1;
}

int before_thread(const struct dis *d, const char *thread, const char *a, const char *b, int stores)
{
	int seen = 0, holds = 1;
	for (int f = 0; f < d->nfuncs; f++) {
		const struct func *fn = &d->funcs[f];
		if (!belongs(fn->name, thread))
			continue;
		int has_b = 0;
		for (int i = 0; i < fn->n && !has_b; i++)
			for (int x = 0; x < fn->insns[i].nacc; x++) {
				const struct access *acc = &fn->insns[i].acc[x];
				int k = stores ? acc->kind != ACC_LOAD : acc->kind != ACC_STORE;
				has_b |= k && !strcmp(d->syms[acc->var].name, b);
			}
		if (!has_b)
			continue;
		seen = 1;
		holds &= flow_before(d, fn, a, b, stores);
	}
	return seen && holds;
}

/* Branch targets inside a function are named .L0, .L1, ... in address order (only targets get
 * a label, as in Compiler Explorer's "unused labels" filter). -1: not a target. */
static int label_of(const struct func *fn, unsigned long addr)
{
	int n = 0;
	for (int i = 0; i < fn->n; i++) {
		if (!fn->insns[i].is_target)
			continue;
		if (fn->insns[i].addr == addr)
			return n;
		n++;
	}
	return -1;
}

/* "je 27 <t1+0x17>" -> "je .L1" when 27 is a labelled target of this function; "call 20 <helper>"
 * -> "call helper". Takes src (malloc'd) and returns the text (caller frees). */
static char *branch_text(const struct func *fn, const struct insn *in, char *src)
{
	const char *lt = strstr(src, " <");
	const char *gt = lt ? strchr(lt, '>') : NULL;
	if (!gt)
		return src;
	const char *s = lt;
	while (s > src && s[-1] != ' ' && s[-1] != ',')
		s--;
	int lab = in->is_branch ? label_of(fn, in->target) : -1;
	char *out;
	if (lab >= 0)
		out = xasprintf("%.*s.L%d%s", (int)(s - src), src, lab, gt + 1);
	else if (in->callee >= 0 && !memchr(lt, '+', (size_t)(gt - lt)) && gt[1] == '\0')
		out = xasprintf("%.*s%.*s", (int)(s - src), src, (int)(gt - lt - 2), lt + 2);
	else
		return src;
	free(src);
	return out;
}

/* The listing's text of one instruction (x86 Intel syntax when intel): relocations' symbols in
 * place, branch targets as labels (caller frees). */
static char *shown_text(const struct dis *d, const struct func *fn, const struct insn *in,
			int intel)
{
	return branch_text(fn, in, insn_symbolic(d, fn, in, intel ? in->alt : in->text, intel));
}

json_t *thread_json(const struct dis *d, const char *thread, const char *const *shared, int nshared)
{
	json_t *fns = json_array();
	/* the thread's functions first, then local functions they call (transitively) */
	int order[64], n = 0;
	for (int f = 0; f < d->nfuncs && n < 64; f++)
		if (belongs(d->funcs[f].name, thread))
			order[n++] = f;
	for (int k = 0; k < n; k++)
		for (int i = 0; i < d->funcs[order[k]].n; i++) {
			int c = d->funcs[order[k]].insns[i].callee, seen = 0;
			for (int j = 0; j < n; j++)
				seen |= order[j] == c;
			if (c >= 0 && !seen && n < 64)
				order[n++] = c;
		}
	for (int k = 0; k < n; k++) {
		const struct func *fn = &d->funcs[order[k]];
		json_t *insns = json_array();
		for (int i = 0, after_end = 0; i < fn->n; i++) {
			const struct insn *in = &fn->insns[i];
			/* padding no path reaches: after a ret or jump, before the next label */
			int pad = dis_is_padding(in->text) && !in->is_target;
			after_end = pad ? after_end : dis_ends_flow(in->text);
			if (pad && after_end)
				continue;
			char *text = shown_text(d, fn, in, 0);
			json_t *j = json_pack("{s:o, s:s, s:i}", "addr",
					      json_sprintf("%lx", in->addr), "text", text, "line",
					      in->line);
			free(text);
			if (in->alt[0]) {
				char *alt = shown_text(d, fn, in, 1);
				json_object_set_new(j, "intel", json_string(alt));
				free(alt);
			}
			int lab = label_of(fn, in->addr);
			if (in->is_target && lab >= 0)
				json_object_set_new(j, "label", json_sprintf(".L%d", lab));
			if (in->in_loop)
				json_object_set_new(j, "loop", json_true());
			if (in->is_target)
				json_object_set_new(j, "target", json_true());
			if (in->nacc) {
				json_t *acc = json_array();
				for (int a = 0; a < in->nacc; a++) {
					const char *name = d->syms[in->acc[a].var].name;
					int sh = 0;
					for (int s = 0; s < nshared; s++)
						sh |= strcmp(shared[s], name) == 0;
					json_array_append_new(
						acc,
						json_pack("{s:s, s:s, s:i, s:i, s:b}", "var", name,
							  "kind", acc_kind_name(in->acc[a].kind),
							  "width", in->acc[a].width, "offset",
							  (int)in->acc[a].offset, "shared", sh));
				}
				json_object_set_new(j, "acc", acc);
			}
			json_array_append_new(insns, j);
		}
		json_array_append_new(fns,
				      json_pack("{s:s, s:o}", "name", fn->name, "insns", insns));
	}
	return fns;
}
