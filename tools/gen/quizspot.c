/* quizspot: a spot quiz's answer from asm-tool's data, and its HTML (see quizspot.h). */
#include "quizspot.h"

#include <stdlib.h>
#include <string.h>

#include "datafiles.h"
#include "diag.h"

/* What the lookup found: borrowed from the data files, except marks. */
struct spot {
	const char *title; /* the example's */
	json_t *listing;   /* the data script's variants[variant]: thread -> [{name, insns}] */
	json_t *evidence;  /* its evidence[variant] */
	json_t *marks;	   /* new: "thread:f:i" -> [atom text, ...], the answer */
};

/* The data script of cell "<compiler>/<arch>/<opt>" in the example's page data, or NULL. */
static char *cell_script(json_t *ex, const char *cell, const char *data_dir)
{
	const char *slash = strrchr(cell, '/');
	size_t i, k;
	json_t *t, *o;
	json_array_foreach(json_object_get(ex, "targets"), i, t) {
		const char *name = json_string_value(json_object_get(t, "target"));
		if (!name || strlen(name) != (size_t)(slash - cell) ||
		    strncmp(name, cell, strlen(name)))
			continue;
		json_array_foreach(json_object_get(t, "opts"), k, o) {
			const char *s = json_string_value(json_object_get(o, "script"));
			if (!strcmp(json_string_value(json_object_get(o, "opt")), slash + 1) && s &&
			    !strncmp(s, "data/", 5))
				return xasprintf("%s/site/%s", data_dir, s + 5);
		}
	}
	return NULL;
}

/* Is the atom named by the quiz (or is every atom wanted)? Sets used[i] for the quiz's atom i. */
static int atom_wanted(const struct quiz *q, const char *atom, int *used)
{
	if (!q->natoms)
		return 1;
	for (size_t i = 0; i < q->natoms; i++)
		if (!strcmp(q->atoms[i], atom)) {
			used[i] = 1;
			return 1;
		}
	return 0;
}

/* Adds atom a's instructions to marks, each with the atom's text. */
static void mark_atom(json_t *marks, json_t *a)
{
	const char *th = json_string_value(json_object_get(a, "thread"));
	size_t i;
	json_t *ref;
	json_array_foreach(json_object_get(a, "insns"), i, ref) {
		char *key = xasprintf("%s:%lld:%lld", th,
				      (long long)json_integer_value(json_array_get(ref, 0)),
				      (long long)json_integer_value(json_array_get(ref, 1)));
		json_t *texts = json_object_get(marks, key);
		if (!texts)
			json_object_set_new(marks, key, texts = json_array());
		json_array_append(texts, json_object_get(a, "text"));
		free(key);
	}
}

/* Every atom of the evidence's predicates that the quiz wants, in marks; the quiz's atom: lines that
 * are not there are an error. */
static int mark_atoms(const struct quiz *q, const char *page, struct spot *sp)
{
	int *used = xcalloc(q->natoms + 1, sizeof *used), rc = 0;
	struct buf names = { 0 };
	size_t i, k;
	json_t *p, *a;
	json_array_foreach(json_object_get(sp->evidence, "predicates"), i, p)
		json_array_foreach(json_object_get(p, "atoms"), k, a) {
			const char *atom = json_string_value(json_object_get(a, "atom"));
			buf_printf(&names, "%s'%s'", names.len ? ", " : "", atom ? atom : "?");
			if (atom && atom_wanted(q, atom, used))
				mark_atom(sp->marks, a);
		}
	for (i = 0; i < q->natoms && rc == 0; i++)
		if (!used[i])
			rc = diag_at(
				page, q->atom_lines[i],
				"atom '%s' is not in the evidence of the %s variant of '%s' on %s "
				"(its atoms: %s)",
				q->atoms[i], q->spot_variant, q->spot_example, q->spot_cell,
				names.len ? names.data : "none");
	free(names.data);
	free(used);
	return rc;
}

/* The cell's listing and evidence for the quiz's variant, and the answer in sp->marks. */
static int spot_lookup(const struct quiz *q, const char *page, const char *data_dir,
		       struct spot *sp)
{
	char *file = xasprintf("%s/examples/%s.json", data_dir, q->spot_example), *script = NULL;
	json_t *ex, *cell = NULL;
	int rc = datafiles_load(file, &ex);
	if (rc == 0 && !ex)
		rc = diag_at(page, q->spot_line, "spot: no example '%s' (expected %s)",
			     q->spot_example, file);
	if (rc == 0 && !(script = cell_script(ex, q->spot_cell, data_dir)))
		rc = diag_at(page, q->spot_line, "spot: example '%s' has no cell '%s'",
			     q->spot_example, q->spot_cell);
	if (rc == 0 && (rc = datafiles_load_script(script, &cell)) == 0 && !cell)
		rc = diag_at(page, q->spot_line, "spot: no data for cell '%s' (expected %s)",
			     q->spot_cell, script);
	if (rc == 0) {
		sp->title = json_string_value(json_object_get(ex, "title"));
		sp->listing = json_object_get(json_object_get(cell, "variants"), q->spot_variant);
		sp->evidence = json_object_get(json_object_get(cell, "evidence"), q->spot_variant);
	}
	if (rc == 0 && (!json_is_object(sp->listing) || !json_is_object(sp->evidence)))
		rc = diag_at(page, q->spot_line,
			     "spot: example '%s' has no variant '%s' with evidence",
			     q->spot_example, q->spot_variant);
	if (rc == 0 && !json_is_true(json_object_get(sp->evidence, "holds")))
		rc = diag_at(page, q->spot_line,
			     "spot: the evidence of the %s variant of '%s' does not hold on %s, so "
			     "there is nothing to spot (%s)",
			     q->spot_variant, q->spot_example, q->spot_cell,
			     json_string_value(json_object_get(sp->evidence, "says")));
	if (rc == 0)
		rc = mark_atoms(q, page, sp);
	if (rc == 0 && json_object_size(sp->marks) == 0)
		rc = diag_at(
			page, q->spot_line,
			"spot: the evidence of the %s variant of '%s' matched no instruction on %s",
			q->spot_variant, q->spot_example, q->spot_cell);
	free(script);
	free(file);
	return rc;
}

static void put_text(struct buf *out, const char *s)
{
	buf_put_escaped(out, s ? s : "", s ? strlen(s) : 0);
}

/* "A load of var+off (w B)" for each access of insn, joined by " and "; the count. */
static size_t put_accesses(struct buf *out, json_t *insn)
{
	size_t i;
	json_t *a;
	json_array_foreach(json_object_get(insn, "acc"), i, a) {
		buf_puts(out, i ? " and a " : "A ");
		put_text(out, json_string_value(json_object_get(a, "kind")));
		buf_puts(out, " of ");
		put_text(out, json_string_value(json_object_get(a, "var")));
		json_int_t off = json_integer_value(json_object_get(a, "offset"));
		if (off)
			buf_printf(out, "+%lld", (long long)off);
		buf_printf(out, " (%lld&nbsp;B)",
			   (long long)json_integer_value(json_object_get(a, "width")));
	}
	return json_array_size(json_object_get(insn, "acc"));
}

/* Why insn is right (texts: the atoms that counted it) or wrong, as one sentence. */
static void put_why(struct buf *out, json_t *insn, json_t *texts)
{
	json_int_t src = json_integer_value(json_object_get(insn, "src"));
	size_t n = put_accesses(out, insn), i;
	json_t *t;
	if (!n)
		buf_puts(out, "This instruction accesses no variable");
	if (src > 0)
		buf_printf(out, n ? ", from line %lld" : " (it comes from line %lld)",
			   (long long)src);
	if (texts) {
		buf_puts(out, ": the evidence counts it (");
		json_array_foreach(texts, i, t) {
			buf_puts(out, i ? "; " : "");
			put_text(out, json_string_value(t));
		}
		buf_puts(out, ").");
	} else {
		buf_puts(out, n ? ", which the evidence does not count." : ".");
	}
	if (json_is_true(json_object_get(insn, "loop")))
		buf_puts(out, " It is inside a loop.");
}

static void put_insn_text(struct buf *out, json_t *insn)
{
	buf_puts(out, "<span class=\"asm-addr\">");
	put_text(out, json_string_value(json_object_get(insn, "addr")));
	buf_puts(out, "</span> <code class=\"asm-text\">");
	put_text(out, json_string_value(json_object_get(insn, "text")));
	buf_puts(out, "</code>");
}

/* One instruction as a choice (n: its number in the quiz); texts: its atoms' texts, NULL if wrong. */
static void put_line(const struct quiz *q, json_t *insn, json_t *texts, size_t n, struct buf *out)
{
	const char *label = json_string_value(json_object_get(insn, "label"));
	if (label) {
		buf_puts(out, "<li class=\"quiz-spot-label\">");
		put_text(out, label);
		buf_puts(out, ":</li>\n");
	}
	buf_printf(
		out,
		"<li class=\"quiz-choice quiz-spot-line\" data-choice=\"%zu\" data-correct=\"%s\">"
		"<label><input type=\"checkbox\" name=\"quiz-",
		n, texts ? "true" : "false");
	put_text(out, q->id);
	buf_printf(out, "\" value=\"%zu\"> <span class=\"quiz-choice-text\">", n);
	put_insn_text(out, insn);
	buf_printf(
		out,
		"</span></label><div class=\"quiz-feedback\"><p class=\"quiz-verdict\">%s</p><p>",
		texts ? "Right." : "Wrong.");
	put_why(out, insn, texts);
	buf_puts(out, "</p></div></li>\n");
}

/* A walk over the instructions of the threads that have a marked one, in listing order: the
 * listing's lines, or the answer key's (the marked ones). */
struct walk {
	const struct quiz *q;
	struct spot *sp;
	struct buf *out;
	size_t n; /* instructions so far */
	int key;  /* 0: the listing; 1: the answer key */
};

static void walk_insn(struct walk *w, json_t *insn, json_t *texts)
{
	w->n++;
	if (!w->key) {
		put_line(w->q, insn, texts, w->n, w->out);
		return;
	}
	if (!texts)
		return;
	buf_puts(w->out, "<li data-correct=\"true\"><strong>Right:</strong> <code>");
	put_text(w->out, json_string_value(json_object_get(insn, "addr")));
	buf_puts(w->out, "  ");
	put_text(w->out, json_string_value(json_object_get(insn, "text")));
	buf_puts(w->out, "</code> <span class=\"quiz-key-feedback\">");
	put_why(w->out, insn, texts);
	buf_puts(w->out, "</span></li>\n");
}

static int thread_marked(json_t *marks, const char *th)
{
	const char *key;
	json_t *v;
	size_t n = strlen(th);
	json_object_foreach(marks, key, v)
		if (!strncmp(key, th, n) && key[n] == ':')
			return 1;
	return 0;
}

static void walk_thread(struct walk *w, const char *th, json_t *fns)
{
	size_t f, i;
	json_t *fn, *insn;
	if (!w->key) {
		buf_puts(w->out, "<p class=\"quiz-spot-thread\">Thread <code>");
		put_text(w->out, th);
		buf_puts(w->out, "</code></p>\n");
	}
	json_array_foreach(fns, f, fn) {
		if (!w->key && json_array_size(fns) > 1) {
			buf_puts(w->out, "<p class=\"asm-fn\"><code>");
			put_text(w->out, json_string_value(json_object_get(fn, "name")));
			buf_puts(w->out, "</code></p>\n");
		}
		buf_puts(w->out, w->key ? "" : "<ol class=\"quiz-choices quiz-spot-lines\">\n");
		json_array_foreach(json_object_get(fn, "insns"), i, insn) {
			char *k = xasprintf("%s:%zu:%zu", th, f, i);
			walk_insn(w, insn, json_object_get(w->sp->marks, k));
			free(k);
		}
		buf_puts(w->out, w->key ? "" : "</ol>\n");
	}
}

static void walk(struct walk *w)
{
	const char *th;
	json_t *fns;
	w->n = 0;
	json_object_foreach(w->sp->listing, th, fns)
		if (thread_marked(w->sp->marks, th))
			walk_thread(w, th, fns);
}

/* "The plain variant of “Title”, compiled by gcc-12 for x86_64 at -O2." */
static void put_caption(const struct quiz *q, const struct spot *sp, struct buf *out)
{
	const char *cell = q->spot_cell, *s1 = strchr(cell, '/'), *s2 = strrchr(cell, '/');
	buf_puts(out, "<p class=\"quiz-spot-cell\">The <strong>");
	put_text(out, q->spot_variant);
	buf_puts(out, "</strong> variant of “");
	put_text(out, sp->title);
	buf_puts(out, "”, compiled by ");
	buf_put_escaped(out, cell, (size_t)(s1 - cell));
	buf_puts(out, " for ");
	buf_put_escaped(out, s1 + 1, (size_t)(s2 - s1 - 1));
	buf_puts(out, " at -");
	put_text(out, s2 + 1);
	buf_puts(out, ".</p>\n");
}

int quiz_spot_html(const struct quiz *q, const char *page, const char *data_dir,
		   const struct quiz_links *l, struct buf *out)
{
	struct spot sp = { .marks = json_object() };
	int rc = spot_lookup(q, page, data_dir, &sp);
	if (rc == 0) {
		struct buf extra = { 0 };
		buf_puts(&extra, " data-spot-example=\"");
		put_text(&extra, q->spot_example);
		buf_puts(&extra, "\" data-spot-cell=\"");
		put_text(&extra, q->spot_cell);
		buf_puts(&extra, "\" data-spot-variant=\"");
		put_text(&extra, q->spot_variant);
		buf_puts(&extra, "\"");
		struct walk w = { q, &sp, out, 0, 0 };
		quiz_html_open(q, extra.data, l, out);
		put_caption(q, &sp, out);
		buf_puts(out, "<form class=\"quiz-form quiz-spot-form\" action=\"#quiz-");
		put_text(out, q->id);
		buf_puts(out, "\">\n");
		walk(&w);
		quiz_html_actions(out);
		buf_puts(out,
			 "</form>\n<details class=\"quiz-answer\"><summary>Show answer</summary>\n"
			 "<p class=\"quiz-spot-says\">");
		put_text(out, json_string_value(json_object_get(sp.evidence, "says")));
		buf_puts(out, ".</p>\n<ul class=\"quiz-key\">\n");
		w.key = 1;
		walk(&w);
		buf_puts(out, "</ul>\n");
		quiz_html_close(q, l, out);
		free(extra.data);
	}
	json_decref(sp.marks);
	return rc;
}
