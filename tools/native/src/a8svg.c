/*
 * a8svg.c - a witness execution as an SVG picture (a8svg.h): layout, event boxes, edges.
 *
 * Layout: one column per thread, its events top to bottom in program order; a column is as wide
 * as its longest text. Program order runs down each column; reads-from, coherence and from-read
 * join the boxes' facing sides (an edge within one thread bends out on the right); the
 * dependencies (addr, data, ctrl and the pick ones) are arcs on the column's right, from the read
 * to the event that depends on it; a missing ordering edge is a dashed arc on the column's left,
 * labelled "not ordered".
 */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "a8svg.h"
#include "util.h"

#define CH 7.3	 /* width of a character at the picture's 12px monospace font */
#define PAD 8.0	 /* inside a box */
#define BH 52.0	 /* a box's height */
#define VG 34.0	 /* between boxes */
#define TOP 28.0 /* the thread names */
#define GAP 130.0
#define LEFT 116.0 /* room for the arcs of the first column and their labels */

struct col {
	double x, w;
	int n;
};

struct pic {
	json_t *x;
	const struct a8svg_names *nm;
	struct col *cols;
	int ncols;
	struct buf *b;
};

static const char *str(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

/* The value as text ("1", or a decimal string beyond 2^53). */
static char *value_text(json_t *v)
{
	if (json_is_string(v))
		return xstrdup(json_string_value(v));
	return xasprintf("%" JSON_INTEGER_FORMAT, json_integer_value(v));
}

/* The instruction at fn+addr in the listing; the classifier's name when the listing lacks it. */
static char *insn_text(const struct pic *p, json_t *ev)
{
	size_t i, k;
	json_t *f, *in;
	json_array_foreach(json_object_get(p->nm->functions, str(ev, "fn")), i, f)
		json_array_foreach(json_object_get(f, "insns"), k, in)
			if (!strcmp(str(in, "addr"), str(ev, "addr")))
				return xstrdup(str(in, "text"));
	return xstrdup(str(ev, "insn"));
}

/* "line N: <code>" without indentation or a trailing comment. */
static char *source_text(const struct pic *p, json_t *ev)
{
	json_int_t n = json_integer_value(json_object_get(ev, "file_line"));
	const char *s = json_string_value(json_array_get(p->nm->source, (size_t)(n - 1)));
	if (!s)
		return xasprintf("line %" JSON_INTEGER_FORMAT, n);
	while (*s == ' ' || *s == '\t')
		s++;
	size_t len = strlen(s);
	const char *c = strstr(s, "/*"), *d = strstr(s, "//");
	if (c && (size_t)(c - s) < len)
		len = (size_t)(c - s);
	if (d && (size_t)(d - s) < len)
		len = (size_t)(d - s);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	char *code = xstrndup(s, len),
	     *out = xasprintf("line %" JSON_INTEGER_FORMAT ": %s", n, code);
	free(code);
	return out;
}

/* The access in words: "W ready = 1", "R.acq ready = 0 (initial)", "DMB ISHST". */
static char *access_text(json_t *ev, int from_init)
{
	if (!strcmp(str(ev, "kind"), "F"))
		return xstrdup(str(ev, "fence"));
	char *v = value_text(json_object_get(ev, "value"));
	const char *ord = str(ev, "ord");
	char *out = xasprintf("%s%s%s %s = %s%s", str(ev, "kind"), *ord ? "." : "", ord,
			      str(ev, "var"), v, from_init ? " (initial value)" : "");
	free(v);
	return out;
}

static int same_ref(json_t *r, int t, int i)
{
	return json_integer_value(json_array_get(r, 0)) == t &&
	       json_integer_value(json_array_get(r, 1)) == i;
}

/* 1 when event (t, i) is a read of the initial value. */
static int reads_init(const struct pic *p, int t, int i)
{
	size_t k;
	json_t *e;
	json_array_foreach(json_object_get(p->x, "rf"), k, e)
		if (same_ref(json_object_get(e, "read"), t, i))
			return json_is_null(json_object_get(e, "write"));
	return 0;
}

/* The three lines of event (t, i): access, instruction, source (each malloc'd). */
static void texts(const struct pic *p, int t, int i, char *out[3])
{
	json_t *th = json_array_get(json_object_get(p->x, "threads"), (size_t)t);
	json_t *ev = json_array_get(json_object_get(th, "events"), (size_t)i);
	out[0] = access_text(ev, reads_init(p, t, i));
	out[1] = insn_text(p, ev);
	out[2] = source_text(p, ev);
}

static void layout(struct pic *p)
{
	json_t *threads = json_object_get(p->x, "threads");
	p->ncols = (int)json_array_size(threads);
	p->cols = xcalloc((size_t)p->ncols + 1, sizeof *p->cols);
	double x = LEFT;
	for (int t = 0; t < p->ncols; t++) {
		json_t *th = json_array_get(threads, (size_t)t);
		size_t longest = strlen(str(th, "fn")) + 4;
		p->cols[t].n = (int)json_array_size(json_object_get(th, "events"));
		for (int i = 0; i < p->cols[t].n; i++) {
			char *s[3];
			texts(p, t, i, s);
			for (int k = 0; k < 3; k++) {
				if (strlen(s[k]) > longest)
					longest = strlen(s[k]);
				free(s[k]);
			}
		}
		p->cols[t].x = x;
		p->cols[t].w = (double)longest * CH + 2 * PAD;
		x += p->cols[t].w + GAP;
	}
}

static double ev_y(int i)
{
	return TOP + i * (BH + VG);
}

static void put_text(struct buf *b, double x, double y, const char *cls, const char *s)
{
	buf_printf(b, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\">", cls, x, y);
	buf_put_escaped(b, s, strlen(s));
	buf_puts(b, "</text>");
}

static void draw_event(struct pic *p, int t, int i)
{
	json_t *th = json_array_get(json_object_get(p->x, "threads"), (size_t)t);
	json_t *ev = json_array_get(json_object_get(th, "events"), (size_t)i);
	const struct col *c = &p->cols[t];
	char *s[3];
	texts(p, t, i, s);
	double y = ev_y(i);
	buf_printf(p->b,
		   "<a class=\"a8-ev\" href=\"%s\" data-thread=\"%d\" data-event=\"%d\" data-fn=\"",
		   p->nm->href ? p->nm->href : "#", t, i);
	buf_put_escaped(p->b, str(ev, "fn"), strlen(str(ev, "fn")));
	buf_puts(p->b, "\" data-addr=\"");
	buf_put_escaped(p->b, str(ev, "addr"), strlen(str(ev, "addr")));
	buf_printf(
		p->b,
		"\"><rect class=\"a8-box a8-%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\"/>",
		str(ev, "kind"), c->x, y, c->w, BH);
	put_text(p->b, c->x + PAD, y + 15, "a8-acc", s[0]);
	put_text(p->b, c->x + PAD, y + 31, "a8-insn", s[1]);
	put_text(p->b, c->x + PAD, y + 46, "a8-src", s[2]);
	buf_puts(p->b, "</a>");
	for (int k = 0; k < 3; k++)
		free(s[k]);
}

/* An arrowhead at (x, y) pointing along (dx, dy). */
static void head(struct buf *b, const char *cls, double x, double y, double dx, double dy)
{
	double l = sqrt(dx * dx + dy * dy);
	if (l == 0)
		return;
	dx /= l, dy /= l;
	buf_printf(b, "<polygon class=\"%s-head\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>", cls,
		   x, y, x - 9 * dx + 4.5 * dy, y - 9 * dy - 4.5 * dx, x - 9 * dx - 4.5 * dy,
		   y - 9 * dy + 4.5 * dx);
}

/* A straight edge, its label `at` of the way along it (a third for edges between columns: two that
 * cross keep their labels apart; half for program order, beside the line). */
static void line(struct buf *b, const char *cls, double x1, double y1, double x2, double y2,
		 const char *label, double at)
{
	buf_printf(b, "<path class=\"%s\" d=\"M%.1f %.1fL%.1f %.1f\"/>", cls, x1, y1, x2, y2);
	head(b, cls, x2, y2, x2 - x1, y2 - y1);
	put_text(b, x1 + (x2 - x1) * at + 6, y1 + (y2 - y1) * at + (x1 == x2 ? 4 : -4), "a8-label",
		 label);
}

/* A bent edge between two points of one column's side, bulging out to bend_x. */
static void arc(struct buf *b, const char *cls, double x, double y1, double y2, double bend_x,
		const char *label)
{
	buf_printf(b, "<path class=\"%s\" d=\"M%.1f %.1fC%.1f %.1f %.1f %.1f %.1f %.1f\"/>", cls, x,
		   y1, bend_x, y1, bend_x, y2, x, y2);
	head(b, cls, x, y2, x - bend_x, 0);
	double lx = bend_x > x ? bend_x - 2 : bend_x + 2;
	buf_printf(b, "<text class=\"a8-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">", lx,
		   (y1 + y2) / 2 + 4, bend_x > x ? "start" : "end");
	buf_put_escaped(b, label, strlen(label));
	buf_puts(b, "</text>");
}

/* An edge from event a to event b (refs [t, i]), dy apart from the boxes' middles. */
static void edge(struct pic *p, json_t *ra, json_t *rb, const char *cls, const char *label,
		 double dy)
{
	int ta = (int)json_integer_value(json_array_get(ra, 0));
	int tb = (int)json_integer_value(json_array_get(rb, 0));
	double ya = ev_y((int)json_integer_value(json_array_get(ra, 1))) + BH / 2 + dy;
	double yb = ev_y((int)json_integer_value(json_array_get(rb, 1))) + BH / 2 + dy;
	const struct col *a = &p->cols[ta], *c = &p->cols[tb];
	if (ta == tb)
		arc(p->b, cls, a->x + a->w, ya, yb, a->x + a->w + 40, label);
	else if (ta < tb)
		line(p->b, cls, a->x + a->w, ya, c->x, yb, label, 0.3);
	else
		line(p->b, cls, a->x, ya, c->x + c->w, yb, label, 0.3);
}

static int missing(const struct pic *p, int t, int i, int j)
{
	size_t k;
	json_t *u;
	json_array_foreach(json_object_get(p->x, "unordered"), k, u)
		if (json_integer_value(json_array_get(u, 0)) == t &&
		    json_integer_value(json_array_get(u, 1)) == i &&
		    json_integer_value(json_array_get(u, 2)) == j)
			return 1;
	return 0;
}

/* Program order down each column; a contradicted, unordered pair of neighbours is dashed, others
 * are arcs on the column's left. */
static void draw_po(struct pic *p)
{
	for (int t = 0; t < p->ncols; t++) {
		const struct col *c = &p->cols[t];
		for (int i = 0; i + 1 < c->n; i++) {
			int miss = missing(p, t, i, i + 1);
			line(p->b, miss ? "a8-miss" : "a8-po", c->x + 24, ev_y(i) + BH, c->x + 24,
			     ev_y(i + 1), miss ? "po: not ordered" : "po", 0.5);
		}
	}
	size_t k;
	json_t *u;
	json_array_foreach(json_object_get(p->x, "unordered"), k, u) {
		int t = (int)json_integer_value(json_array_get(u, 0));
		int i = (int)json_integer_value(json_array_get(u, 1));
		int j = (int)json_integer_value(json_array_get(u, 2));
		if (j > i + 1 && t < p->ncols)
			arc(p->b, "a8-miss", p->cols[t].x, ev_y(i) + BH / 2, ev_y(j) + BH / 2,
			    p->cols[t].x - 40, "not ordered");
	}
}

static void draw_com(struct pic *p)
{
	size_t k, n;
	json_t *e, *w;
	json_array_foreach(json_object_get(p->x, "rf"), k, e)
		if (!json_is_null(json_object_get(e, "write")))
			edge(p, json_object_get(e, "write"), json_object_get(e, "read"), "a8-rf",
			     "rf", -8);
	json_array_foreach(json_object_get(p->x, "co"), k, e) {
		json_t *prev = NULL;
		json_array_foreach(json_object_get(e, "writes"), n, w) {
			if (prev)
				edge(p, prev, w, "a8-co", "co", 0);
			prev = w;
		}
	}
	json_array_foreach(json_object_get(p->x, "fr"), k, e)
		edge(p, json_object_get(e, "read"), json_object_get(e, "write"), "a8-fr", "fr", 8);
}

/* 1 when the list deps[kind] holds i. */
static int lists(json_t *deps, const char *kind, int i)
{
	size_t k;
	json_t *v;
	json_array_foreach(json_object_get(deps, kind), k, v)
		if (json_integer_value(v) == i)
			return 1;
	return 0;
}

/* The dependencies of event j on the earlier read i of its thread, as a label ("addr", "data,
 * pick-ctrl"); *pick is set when one is a pick dependency. Empty when there is none. */
static void dep_label(json_t *deps, int i, struct buf *label, int *pick)
{
	static const char *const kinds[] = { "addr",	  "data",      "ctrl",
					     "pick_addr", "pick_data", "pick_ctrl" };
	*pick = 0;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		if (!lists(deps, kinds[k], i))
			continue;
		buf_printf(label, "%s%s%s", label->len ? ", " : "", k >= 3 ? "pick-" : "",
			   kinds[k] + (k >= 3 ? 5 : 0));
		*pick |= k >= 3;
	}
}

/* The dependency edges (the execution's deps: address, data, control and pick, each from the read
 * depended on to the event), arcs on the column's right, the longer ones bulging further; a pick
 * dependency (through a CSEL/CSET's or a CAS's condition) is drawn in its own class. */
static void draw_deps(struct pic *p)
{
	for (int t = 0; t < p->ncols; t++) {
		json_t *th = json_array_get(json_object_get(p->x, "threads"), (size_t)t);
		const struct col *c = &p->cols[t];
		for (int j = 1; j < c->n; j++) {
			json_t *deps = json_object_get(
				json_array_get(json_object_get(th, "events"), (size_t)j), "deps");
			for (int i = 0; i < j; i++) {
				struct buf label = { 0 };
				int pick;
				dep_label(deps, i, &label, &pick);
				double bend = 16 + 12 * (j - i);
				if (label.len)
					arc(p->b, pick ? "a8-pick" : "a8-dep", c->x + c->w,
					    ev_y(i) + BH / 2 + 10, ev_y(j) + BH / 2 + 10,
					    c->x + c->w + (bend < 100 ? bend : 100),
					    buf_str(&label));
				buf_free(&label);
			}
		}
	}
}

char *a8svg_draw(json_t *execution, const struct a8svg_names *names)
{
	struct buf b = { 0 };
	struct pic p = { execution, names, NULL, 0, &b };
	layout(&p);
	if (!p.ncols) {
		free(p.cols);
		return NULL;
	}
	int most = 0;
	for (int t = 0; t < p.ncols; t++)
		most = p.cols[t].n > most ? p.cols[t].n : most;
	const struct col *last = &p.cols[p.ncols - 1];
	double w = last->x + last->w + 60, h = ev_y(most) + 4;
	buf_printf(
		&b,
		"<svg class=\"a8-pic\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" role=\"group\" aria-label=\"The execution: each thread's accesses in program order, with the edges between them\">",
		w, h, w, h);
	for (int t = 0; t < p.ncols; t++) {
		json_t *th = json_array_get(json_object_get(execution, "threads"), (size_t)t);
		put_text(&b, p.cols[t].x, 16, "a8-thread", str(th, "fn"));
		for (int i = 0; i < p.cols[t].n; i++)
			draw_event(&p, t, i);
	}
	draw_po(&p);
	draw_deps(&p);
	draw_com(&p);
	buf_puts(&b, "</svg>");
	free(p.cols);
	return buf_take(&b);
}
