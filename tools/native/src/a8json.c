/*
 * a8json.c - a witness execution of the Armv8 exploration, for the data and the pages (see a8.h
 * and tools/native/README.md, "Armv8"): every thread's events in program order (the
 * instruction, where it is in the listing, the variable, the value, the ordering it carries and
 * the reads it depends on), reads-from, coherence and from-read; and one line of text.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "a8.h"
#include "buf.h"
#include "trace.h"
#include "util.h"

static json_t *ref(struct mm_ref r)
{
	return r.thread == MM_INIT ? json_null() : json_pack("[i, i]", r.thread, r.index);
}

static json_t *int_list(const int *v, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

static const char *fence_name(enum mm_fence f)
{
	static const char *const names[] = { NULL, "DMB ISH", "DMB ISHLD", "DMB ISHST", "ISB" };
	return names[f];
}

/* "acq", "acqpc", "rel", "excl", "noret" joined by spaces; "" when none (static buffer). */
static const char *ord_text(unsigned ord, char *buf, size_t n)
{
	static const char *const names[] = { "acq", "acqpc", "rel", "excl", "noret" };
	buf[0] = '\0';
	for (int i = 0; i < 5; i++)
		if (ord & (1u << i))
			xsnprintf(buf + strlen(buf), n - strlen(buf), "%s%s", buf[0] ? " " : "",
				  names[i]);
	return buf;
}

static json_t *event_json(const struct a8 *a, const struct mm_event *ev)
{
	json_t *j = trace_position(a->cfg->ov, ev->pc);
	static const char *const kinds[] = { "R", "W", "F" };
	char ord[64];
	json_object_set_new(j, "file_line",
			    json_integer(nmeta_file_line(a->cfg->meta, a->cfg->variant, ev->line)));
	json_object_set_new(j, "kind", json_string(kinds[ev->kind]));
	json_object_set_new(j, "insn", json_string(ev->text ? ev->text : ""));
	if (ev->kind == MM_F) {
		json_object_set_new(j, "fence", json_string(fence_name(ev->fence)));
	} else {
		char *var = addr_name(a->cfg->im, ev->addr);
		json_object_set_new(j, "var", json_string(var));
		json_object_set_new(j, "size", json_integer(ev->size));
		json_object_set_new(j, "value", native_json_u64(ev->value));
		free(var);
	}
	if (ev->ord)
		json_object_set_new(j, "ord", json_string(ord_text(ev->ord, ord, sizeof ord)));
	if (ev->rmw >= 0)
		json_object_set_new(j, "rmw", json_integer(ev->rmw));
	/* the pick dependencies (through a conditional select's or CAS's condition) beside the
	 * syntactic ones, which they do not repeat (tools/model/model.h) */
	json_object_set_new(j, "deps",
			    json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", "addr",
				      int_list(ev->addr_deps, ev->naddr), "data",
				      int_list(ev->data_deps, ev->ndata), "ctrl",
				      int_list(ev->ctrl_deps, ev->nctrl), "pick_addr",
				      int_list(ev->pick_addr_deps, ev->npick_addr), "pick_data",
				      int_list(ev->pick_data_deps, ev->npick_data), "pick_ctrl",
				      int_list(ev->pick_ctrl_deps, ev->npick_ctrl)));
	return j;
}

static json_t *thread_json(const struct a8 *a, const struct mm_exec *x, int t)
{
	const struct mm_trace *tr = x->trace[t];
	const struct a64_final *f = a8_final(tr);
	json_t *evs = json_array();
	for (int i = 0; i < tr->nev; i++)
		json_array_append_new(evs, event_json(a, &tr->ev[i]));
	const char *end = f->crash ? "crashed" : f->spin_from >= 0 ? "spins" : "done";
	json_t *j = json_pack("{s:s, s:i, s:s, s:o}", "fn", a->cfg->meta->threads[t], "path",
			      x->path[t], "end", end, "events", evs);
	if (f->spin_from >= 0)
		json_object_set_new(j, "spin_from", json_integer(f->spin_from));
	return j;
}

static const struct mm_loc *loc_of(const struct mm_exec *x, uint64_t addr)
{
	for (int l = 0; l < x->nlocs; l++)
		if (x->locs[l].addr == addr)
			return &x->locs[l];
	return NULL;
}

/* The position of w in its location's coherence order: -1 for the initial write. */
static int co_pos(const struct mm_loc *m, struct mm_ref w)
{
	for (int k = 0; k < m->nco; k++)
		if (m->co[k].thread == w.thread && m->co[k].index == w.index)
			return k;
	return -1;
}

/* rf of every read and fr to the write coherence-next after the one it reads. */
static void rf_fr(const struct mm_exec *x, json_t *rf, json_t *fr)
{
	for (int t = 0; t < x->nthreads; t++)
		for (int i = 0; i < x->trace[t]->nev; i++) {
			const struct mm_event *ev = &x->trace[t]->ev[i];
			if (ev->kind != MM_R)
				continue;
			struct mm_ref r = { t, i }, w = x->rf[t][i];
			json_array_append_new(rf, json_pack("{s:o, s:o}", "read", ref(r), "write",
							    ref(w)));
			const struct mm_loc *m = loc_of(x, ev->addr);
			int k = m ? co_pos(m, w) + 1 : 0;
			if (m && k < m->nco)
				json_array_append_new(fr, json_pack("{s:o, s:o}", "read", ref(r),
								    "write", ref(m->co[k])));
		}
}

/* [[thread, from, to], ...]: the ordering edges x is missing (mm_unordered); [] when the model
 * refuses (it allowed x, so it does not). */
static json_t *unordered(const struct a8 *a, const struct mm_exec *x, const struct mm_init *init,
			 int ninit)
{
	struct mm_pair *p;
	char *err = NULL;
	int n = mm_unordered(a->cfg->model, x, init, ninit, &p, &err);
	json_t *out = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(out, json_pack("[i, i, i]", p[i].thread, p[i].from, p[i].to));
	free(p);
	free(err);
	return out;
}

json_t *a8_execution_json(const struct a8 *a, const struct mm_exec *x, const struct mm_init *init,
			  int ninit)
{
	json_t *threads = json_array(), *rf = json_array(), *co = json_array(), *fr = json_array();
	for (int t = 0; t < x->nthreads; t++)
		json_array_append_new(threads, thread_json(a, x, t));
	rf_fr(x, rf, fr);
	for (int l = 0; l < x->nlocs; l++) {
		const struct mm_loc *m = &x->locs[l];
		if (!m->nco)
			continue;
		json_t *ws = json_array();
		for (int k = 0; k < m->nco; k++)
			json_array_append_new(ws, ref(m->co[k]));
		char *var = addr_name(a->cfg->im, m->addr);
		json_array_append_new(co, json_pack("{s:s, s:o, s:o}", "var", var, "init",
						    native_json_u64(m->init), "writes", ws));
		free(var);
	}
	return json_pack("{s:o, s:o, s:o, s:o, s:o}", "threads", threads, "rf", rf, "co", co, "fr",
			 fr, "unordered", unordered(a, x, init, ninit));
}

/* "t1:35" for event r (file lines), "init" for the initial write. */
static void put_ref(struct buf *b, const struct a8 *a, const struct mm_exec *x, struct mm_ref r)
{
	if (r.thread == MM_INIT) {
		buf_puts(b, "init");
		return;
	}
	const struct mm_event *ev = &x->trace[r.thread]->ev[r.index];
	buf_printf(b, "%s:%d", a->cfg->meta->threads[r.thread],
		   nmeta_file_line(a->cfg->meta, a->cfg->variant, ev->line));
}

char *a8_execution_text(const struct a8 *a, const struct mm_exec *x)
{
	struct buf b = { 0 };
	char ord[64];
	for (int t = 0; t < x->nthreads; t++)
		for (int i = 0; i < x->trace[t]->nev; i++) {
			const struct mm_event *ev = &x->trace[t]->ev[i];
			if (ev->kind == MM_F)
				continue;
			char *var = addr_name(a->cfg->im, ev->addr);
			buf_puts(&b, b.len ? "; " : "");
			put_ref(&b, a, x, (struct mm_ref){ t, i });
			buf_printf(&b, " %s%s%s %s=%" PRIu64, ev->kind == MM_W ? "W" : "R",
				   ev->ord ? "." : "", ord_text(ev->ord, ord, sizeof ord), var,
				   ev->value);
			free(var);
			if (ev->kind == MM_R) {
				buf_puts(&b, " from ");
				put_ref(&b, a, x, x->rf[t][i]);
			}
		}
	for (int l = 0; l < x->nlocs; l++) {
		const struct mm_loc *m = &x->locs[l];
		if (m->nco < 2)
			continue;
		char *var = addr_name(a->cfg->im, m->addr);
		buf_printf(&b, "; co %s:", var);
		free(var);
		for (int k = 0; k < m->nco; k++)
			buf_putc(&b, ' '), put_ref(&b, a, x, m->co[k]);
	}
	return buf_take(&b);
}
