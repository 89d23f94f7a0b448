/*
 * show.c - a test's traces in text (see show.h).
 */
#include "show.h"

static const char *loc_name(const struct a64_image *ai, uint64_t addr)
{
	for (int i = 0; i < ai->t->nlocs; i++)
		if (ai->loc_addr[i] == addr)
			return ai->t->locs[i].name;
	return "?";
}

static void deps(FILE *f, const char *what, const int *d, int n)
{
	if (!n)
		return;
	fprintf(f, " %s:", what);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%d", i ? "," : "", d[i]);
}

static void ord(FILE *f, unsigned o)
{
	static const char *const names[] = { "acq", "acqpc", "rel", "excl", "noret" };
	for (int i = 0; i < 5; i++)
		if (o & (1u << i))
			fprintf(f, " %s", names[i]);
}

static void event(FILE *f, const struct a64_image *ai, int i, const struct mm_event *e)
{
	static const char *const fences[] = { "", "DMB.full", "DMB.ld", "DMB.st", "ISB" };
	fprintf(f, "    %d: ", i);
	if (e->kind == MM_F)
		fprintf(f, "F %s", fences[e->fence]);
	else
		fprintf(f, "%c %s=%llu (%u bytes)", e->kind == MM_R ? 'R' : 'W',
			loc_name(ai, e->addr), (unsigned long long)e->value, e->size);
	ord(f, e->ord);
	if (e->rmw >= 0)
		fprintf(f, " rmw:%d", e->rmw);
	deps(f, "addr", e->addr_deps, e->naddr);
	deps(f, "data", e->data_deps, e->ndata);
	deps(f, "ctrl", e->ctrl_deps, e->nctrl);
	deps(f, "pick-addr", e->pick_addr_deps, e->npick_addr);
	deps(f, "pick-data", e->pick_data_deps, e->npick_data);
	deps(f, "pick-ctrl", e->pick_ctrl_deps, e->npick_ctrl);
	fprintf(f, "    line %d: %s\n", e->line, e->text ? e->text : "");
}

void a64_show_traces(FILE *f, const struct a64_image *ai, const struct a64_explore *ex)
{
	fprintf(f, "%s: %d round%s of values%s%s\n", ai->t->name, ex->rounds,
		ex->rounds == 1 ? "" : "s", ex->partial ? "; partial: " : "",
		ex->partial ? ex->why : "");
	for (int th = 0; th < ai->t->nthreads; th++) {
		const struct a64_paths *ps = &ex->paths[th];
		for (int p = 0; p < ps->ntraces; p++) {
			const struct mm_trace *tr = &ps->traces[p];
			fprintf(f, "P%d path %d%s%s%s\n", th, p, tr->partial ? " (partial: " : "",
				tr->partial ? tr->why : "", tr->partial ? ")" : "");
			for (int i = 0; i < tr->nev; i++)
				event(f, ai, i, &tr->ev[i]);
		}
	}
}
