/*
 * x86.c - X86 litmus tests on the native explorer's x86-TSO machine (see x86.h).
 *
 * The instructions are herd's: Intel syntax with "$1" immediates and "[x]" for location x. They
 * become GNU as Intel syntax: "$" dropped, "[x]" is "DWORD PTR [x]" (herd's X86 locations are
 * 32-bit), labels renamed per thread. Register initial values are moves at the thread's start.
 */
#define _POSIX_C_SOURCE 200809L
#include "x86.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cell.h"
#include "gen.h"
#include "workdir.h"

/* herd's instruction in GNU as syntax (caller frees). */
static char *gas_insn(const struct a64_test *t, int th, const char *insn)
{
	char *ren = gen_renamed(t, th, insn, ""), *p = ren;
	struct buf b = { 0 };
	for (; *p; p++) {
		if (*p == '$' && (isdigit((unsigned char)p[1]) || p[1] == '-'))
			continue;
		if (*p == '[' && !strstr(ren, "PTR") && !strstr(ren, "ptr"))
			buf_puts(&b, "DWORD PTR ");
		buf_putc(&b, *p);
	}
	free(ren);
	return buf_take(&b);
}

static void gen_thread(const struct a64_test *t, int th, struct gen *g)
{
	char rn[16];
	gen_emit(g, 0, "\t.globl a64_P%d\n\t.type a64_P%d, @function\na64_P%d:", th, th, th);
	for (int i = 0; i < t->ninits; i++)
		if (t->inits[i].thread == th && t->inits[i].loc >= 0)
			gen_emit(g, t->inits[i].line, "\tmov %s, OFFSET %s",
				 a64_reg_name(t->isa, t->inits[i].reg, rn, sizeof rn),
				 t->locs[t->inits[i].loc].name);
		else if (t->inits[i].thread == th)
			gen_emit(g, t->inits[i].line, "\tmov %s, %lld",
				 a64_reg_name(t->isa, t->inits[i].reg, rn, sizeof rn),
				 (long long)t->inits[i].value);
	for (int i = 0; i < t->threads[th].ncells; i++) {
		const struct a64_cell *c = &t->threads[th].cells[i];
		if (c->label)
			gen_emit(g, c->line, ".La64_%d_%s:", th, c->label);
		if (!c->insn)
			continue;
		char *s = gas_insn(t, th, c->insn);
		gen_emit(g, c->line, "\t%s", s);
		free(s);
	}
	for (int i = 0; i < t->nobs; i++)
		if (t->obs[i].thread == th) {
			a64_reg_name(t->isa, t->obs[i].reg, rn, sizeof rn);
			gen_emit(g, 0, "\tmov DWORD PTR [P%d_%s], %s", th, rn, rn);
		}
	gen_emit(g, 0, "\tret\n\t.size a64_P%d, .-a64_P%d", th, th);
}

static void gen_source(const struct a64_test *t, struct gen *g)
{
	char rn[16];
	gen_emit(g, 0, "\t.intel_syntax noprefix\n\t.text");
	for (int i = 0; i < t->nthreads; i++)
		gen_thread(t, i, g);
	gen_emit(g, 0, "\t.section course_shared,\"aw\"\n\t.p2align 2");
	for (int i = 0; i < t->nlocs; i++)
		gen_emit(g, 0, "\t.globl %s\n\t.type %s, @object\n%s:\n\t.long %lld\n\t.size %s, 4",
			 t->locs[i].name, t->locs[i].name, t->locs[i].name,
			 (long long)t->locs[i].init, t->locs[i].name);
	gen_emit(g, 0, "\t.section course_observed,\"aw\"\n\t.p2align 2");
	for (int i = 0; i < t->nobs; i++)
		if (t->obs[i].thread >= 0) {
			a64_reg_name(t->isa, t->obs[i].reg, rn, sizeof rn);
			gen_emit(g, 0,
				 "\t.globl P%d_%s\n\t.type P%d_%s, @object\nP%d_%s:\n\t.long "
				 "0\n\t.size P%d_%s, 4",
				 t->obs[i].thread, rn, t->obs[i].thread, rn, t->obs[i].thread, rn,
				 t->obs[i].thread, rn);
		}
}

static void add_var(struct nmeta *m, const char *name, int shared, int line)
{
	m->vars = xrealloc(m->vars, (size_t)(m->nvars + 1) * sizeof *m->vars);
	m->vars[m->nvars++] = (struct nvar){ xstrdup(name), xstrdup("int"), shared, 0, line };
	m->outcome = xrealloc(m->outcome, (size_t)(m->noutcome + 1) * sizeof *m->outcome);
	m->outcome[m->noutcome++] = xstrdup(name);
}

/* The cell's metadata: the threads, the locations (shared), the observed registers. */
static void metadata(const struct a64_test *t, struct nmeta *m)
{
	char rn[16], name[64];
	memset(m, 0, sizeof *m);
	m->id = xstrdup("litmus");
	m->file = xstrdup(t->file);
	for (int i = 0; i < t->nthreads; i++) {
		xsnprintf(name, sizeof name, "a64_P%d", i);
		m->threads[m->nthreads++] = xstrdup(name);
	}
	for (int i = 0; i < t->nlocs; i++)
		add_var(m, t->locs[i].name, 1, t->locs[i].line);
	for (int i = 0; i < t->nobs; i++)
		if (t->obs[i].thread >= 0) {
			xsnprintf(name, sizeof name, "P%d_%s", t->obs[i].thread,
				  a64_reg_name(t->isa, t->obs[i].reg, rn, sizeof rn));
			add_var(m, name, 0, t->cond_line);
		}
	m->variants[m->nvariants++] = xstrdup("plain");
}

struct xctx {
	const struct a64_test *t;
	json_t *values;
};

static uint64_t named(json_t *values, const char *name)
{
	json_t *v = json_object_get(values, name);
	return json_is_integer(v) ? (uint64_t)json_integer_value(v) : 0;
}

static uint64_t reg_of(void *c, int th, int reg)
{
	const struct xctx *x = c;
	char rn[16], name[64];
	xsnprintf(name, sizeof name, "P%d_%s", th, a64_reg_name(x->t->isa, reg, rn, sizeof rn));
	return named(x->values, name);
}

static uint64_t loc_of(void *c, int i)
{
	const struct xctx *x = c;
	return named(x->values, x->t->locs[i].name);
}

static uint64_t no_addr(void *c, int i)
{
	(void)c, (void)i;
	return 0;
}

/* The native explorer's outcomes judged by the condition. */
static void outcomes(const struct a64_test *t, json_t *res, struct a64_result *r)
{
	size_t i;
	json_t *o;
	json_array_foreach(json_object_get(res, "outcomes"), i, o) {
		json_t *states = json_object_get(o, "states");
		uint64_t n = json_is_integer(states) ? (uint64_t)json_integer_value(states) : 1;
		if (!json_is_true(json_object_get(o, "done"))) {
			r->cut += n; /* a hang or a crash: no final state */
			continue;
		}
		struct xctx x = { t, json_object_get(o, "values") };
		struct a64_state_fns s = { reg_of, loc_of, no_addr, &x };
		if (t->filter && !a64_cond_eval(t->filter, &s))
			continue;
		a64_result_count(r, a64_state_key(t, &s, NULL), a64_cond_eval(t->cond, &s), n);
	}
	r->partial = json_is_true(json_object_get(res, "partial")) || r->cut > 0;
	if (json_is_true(json_object_get(res, "partial")))
		r->why = "the native explorer's state or schedule bound";
	else if (r->cut)
		r->why = "an outcome where a thread does not terminate or crashes";
}

static int names_address(const struct a64_cond *c)
{
	return c && (c->rloc >= 0 || names_address(c->a) || names_address(c->b));
}

static char *explore_cell(const struct a64_test *t, int sc, const char *dir, const char *obj,
			  struct a64_result *r)
{
	struct nmeta m;
	metadata(t, &m);
	struct cell c = { .meta = &m,
			  .variant = "plain",
			  .target = "litmus/i386",
			  .opt = "-",
			  .arch = arch_find("i386"),
			  .obj = obj,
			  .workdir = dir };
	cell_defaults(&c);
	c.traces = 0;
	c.tso = !sc;
	json_t *cell = cell_run(&c), *res = sc ? cell : json_object_get(cell, "tso");
	char *err = NULL;
	const char *status = json_string_value(json_object_get(res, "status"));
	if (!status || strcmp(status, "ok") != 0)
		err = xasprintf("%s", json_string_value(json_object_get(res, "error")) ?
					      json_string_value(json_object_get(res, "error")) :
					      "the native explorer failed without a message");
	else
		outcomes(t, res, r);
	json_decref(cell);
	nmeta_free(&m);
	return err;
}

int a64_x86_run(const struct a64_test *t, int sc, struct a64_result *r, char **err)
{
	memset(r, 0, sizeof *r);
	r->unit = "state";
	if (names_address(t->cond) || names_address(t->filter)) {
		*err = xasprintf("%s:%d: a location's address in an X86 condition is not supported",
				 t->file, t->cond_line);
		return -1;
	}
	struct gen g = { 0 };
	char *dir = workdir_new(), *obj = NULL;
	gen_source(t, &g);
	*err = gen_assemble(t, &g, dir, "i686-linux-gnu-as", "--32", "binutils-i686-linux-gnu",
			    &obj);
	if (!*err)
		*err = explore_cell(t, sc, dir, obj, r);
	gen_free(&g);
	free(obj);
	workdir_free(dir);
	if (*err) {
		a64_result_free(r);
		return -1;
	}
	a64_result_conclude(t, r);
	return 0;
}
