/*
 * evidence.c - access counts and function JSON (see evidence.h).
 */
#include "evidence.h"

#include "classify.h"

#include <stdio.h>
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

/* "je 27 <t1+0x17>" -> "je .L1" when 27 is a labelled target of this function. */
static void branch_text(const struct func *fn, const struct insn *in, const char *src, char *out,
			size_t n)
{
	snprintf(out, n, "%s", src);
	if (!in->is_branch || !src[0])
		return;
	int lab = label_of(fn, in->target);
	const char *lt = strstr(src, " <");
	if (lab < 0 || !lt || !strchr(lt, '>'))
		return;
	const char *s = lt;
	while (s > src && s[-1] != ' ' && s[-1] != ',')
		s--;
	snprintf(out, n, "%.*s.L%d%s", (int)(s - src), src, lab, strchr(lt, '>') + 1);
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
		for (int i = 0; i < fn->n; i++) {
			const struct insn *in = &fn->insns[i];
			char addr[32], text[sizeof in->text + 16], alt[sizeof in->alt + 16];
			snprintf(addr, sizeof addr, "%lx", in->addr);
			branch_text(fn, in, in->text, text, sizeof text);
			branch_text(fn, in, in->alt, alt, sizeof alt);
			json_t *j = json_pack("{s:s, s:s, s:i}", "addr", addr, "text", text, "line",
					      in->line);
			if (in->alt[0])
				json_object_set_new(j, "intel", json_string(alt));
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
