/* pagejson: a page's front matter and quizzes as JSON (see pagejson.h). */
#define _POSIX_C_SOURCE 200809L
#include "pagejson.h"

#include <errno.h>
#include <jansson.h>
#include <string.h>

#include "diag.h"
#include "frontmatter.h"
#include "markdown.h"

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *quiz_json(const struct quiz *q)
{
	json_t *choices = json_array(), *atoms = json_array();
	for (size_t i = 0; i < q->nchoices; i++)
		json_array_append_new(choices,
				      json_pack("{s:s, s:b, s:o}", "text", q->choices[i].text,
						"correct", q->choices[i].correct, "feedback",
						str_or_null(q->choices[i].feedback)));
	for (size_t i = 0; i < q->natoms; i++)
		json_array_append_new(atoms, json_string(q->atoms[i]));
	json_t *j = json_pack(
		"{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o}", "id", q->id, "type",
		quiz_type_name(q->type), "question", q->question ? q->question : "", "answer",
		str_or_null(q->answer), "explanation", str_or_null(q->explanation), "example",
		str_or_null(q->outcome_example ? q->outcome_example : q->spot_example), "variant",
		str_or_null(q->outcome_variant ? q->outcome_variant : q->spot_variant), "choices",
		choices);
	json_object_set_new(j, "cell", str_or_null(q->spot_cell));
	json_object_set_new(j, "atoms", atoms);
	return j;
}

/* One page's object, or NULL with the message in diag. */
static json_t *one_page(const char *path)
{
	char *text = read_file(path, NULL);
	if (!text) {
		diag_at(path, 0, "cannot read the page: %s", strerror(errno));
		return NULL;
	}
	struct front_matter fm;
	struct md_doc d;
	json_t *page = NULL;
	if (front_matter_parse(path, text, &fm) != 0)
		goto out;
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	char *slug = fm.slug ? xstrdup(fm.slug) : xstrndup(base, strcspn(base, "."));
	if (md_parse(&d, path, fm.body, fm.body_line, slug, NULL, NULL) == 0) {
		json_t *quizzes = json_array();
		for (size_t i = 0; i < d.nquizzes; i++)
			json_array_append_new(quizzes, quiz_json(&d.quizzes[i].quiz));
		page = json_pack("{s:s, s:o, s:o, s:I, s:o, s:s, s:o, s:b, s:i, s:o}", "path", path,
				 "title", str_or_null(fm.title), "summary", str_or_null(fm.summary),
				 "order", (json_int_t)fm.order, "section", str_or_null(fm.section),
				 "slug", slug, "template", str_or_null(fm.template_name), "nav",
				 fm.nav, "body_line", fm.body_line, "quizzes", quizzes);
		md_free(&d);
	}
	free(slug);
	front_matter_free(&fm);
out:
	free(text);
	return page;
}

int page_json(int nfiles, char **files, FILE *out)
{
	json_t *all = json_array();
	for (int i = 0; i < nfiles; i++) {
		json_t *p = one_page(files[i]);
		if (!p) {
			json_decref(all);
			return -1;
		}
		json_array_append_new(all, p);
	}
	int rc = json_dumpf(all, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER) == 0 ? 0 : -1;
	fputc('\n', out);
	json_decref(all);
	return rc;
}
