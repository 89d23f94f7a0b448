/*
 * testutil.c - helpers for the native explorer's tests (see testutil.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cell.h"
#include "nmeta.h"
#include "util.h"
#include "workdir.h"

char *test_obj(const char *sub, const char *name)
{
	const char *dir = getenv("NATIVE_PROGS");
	return xasprintf("%s/%s/%s.o", dir ? dir : "build/native/tests/obj", sub, name);
}

int test_targets(char names[][64], char arches[][16], int max)
{
	const char *list = getenv("NATIVE_TARGETS");
	int n = 0;
	char *copy = xstrdup(list ? list : ""), *save = NULL;
	for (char *tok = strtok_r(copy, " ", &save); tok && n < max;
	     tok = strtok_r(NULL, " ", &save)) {
		char *colon = strchr(tok, ':');
		if (!colon)
			continue;
		*colon = '\0';
		snprintf(names[n], 64, "%s", tok);
		snprintf(arches[n], 16, "%s", colon + 1);
		n++;
	}
	free(copy);
	return n;
}

static void add_var(struct nmeta *m, const char *name, const char *type, int shared)
{
	struct nvar *v = &m->vars[m->nvars++];
	v->name = xstrdup(name);
	v->type = xstrdup(type);
	v->shared = shared;
}

/* Which program's variables: race.c's, tso.c's (x, y shared; r0, r1 observed) or armv8.c's. */
enum vars { V_RACE, V_TSO, V_ARMV8 };

static void add_vars(struct nmeta *m, enum vars which)
{
	static const char *const race[] = { "big", "counter", "flag", "r1", NULL },
				 *const tso[] = { "x", "y", "r0", "r1", NULL },
				 *const armv8[] = {
					 "x", "y", "z", "p", "r0", "r1", "r2", "r3", NULL
				 };
	const char *const *names = which == V_RACE ? race : which == V_TSO ? tso : armv8;
	m->vars = xcalloc(9, sizeof *m->vars);
	for (int i = 0; names[i]; i++) {
		int observed = names[i][0] == 'r' && names[i][1] >= '0' && names[i][1] <= '9';
		const char *type = !strcmp(names[i], "big") ? "unsigned long long" :
				   !strcmp(names[i], "p")   ? "int *" :
							      "int";
		add_var(m, names[i], type, !observed);
	}
}

/* tso: also under x86-TSO, with mutant; a8 (NULL: no): also under this Armv8 configuration. */
static json_t *run(const char *obj, const char *arch, const char *threads, const char *outcome,
		   long local_bound, const char *source, enum vars vars, int tso,
		   enum tso_mutant mutant, const struct armv8_config *a8)
{
	struct nmeta m = { 0 };
	m.id = xstrdup("test");
	m.file = xstrdup("tools/native/tests/programs/test.c");
	char *copy = xstrdup(threads), *save = NULL;
	for (char *t = strtok_r(copy, ",", &save); t && m.nthreads < MACHINE_MAX_THREADS;
	     t = strtok_r(NULL, ",", &save))
		m.threads[m.nthreads++] = xstrdup(t);
	free(copy);
	add_vars(&m, vars);
	m.outcome = xcalloc(5, sizeof *m.outcome);
	copy = xstrdup(outcome);
	for (char *o = strtok_r(copy, " ", &save); o && m.noutcome < 4;
	     o = strtok_r(NULL, " ", &save))
		m.outcome[m.noutcome++] = xstrdup(o);
	free(copy);
	m.sources[m.nvariants] = source ? xstrdup(source) : NULL;
	m.variants[m.nvariants++] = xstrdup("plain");
	char *dir = workdir_new();
	struct cell c = { .meta = &m,
			  .variant = "plain",
			  .target = arch,
			  .opt = "test",
			  .arch = arch_find(arch),
			  .obj = obj,
			  .workdir = dir };
	cell_defaults(&c);
	c.tso = c.tso_traces = tso;
	c.mutant = mutant;
	if (a8) {
		c.armv8 = 1;
		c.a8.model = a8->model;
		c.a8.drop_deps = a8->drop_deps;
	}
	if (local_bound)
		c.local_bound = local_bound;
	json_t *r = c.arch ? cell_run(&c) :
			     json_pack("{s:s, s:s}", "status", "error", "error", "unknown arch");
	workdir_free(dir);
	nmeta_free(&m);
	return r;
}

json_t *test_run(const char *obj, const char *arch, const char *threads, const char *outcome,
		 long local_bound)
{
	return run(obj, arch, threads, outcome, local_bound, NULL, V_RACE, 0, TSO_EXACT, NULL);
}

json_t *test_run_tso(const char *obj, const char *arch, const char *threads, const char *outcome,
		     enum tso_mutant mutant)
{
	return run(obj, arch, threads, outcome, 0, NULL, V_TSO, 1, mutant, NULL);
}

json_t *test_run_armv8(const char *obj, const char *arch, const char *threads, const char *outcome,
		       int model, int drop_deps)
{
	struct armv8_config a8 = { .model = (enum mm_model_id)model, .drop_deps = drop_deps };
	return run(obj, arch, threads, outcome, 0, NULL, V_ARMV8, 0, TSO_EXACT, &a8);
}

json_t *test_run_src(const char *obj, const char *arch, const char *threads, const char *outcome,
		     const char *source)
{
	return run(obj, arch, threads, outcome, 0, source, V_RACE, 0, TSO_EXACT, NULL);
}

static int by_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

char *test_keys(json_t *cell)
{
	json_t *outs = json_object_get(cell, "outcomes");
	if (!outs) {
		const char *e = json_string_value(json_object_get(cell, "error"));
		return xasprintf("(error: %s)", e ? e : "?");
	}
	size_t n = json_array_size(outs);
	const char **keys = xcalloc(n + 1, sizeof *keys);
	for (size_t i = 0; i < n; i++)
		keys[i] = json_string_value(json_object_get(json_array_get(outs, i), "key"));
	qsort(keys, n, sizeof *keys, by_str);
	struct buf sb = { 0 };
	for (size_t i = 0; i < n; i++)
		buf_printf(&sb, "%s%s", i ? " | " : "", keys[i]);
	free(keys);
	return buf_take(&sb);
}

json_t *test_outcome(json_t *cell, const char *key)
{
	return native_json_find(json_object_get(cell, "outcomes"), "key", key);
}
