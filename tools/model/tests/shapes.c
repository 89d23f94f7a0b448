/* shapes.c - hand-built traces from short text (shapes.h). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"
#include "shapes.h"

#define MAXEV 32

static int *index_list(const char *s, int *n)
{
	int *v = xmalloc(MAXEV * sizeof *v);
	*n = 0;
	for (const char *p = s; *p;) {
		char *end;
		long x = strtol(p, &end, 10);
		assert_true(end != p && *n < MAXEV);
		v[(*n)++] = (int)x;
		p = *end == ',' ? end + 1 : end;
	}
	return v;
}

static void modifier(struct mm_event *e, const char *w, int index)
{
	if (strcmp(w, "acq") == 0)
		e->ord |= MM_ACQ;
	else if (strcmp(w, "acqpc") == 0)
		e->ord |= MM_ACQPC;
	else if (strcmp(w, "rel") == 0)
		e->ord |= MM_REL;
	else if (strcmp(w, "excl") == 0)
		e->ord |= MM_EXCL;
	else if (strcmp(w, "noret") == 0)
		e->ord |= MM_NORET;
	else if (strcmp(w, "rmw") == 0)
		e->rmw = index + 1;
	else if (strncmp(w, "addr:", 5) == 0)
		e->addr_deps = index_list(w + 5, &e->naddr);
	else if (strncmp(w, "data:", 5) == 0)
		e->data_deps = index_list(w + 5, &e->ndata);
	else if (strncmp(w, "paddr:", 6) == 0)
		e->pick_addr_deps = index_list(w + 6, &e->npick_addr);
	else if (strncmp(w, "pdata:", 6) == 0)
		e->pick_data_deps = index_list(w + 6, &e->npick_data);
	else
		fail_msg("shape: unknown modifier '%s'", w);
}

static void first_word(struct mm_event *e, const char *w)
{
	*e = (struct mm_event){ .kind = MM_F, .rmw = -1, .size = 8, .text = "shape" };
	if (strcmp(w, "F") == 0)
		e->fence = MM_FULL;
	else if (strcmp(w, "Fld") == 0)
		e->fence = MM_DMB_LD;
	else if (strcmp(w, "Fst") == 0)
		e->fence = MM_DMB_ST;
	else if (strcmp(w, "ISB") == 0)
		e->fence = MM_ISB;
	else if ((w[0] == 'R' || w[0] == 'W') && w[1] >= 'a' && w[1] <= 'z' && w[2] == '=') {
		e->kind = w[0] == 'R' ? MM_R : MM_W;
		e->addr = (uint64_t)w[1] * 8;
		e->value = strtoull(w + 3, NULL, 10);
	} else
		fail_msg("shape: unknown event '%s'", w);
}

/* A copy of the nctrl reads of ctrl into *out, *n (nothing when nctrl is 0). */
static void add_ctrl(int **out, int *n, const int *ctrl, int nctrl)
{
	if (nctrl == 0)
		return;
	*out = xmalloc(MAXEV * sizeof(int));
	memcpy(*out, ctrl, (size_t)nctrl * sizeof(int));
	*n = nctrl;
}

static void insert_sorted(int *v, int *n, int x)
{
	int i = *n;
	for (int k = 0; k < *n; k++)
		if (v[k] == x)
			return;
	while (i > 0 && v[i - 1] > x)
		v[i] = v[i - 1], i--;
	v[i] = x, (*n)++;
}

/* "B:0,1" adds the reads to ctrl, "P:0" to pick (a branch on a select's result); 0 if w is
 * neither. */
static int branch(const char *w, int *ctrl, int *nctrl, int *pick, int *npick)
{
	if (strncmp(w, "B:", 2) != 0 && strncmp(w, "P:", 2) != 0)
		return 0;
	int n, *v = index_list(w + 2, &n);
	for (int k = 0; k < n; k++)
		if (w[0] == 'B')
			insert_sorted(ctrl, nctrl, v[k]);
		else
			insert_sorted(pick, npick, v[k]);
	free(v);
	return 1;
}

struct mm_trace shape_trace(const char *text)
{
	struct mm_trace t = { .ev = xcalloc(MAXEV, sizeof(struct mm_event)) };
	int ctrl[MAXEV], nctrl = 0, pick[MAXEV], npick = 0;
	char *copy = xstrdup(text), *save = NULL;
	for (char *item = strtok_r(copy, ";", &save); item; item = strtok_r(NULL, ";", &save)) {
		char *ws = NULL, *w = strtok_r(item, " ", &ws);
		if (!w || branch(w, ctrl, &nctrl, pick, &npick))
			continue;
		assert_true(t.nev < MAXEV);
		struct mm_event *e = &t.ev[t.nev];
		first_word(e, w);
		for (w = strtok_r(NULL, " ", &ws); w; w = strtok_r(NULL, " ", &ws))
			modifier(e, w, t.nev);
		add_ctrl(&e->ctrl_deps, &e->nctrl, ctrl, nctrl);
		add_ctrl(&e->pick_ctrl_deps, &e->npick_ctrl, pick, npick);
		t.nev++;
	}
	free(copy);
	return t;
}

void shape_free(struct mm_trace *t)
{
	for (int i = 0; i < t->nev; i++)
		free(t->ev[i].addr_deps), free(t->ev[i].data_deps), free(t->ev[i].ctrl_deps),
			free(t->ev[i].pick_addr_deps), free(t->ev[i].pick_data_deps),
			free(t->ev[i].pick_ctrl_deps);
	free(t->ev);
}

/* Does the execution's co-final state match "x=2 y=1"? */
static int final_matches(const struct mm_exec *x, const char *final)
{
	for (const char *p = final; p && *p;) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		uint64_t addr = (uint64_t)p[0] * 8, v = strtoull(p + 2, NULL, 10);
		int ok = 0;
		for (int l = 0; l < x->nlocs; l++)
			if (x->locs[l].addr == addr)
				ok = x->locs[l].final == v;
		if (!ok)
			return 0;
		p = strchr(p, ' ') ? strchr(p, ' ') : "";
	}
	return 1;
}

static int on_exec(const struct mm_exec *x, void *ctx)
{
	const char **final = ctx;
	if (final_matches(x, *final)) {
		*final = NULL; /* found */
		return 1;
	}
	return 0;
}

int shape_allowed(enum mm_model_id m, const char *const *threads, int n, const char *final)
{
	struct mm_trace tr[8];
	struct mm_thread th[8];
	for (int t = 0; t < n; t++)
		tr[t] = shape_trace(threads[t]), th[t] = (struct mm_thread){ &tr[t], 1 };
	struct mm_problem p = { .model = m, .nthreads = n, .threads = th };
	struct mm_stats st;
	char *err = NULL;
	const char *want = final ? final : "";
	int rc = mm_enumerate(&p, on_exec, &want, &st, &err);
	if (rc)
		fail_msg("mm_enumerate: %s", err);
	for (int t = 0; t < n; t++)
		shape_free(&tr[t]);
	return want == NULL;
}
