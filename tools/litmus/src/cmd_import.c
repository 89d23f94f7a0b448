/*
 * cmd_import.c - litmus-tool import: every *.litmus of a folder (a kernel tree's
 * tools/memory-model/litmus-tests, or the project's own tests) becomes
 *   OUT_DIR/examples/<name>.c   the course example (convert.h)
 *   OUT_DIR/ref/<name>.json     the reference's outcomes (outjson.h)
 *   OUT_DIR/summary.json        one row per file: status, verdicts, why it was skipped
 * and a table on stdout; litmus-tool examples converts the tests a list names into one folder
 * (examples/litmus/). Tests using RCU or other unsupported features are skipped with their
 * reason; a malformed file, a clash of example names or a herd verdict that SC, x86-TSO or
 * Armv8 contradicts is an error (exit status 1), reported as "file:line: message". A column
 * says "partial" when that model's search stopped at a bound, and the Armv8 column
 * "unsupported" (with "not supported under Armv8: file:line: why" on the next line) for a test
 * the Armv8 mode cannot run (armv8.h): neither is a verdict.
 */
#define _POSIX_C_SOURCE 200809L
#include <jansson.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cmds.h"
#include "convert.h"
#include "files.h"

struct row {
	struct buf file, reason, description;
	char name[LIT_TEST_NAME], example[LIT_TEST_NAME];
	char ref[LIT_TEST_NAME]; /* the name of its ref/<name>.json (and examples/<name>.c, if any) */
	const char *status;	 /* "ok", "no example", "partial", "skipped", "not C", "error" */
	char lkmm[16], sc[16], tso[16], armv8[16];
	struct buf armv8_why;	   /* "file:line: why" when Armv8 cannot run the test */
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
	if (r->description.len)
		json_object_set_new(o, "description", json_string(buf_str(&r->description)));
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
	if (r->armv8_why.len)
		json_object_set_new(o, "armv8_unsupported", json_string(buf_str(&r->armv8_why)));
	return o;
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

/* What an import needs for each file. */
struct import {
	const char *dir, *out_dir, *page;
	uint64_t max_states;
	int n, jobs;
	char **files;		      /* paths under dir */
	char (*names)[LIT_TEST_NAME]; /* each file's test name, "" when it does not parse */
	char (*refs)[LIT_TEST_NAME];  /* its ref/<name>.json name, "" when it has none */
	int *clash;		      /* -1, or the earlier file whose ref name it has */
	json_t **rows;		      /* each file's summary row */
};

/* A file that did not parse (or lower, or enumerate): its row; 1 when it is an error. */
static int not_run(struct row *r, enum lit_status s, const char *err)
{
	static const char *const status[] = { [LIT_BAD] = "error",
					      [LIT_UNSUPPORTED] = "skipped",
					      [LIT_RCU] = "skipped",
					      [LIT_NOT_C] = "not C" };
	r->status = status[s];
	buf_printf(&r->reason, "%s%s", s == LIT_RCU ? "RCU: " : "", err);
	return s == LIT_BAD;
}

/* Every file's ref name, in the order of the files (the first of two with one name keeps it). */
static void ref_names(struct import *im)
{
	im->refs = xcalloc((size_t)im->n, sizeof *im->refs);
	im->clash = xcalloc((size_t)im->n, sizeof *im->clash);
	for (int k = 0; k < im->n; k++) {
		im->clash[k] = -1;
		if (!im->names[k][0])
			continue;
		lit_example_name(im->names[k], needs_humps(im->names, im->n, k, im->names[k]),
				 im->refs[k], sizeof im->refs[k]);
		for (int i = 0; i < k && im->clash[k] < 0; i++)
			if (im->refs[i][0] && im->clash[i] < 0 && !strcmp(im->refs[i], im->refs[k]))
				im->clash[k] = i;
	}
}

/* The reference's JSON and the example (or why there is none) of a run; 1 when an output could
 * not be written. */
static int write_results(struct import *im, struct row *r, const struct lit_run *run,
			 const char *name)
{
	char err[1024], id[LIT_TEST_NAME + 8];
	xsnprintf(id, sizeof id, "litmus/%s", name);
	char *json = run_json_text(run, id);
	int bad = !json || write_out(im->out_dir, "ref", name, ".json", json, strlen(json)) != 0;
	free(json);
	struct buf ex = { 0 };
	if (bad) {
		buf_printf(&r->reason, "%s:1: cannot write the outputs", run->t->file);
	} else if (run->r[LM_SC].partial || run->r[LM_TSO].partial) {
		r->status = "partial"; /* no verdict: no example, whose expect lines need one */
		partial_message(run, err, sizeof err);
		buf_puts(&r->reason, err);
	} else if (example_text(run, run->t->file, im->page, 0, 1, &r->lines, &ex, err,
				sizeof err) == 0) {
		xsnprintf(r->example, sizeof r->example, "%s", name);
		bad = write_out(im->out_dir, "examples", name, ".c", buf_str(&ex), ex.len) != 0;
		r->status = bad ? "error" : "ok";
		if (bad)
			buf_printf(&r->reason, "%s:1: cannot write the outputs", run->t->file);
	} else {
		r->status = "no example";
		buf_puts(&r->reason, err);
	}
	buf_free(&ex);
	return bad;
}

/* A run's results into r (its ref name is im->refs[k]); 1 when it is an error. */
static int import_run(struct import *im, int k, struct row *r, const struct lit_run *run)
{
	char err[1024];
	xsnprintf(r->name, sizeof r->name, "%s", run->t->name);
	xsnprintf(r->lkmm, sizeof r->lkmm, "%s", run->t->result);
	if (run->t->description)
		buf_puts(&r->description, run->t->description);
	xsnprintf(r->sc, sizeof r->sc, "%s", lit_verdict(&run->r[LM_SC]));
	xsnprintf(r->tso, sizeof r->tso, "%s", lit_verdict(&run->r[LM_TSO]));
	const struct lit_result *a = &run->r[LM_ARMV8];
	xsnprintf(r->armv8, sizeof r->armv8, "%s", lit_verdict(a));
	if (a->unsupported)
		buf_printf(&r->armv8_why, "%s:%d: %s", run->t->file, a->unsupported_line,
			   a->unsupported);
	if (!im->refs[k][0] || im->clash[k] >= 0) {
		buf_printf(&r->reason, "%s:1: example name '%s' %s%s", run->t->file, im->refs[k],
			   im->refs[k][0] ? "is also the name of " : "is empty",
			   im->refs[k][0] ? im->files[im->clash[k]] : "");
		return 1;
	}
	xsnprintf(r->ref, sizeof r->ref, "%s", im->refs[k]);
	if (lkmm_agrees(run, err, sizeof err) < 0) {
		buf_puts(&r->reason, err);
		return 1;
	}
	return write_results(im, r, run, im->refs[k]);
}

/* File k's summary row (an error is reported on stderr too). */
static json_t *import_one(struct import *im, int k)
{
	struct row r = { .status = "error" };
	char err[1024];
	struct lit_run run;
	buf_printf(&r.file, "%s/%s", im->dir, im->files[k]);
	enum lit_status s = lit_run_file(buf_str(&r.file), im->max_states, &run, err, sizeof err);
	int bad = s != LIT_OK ? not_run(&r, s, err) : import_run(im, k, &r, &run);
	if (bad)
		fprintf(stderr, "%s\n", buf_str(&r.reason));
	lit_run_free(&run);
	json_t *j = row_json(&r);
	buf_free(&r.file);
	buf_free(&r.reason);
	buf_free(&r.description);
	buf_free(&r.armv8_why);
	free(r.lines.litmus);
	return j;
}

/* The rows of the files k with k % jobs == j, into dir/.rows/<k>.json; the exit status. */
static int worker(struct import *im, int j)
{
	int rc = 0;
	for (int k = j; k < im->n; k += im->jobs) {
		json_t *row = import_one(im, k);
		char *text = json_dumps(row, JSON_PRESERVE_ORDER), name[32];
		xsnprintf(name, sizeof name, "%d", k);
		rc |= !text || write_out(im->out_dir, ".rows", name, ".json", text, strlen(text));
		free(text);
		json_decref(row);
	}
	return rc;
}

/* Every file's row into im->rows: one at a time, or in im->jobs processes; 0 or -1. */
static int run_all(struct import *im)
{
	im->rows = xcalloc((size_t)im->n, sizeof *im->rows);
	if (im->jobs == 1) {
		for (int k = 0; k < im->n; k++)
			im->rows[k] = import_one(im, k);
		return 0;
	}
	fflush(NULL);
	int failed = 0;
	for (int j = 0; j < im->jobs; j++) {
		pid_t pid = fork();
		if (pid == 0)
			_exit(worker(im, j));
		failed |= pid < 0;
	}
	for (int status; wait(&status) > 0;)
		failed |= !WIFEXITED(status) || WEXITSTATUS(status);
	for (int k = 0; k < im->n && !failed; k++) {
		char *path = xasprintf("%s/.rows/%d.json", im->out_dir, k);
		im->rows[k] = json_load_file(path, 0, NULL);
		failed |= !im->rows[k];
		unlink(path);
		free(path);
	}
	char *dir = xasprintf("%s/.rows", im->out_dir);
	rmdir(dir);
	free(dir);
	return failed ? -1 : 0;
}

static const char *field(const json_t *row, const char *key)
{
	const char *s = json_string_value(json_object_get(row, key));
	return s ? s : "";
}

/* The table on stdout; files not run are named by their path under dir. */
static void print_table(const struct import *im)
{
	printf("%-50s %-10s %-10s %-10s %-11s %s\n", "test", "LKMM", "SC", "x86-TSO", "Armv8",
	       "example");
	for (int k = 0; k < im->n; k++) {
		const json_t *r = im->rows[k];
		const char *st = field(r, "status"), *lkmm = field(r, "lkmm"),
			   *ex = field(r, "example");
		if (!strcmp(st, "ok") || !strcmp(st, "no example") || !strcmp(st, "partial"))
			printf("%-50s %-10s %-10s %-10s %-11s %s%s\n", field(r, "name"),
			       *lkmm ? lkmm : "-", field(r, "sc"), field(r, "tso"),
			       field(r, "armv8"), *ex ? "litmus/" : "",
			       *ex ? ex : field(r, "reason"));
		else
			printf("%-50s %s: %s\n", im->files[k], st, field(r, "reason"));
		if (*field(r, "armv8_unsupported"))
			printf("  not supported under Armv8: %s\n", field(r, "armv8_unsupported"));
	}
}

/* The count of rows with that status. */
static int count(const struct import *im, const char *status)
{
	int c = 0;
	for (int k = 0; k < im->n; k++)
		c += !strcmp(field(im->rows[k], "status"), status);
	return c;
}

/* The table, the summary line and summary.json; the number of errors among the rows (and 1
 * more when summary.json cannot be written). */
static int summarise(struct import *im)
{
	int errors = count(im, "error");
	print_table(im);
	printf("%d files: %d examples, %d without one, %d partial, %d skipped, %d not C, %d "
	       "errors\n",
	       im->n, count(im, "ok"), count(im, "no example"), count(im, "partial"),
	       count(im, "skipped"), count(im, "not C"), errors);
	json_t *tests = json_array();
	for (int k = 0; k < im->n; k++)
		json_array_append(tests, im->rows[k]);
	json_t *sum = json_pack("{s:s, s:o}", "dir", im->dir, "tests", tests);
	char *s = json_dumps(sum, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	if (!s || write_out(im->out_dir, ".", "summary", ".json", s, strlen(s)) != 0)
		errors++;
	free(s);
	json_decref(sum);
	return errors;
}

/* Every file's test name (two that differ only in case get examples named with humps). */
static void test_names(struct import *im)
{
	im->names = xcalloc((size_t)im->n, sizeof *im->names);
	for (int k = 0; k < im->n; k++) {
		struct lit_test *t;
		char err[1024];
		char *path = xasprintf("%s/%s", im->dir, im->files[k]);
		if (lit_parse_file(path, &t, err, sizeof err) == LIT_OK)
			xsnprintf(im->names[k], LIT_TEST_NAME, "%s", t->name);
		lit_free(t);
		free(path);
	}
}

/* --jobs: 1 to 64 */
static int jobs_option(const char *v, int *jobs)
{
	char *end;
	long n = v ? strtol(v, &end, 10) : 1;
	if (v && (*end || end == v || n < 1 || n > 64)) {
		fprintf(stderr, "litmus-tool: --jobs takes a whole number from 1 to 64, not '%s'\n",
			v);
		return -1;
	}
	*jobs = (int)n;
	return 0;
}

int cmd_import(int argc, char **argv)
{
	static const char *const opts[] = { "page", "max-states", "jobs", NULL };
	const char *vals[3] = { "litmus", NULL, NULL };
	struct import im = { .page = NULL };
	int i = options(argc, argv, opts, vals);
	if (i < 0 || i + 2 != argc || max_states_option(vals[1], &im.max_states) < 0 ||
	    jobs_option(vals[2], &im.jobs) < 0)
		return 2;
	im.dir = argv[i];
	im.out_dir = argv[i + 1];
	im.page = vals[0];
	im.files = files_list(im.dir, ".litmus", &im.n);
	if (!im.files || im.n == 0) {
		fprintf(stderr, "%s:1: no .litmus files here (or the folder cannot be read)\n",
			im.dir);
		files_list_free(im.files, im.n);
		return 1;
	}
	test_names(&im);
	ref_names(&im);
	int errors = run_all(&im) < 0 ? 1 : summarise(&im);
	for (int k = 0; k < im.n; k++)
		json_decref(im.rows[k]);
	free(im.rows);
	free(im.names);
	free(im.refs);
	free(im.clash);
	files_list_free(im.files, im.n);
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
	static const char *const opts[] = { "page", "max-states", NULL };
	const char *vals[2] = { "litmus", NULL };
	uint64_t max_states;
	int i = options(argc, argv, opts, vals);
	if (i < 0 || i + 3 != argc || max_states_option(vals[1], &max_states) < 0)
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
		char err[1024], name[LIT_TEST_NAME];
		struct lit_run run;
		/* "NAME [WORD...]": what the play mode makes of the test's condition */
		char *sp = strpbrk(names[k], " \t");
		int goal = sp ? list_flags(sp, argv[i + 1], 0) :
				0; /* read_list checked the words */
		if (sp)
			*sp = '\0';
		buf_printf(&path, "%s/%s.litmus", dir, names[k]);
		int bad = lit_run_file(buf_str(&path), max_states, &run, err, sizeof err) !=
				  LIT_OK ||
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
