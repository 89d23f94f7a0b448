/*
 * cmd_import.c - litmus-tool import: every *.litmus of a folder (a kernel tree's
 * tools/memory-model/litmus-tests, or the project's own tests) becomes
 *   OUT_DIR/examples/<name>.c   the course example (convert.h)
 *   OUT_DIR/ref/<name>.json     the reference's outcomes (outjson.h)
 *   OUT_DIR/summary.json        one row per file: status, verdicts, why it was skipped
 * and a table on stdout; litmus-tool examples converts the tests a list names into one folder
 * (examples/litmus/). Tests using RCU or other unsupported features are skipped with their
 * reason; a malformed file, a clash of example names or a herd verdict that SC, x86-TSO or
 * Armv8 contradicts is an error (exit status 1), reported as "file:line: message". The Armv8
 * column says "partial" when the enumeration stopped at a bound (not a verdict).
 */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cmds.h"
#include "convert.h"
#include "files.h"

struct row {
	struct buf file, reason;
	char name[128], example[128];
	const char *status; /* "ok", "no example", "skipped", "error" */
	char lkmm[16], sc[16], tso[16], armv8[16];
	struct lit_line_map lines; /* the example's fixed statements' litmus lines */
};

static json_t *row_json(const struct row *r)
{
	json_t *o = json_pack("{s:s, s:s, s:s}", "file", buf_str(&r->file), "name", r->name,
			      "status", r->status);
	if (r->example[0])
		json_object_set_new(o, "example", json_string(r->example));
	if (r->reason.len)
		json_object_set_new(o, "reason", json_string(buf_str(&r->reason)));
	if (r->lkmm[0])
		json_object_set_new(o, "lkmm", json_string(r->lkmm));
	if (r->lines.n) { /* "lines": the litmus line of each line of the example file, 0 for none */
		json_t *a = json_array();
		for (size_t k = 0; k < r->lines.n; k++)
			json_array_append_new(a, json_integer(r->lines.litmus[k]));
		json_object_set_new(o, "lines", a);
	}
	if (r->sc[0]) {
		json_object_set_new(o, "sc", json_string(r->sc));
		json_object_set_new(o, "tso", json_string(r->tso));
		json_object_set_new(o, "armv8", json_string(r->armv8));
	}
	return o;
}

static int clashes(const struct row *rows, int n, const char *example)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(rows[i].example, example))
			return i;
	return -1;
}

/* Writes text to dir/sub/name.ext; 0 or -1. */
static int write_out(const char *dir, const char *sub, const char *name, const char *ext,
		     const char *text, size_t len)
{
	struct buf path = { 0 };
	buf_printf(&path, "%s/%s/%s%s", dir, sub, name, ext);
	int rc = files_write(buf_str(&path), text, len) != 0 ? -1 : 0;
	buf_free(&path);
	return rc;
}

/*
 * Whether the example of the test named `name` (file k of n) is named with humps
 * (lit_example_name): another test of the folder has the same lower-case example name
 * ("Z6.0+pooncelock+poonceLock+pombonce" and "Z6.0+pooncelock+pooncelock+pombonce"). names[i]
 * is file i's test name, "" when it does not parse.
 */
static int needs_humps(char (*names)[LIT_TEST_NAME], int n, int k, const char *name)
{
	char a[LIT_TEST_NAME], b[LIT_TEST_NAME];
	lit_example_name(name, 0, a, sizeof a);
	for (int i = 0; i < n; i++) {
		if (i == k || !names[i][0] || !strcmp(names[i], name))
			continue;
		lit_example_name(names[i], 0, b, sizeof b);
		if (!strcmp(a, b))
			return 1;
	}
	return 0;
}

/* One file into row r; returns 1 when it is an error. humps: see needs_humps. */
static int import_one(const char *path, const char *out_dir, const char *page, struct row *rows,
		      int nrows, char (*names)[LIT_TEST_NAME], int nnames)
{
	struct row *r = &rows[nrows];
	char err[1024], id[160];
	struct lit_run run;
	buf_puts(&r->file, path);
	enum lit_status s = lit_run_file(path, 0, &run, err, sizeof err);
	int bad = 0;
	if (s != LIT_OK) {
		r->status = s == LIT_BAD ? "error" : "skipped";
		buf_printf(&r->reason, "%s%s", s == LIT_RCU ? "RCU: " : "", err);
		bad = s == LIT_BAD;
		goto out;
	}
	snprintf(r->name, sizeof r->name, "%s", run.t->name);
	snprintf(r->lkmm, sizeof r->lkmm, "%s", run.t->result);
	snprintf(r->sc, sizeof r->sc, "%s", lit_verdict(&run.r[LM_SC]));
	snprintf(r->tso, sizeof r->tso, "%s", lit_verdict(&run.r[LM_TSO]));
	snprintf(r->armv8, sizeof r->armv8, "%s",
		 run.r[LM_ARMV8].partial ? "partial" : lit_verdict(&run.r[LM_ARMV8]));
	char name[128];
	lit_example_name(run.t->name, needs_humps(names, nnames, nrows, run.t->name), name,
			 sizeof name);
	int other = clashes(rows, nrows, name);
	r->status = "error";
	bad = 1;
	if (!name[0] || other >= 0) {
		buf_printf(&r->reason, "%s:1: example name '%s' %s%s", path, name,
			   other >= 0 ? "is also the name of " : "is empty",
			   other >= 0 ? buf_str(&rows[other].file) : "");
		goto out;
	}
	if (lkmm_agrees(&run, err, sizeof err) < 0) {
		buf_puts(&r->reason, err);
		goto out;
	}
	snprintf(id, sizeof id, "litmus/%s", name);
	char *json = run_json_text(&run, id);
	bad = !json || write_out(out_dir, "ref", name, ".json", json, strlen(json)) != 0;
	free(json);
	struct buf ex = { 0 };
	if (!bad && example_text(&run, path, page, 0, 1, &r->lines, &ex, err, sizeof err) == 0) {
		snprintf(r->example, sizeof r->example, "%s", name);
		bad = write_out(out_dir, "examples", name, ".c", buf_str(&ex), ex.len) != 0;
		r->status = "ok";
	} else if (!bad) {
		r->status = "no example";
		buf_puts(&r->reason, err);
	}
	buf_free(&ex);
	if (bad)
		buf_printf(&r->reason, "%s:1: cannot write the outputs", path);
out:
	if (bad)
		fprintf(stderr, "%s\n", buf_str(&r->reason));
	lit_run_free(&run);
	return bad;
}

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static void print_table(const struct row *rows, int n)
{
	printf("%-50s %-10s %-10s %-10s %-10s %s\n", "test", "LKMM", "SC", "x86-TSO", "Armv8",
	       "example");
	for (int i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		if (!strcmp(r->status, "ok") || !strcmp(r->status, "no example"))
			printf("%-50s %-10s %-10s %-10s %-10s %s%s\n", r->name,
			       r->lkmm[0] ? r->lkmm : "-", r->sc, r->tso, r->armv8,
			       r->example[0] ? "litmus/" : "",
			       r->example[0] ? r->example : buf_str(&r->reason));
		else
			printf("%-50s %s: %s\n", base(buf_str(&r->file)), r->status,
			       buf_str(&r->reason));
	}
}

int cmd_import(int argc, char **argv)
{
	static const char *const opts[] = { "page", NULL };
	const char *vals[1] = { "litmus" };
	int i = options(argc, argv, opts, vals);
	if (i < 0 || i + 2 != argc)
		return 2;
	const char *dir = argv[i], *out_dir = argv[i + 1];
	int n;
	char **names = files_list(dir, ".litmus", &n);
	if (!names || n == 0) {
		fprintf(stderr, "%s:1: no .litmus files here (or the folder cannot be read)\n",
			dir);
		files_list_free(names, n);
		return 1;
	}
	struct row *rows = calloc((size_t)n, sizeof *rows);
	if (!rows) {
		files_list_free(names, n);
		return 1;
	}
	/* the test names first: two that differ only in case get examples named with humps */
	char(*tests_names)[LIT_TEST_NAME] = xcalloc((size_t)n, sizeof *tests_names);
	for (int k = 0; k < n; k++) {
		struct buf path = { 0 };
		struct lit_test *t;
		char err[1024];
		buf_printf(&path, "%s/%s", dir, names[k]);
		if (lit_parse_file(buf_str(&path), &t, err, sizeof err) == LIT_OK)
			snprintf(tests_names[k], LIT_TEST_NAME, "%s", t->name);
		lit_free(t);
		buf_free(&path);
	}
	int errors = 0, converted = 0, skipped = 0;
	json_t *tests = json_array();
	for (int k = 0; k < n; k++) {
		struct buf path = { 0 };
		buf_printf(&path, "%s/%s", dir, names[k]);
		errors += import_one(buf_str(&path), out_dir, vals[0], rows, k, tests_names, n);
		buf_free(&path);
		converted += rows[k].example[0] != 0;
		skipped += !strcmp(rows[k].status, "skipped");
		json_array_append_new(tests, row_json(&rows[k]));
	}
	print_table(rows, n);
	printf("%d files: %d examples, %d skipped, %d errors\n", n, converted, skipped, errors);
	json_t *sum = json_pack("{s:s, s:o}", "dir", dir, "tests", tests);
	char *s = json_dumps(sum, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	if (!s || write_out(out_dir, ".", "summary", ".json", s, strlen(s)) != 0)
		errors++;
	free(s);
	json_decref(sum);
	for (int k = 0; k < n; k++) {
		buf_free(&rows[k].file);
		buf_free(&rows[k].reason);
		free(rows[k].lines.litmus);
	}
	free(rows);
	free(tests_names);
	files_list_free(names, n);
	return errors ? 1 : 0;
}

/* The LIT_GOAL_* flag of a word of the examples list; 0 for an unknown word. */
static int list_word(const char *w, size_t len)
{
	static const struct {
		const char *word;
		int flag;
	} words[] = { { "goal", LIT_GOAL_PLAIN },
		      { "goal-tso.plain", LIT_GOAL_TSO_PLAIN },
		      { "goal-tso.fixed", LIT_GOAL_TSO_FIXED },
		      { "never", LIT_NEVER } };
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strlen(words[i].word) == len && !strncmp(w, words[i].word, len))
			return words[i].flag;
	return 0;
}

/* The flags of the words after the name (a NUL-terminated rest of a line); -1 after printing
 * "file:line: message" for an unknown word. */
static int list_flags(const char *rest, const char *path, int lineno)
{
	int flags = 0;
	for (const char *w = rest + strspn(rest, " \t"); *w; w += strspn(w, " \t")) {
		size_t len = strcspn(w, " \t");
		int f = list_word(w, len);
		if (!f) {
			fprintf(stderr,
				"%s:%d: unknown word '%.*s' after the test name (goal, "
				"goal-tso.plain, goal-tso.fixed, never)\n",
				path, lineno, (int)len, w);
			return -1;
		}
		flags |= f;
		w += len;
	}
	return flags;
}

/* The test names of a list file: one per line (of any length), # comments, a name optionally
 * followed by words (list_word). NULL when it cannot be read whole (*n == 0), or after printing
 * "file:line: message" for a line with an unknown word (*n == -1). */
static char **read_list(const char *path, int *n)
{
	*n = 0;
	char *text = read_file(path, NULL);
	if (!text)
		return NULL;
	char **names = xcalloc(1, sizeof *names);
	int cap = 1, lineno = 0;
	for (char *line = text, *next; line; line = next) {
		lineno++;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		char *h = strchr(line, '#'), *e;
		if (h)
			*h = '\0';
		for (e = line + strlen(line); e > line && (e[-1] == ' ' || e[-1] == '\t');)
			*--e = '\0';
		char *b = line + strspn(line, " \t");
		if (!*b)
			continue;
		/* "NAME [WORD...]" (cmd_examples) */
		char *sp = strpbrk(b, " \t");
		if (sp && list_flags(sp, path, lineno) < 0) {
			files_list_free(names, *n);
			free(text);
			*n = -1;
			return NULL;
		}
		if (*n == cap)
			names = xrealloc(names, (size_t)(cap *= 2) * sizeof *names);
		names[(*n)++] = xstrdup(b);
	}
	free(text);
	return names;
}

int cmd_examples(int argc, char **argv)
{
	static const char *const opts[] = { "page", NULL };
	const char *vals[1] = { "litmus" };
	int i = options(argc, argv, opts, vals);
	if (i < 0 || i + 3 != argc)
		return 2;
	const char *dir = argv[i], *out_dir = argv[i + 2];
	int n, errors = 0;
	char **names = read_list(argv[i + 1], &n);
	if (!names) {
		if (n == 0)
			fprintf(stderr, "%s:1: cannot read the list\n", argv[i + 1]);
		return 1;
	}
	for (int k = 0; k < n; k++) {
		struct buf path = { 0 }, ex = { 0 };
		char err[1024], name[128];
		struct lit_run run;
		/* "NAME [WORD...]": what the play mode makes of the test's condition */
		char *sp = strpbrk(names[k], " \t");
		int goal = sp ? list_flags(sp, argv[i + 1], 0) :
				0; /* read_list checked the words */
		if (sp)
			*sp = '\0';
		buf_printf(&path, "%s/%s.litmus", dir, names[k]);
		int bad = lit_run_file(buf_str(&path), 0, &run, err, sizeof err) != LIT_OK ||
			  example_text(&run, buf_str(&path), vals[0], goal, 0, NULL, &ex, err,
				       sizeof err) != 0;
		if (bad) {
			fprintf(stderr, "%s\n", err);
		} else {
			lit_example_name(run.t->name, 0, name, sizeof name);
			bad = write_out(out_dir, ".", name, ".c", buf_str(&ex), ex.len) != 0;
		}
		errors += bad;
		lit_run_free(&run);
		buf_free(&path);
		buf_free(&ex);
	}
	files_list_free(names, n);
	return errors ? 1 : 0;
}
