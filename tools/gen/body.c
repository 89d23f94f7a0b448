/* body: a page's Markdown rendered to HTML through md_render, with the generator's hooks: page links made
 * relative (or pointed inside print.html), data directives rendered by their templates, quizzes (outcome
 * quizzes answered from the explorer's data, spot quizzes from asm-tool's). */
#include "body.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

#include "datafiles.h"
#include "diag.h"
#include "links.h"
#include "luajson.h"
#include "outcomes.h"
#include "pagevars.h"
#include "quizhtml.h"
#include "quizspot.h"

struct body_ctx {
	struct site *s;
	struct page *page;
	int print;
	int page_idx; /* stack index of the page table given to directive templates */
};

static char *subst(const char *pattern, const char *data_dir, const char *arg)
{
	struct buf b = { 0 };
	for (const char *p = pattern; *p;) {
		if (!strncmp(p, "{arg}",
			     5)) { /* up to a qualifier: "id@cell" names the file of id */
			buf_put(&b, arg, strcspn(arg, "@!"));
			p += 5;
		} else if (!strncmp(p, "{data}", 6)) {
			buf_puts(&b, data_dir);
			p += 6;
		} else {
			buf_putc(&b, *p++);
		}
	}
	return buf_take(&b);
}

static int is_quiz_anchor(const struct page *p, const char *anchor)
{
	if (strncmp(anchor, "quiz-", 5) != 0)
		return 0;
	for (size_t i = 0; i < p->doc.nquizzes; i++)
		if (!strcmp(anchor + 5, p->doc.quizzes[i].quiz.id))
			return 1;
	return 0;
}

/* A link to a page outside --content: <root><link_base><path under the content dir>.html[#anchor]. */
static char *external_link(const struct body_ctx *c, const char *target, const char *anchor)
{
	char *dir = link_normalize(c->s->opt->content);
	size_t n = dir ? strlen(dir) : 0;
	char *r = NULL;
	if (dir && !strncmp(target, dir, n) && target[n] == '/' && strlen(target + n) > 4)
		r = xasprintf("%s%s%.*s.html%s%s", c->page->root, c->s->opt->link_base,
			      (int)(strlen(target + n + 1) - 3), target + n + 1, anchor ? "#" : "",
			      anchor ? anchor : "");
	free(dir);
	return r;
}

/* Page links become relative .html links; in print.html they point inside the page. Links were checked
 * by site_load, so an unknown target here is left alone. */
static char *hook_link(void *vctx, const char *url)
{
	struct body_ctx *c = vctx;
	char *target, *anchor;
	int k = link_page_target(c->page->source, url, &target, &anchor);
	if (k == 0 && url[0] == '#' && url[1])
		anchor = xstrdup(url + 1);
	const struct page *t = k == 1 ? site_page_by_source(c->s, target) : anchor ? c->page : NULL;
	char *r = NULL;
	if (t && c->print) {
		if (anchor && is_quiz_anchor(t, anchor))
			r = xasprintf("#%s", anchor); /* quiz sections keep their site-wide ids */
		else if (anchor)
			r = xasprintf("#%s--%s", t->print_id, anchor);
		else
			r = xasprintf("#%s", t->print_id);
	} else if (t && k == 1) {
		r = anchor ? xasprintf("%s%s#%s", c->page->root, t->path, anchor) :
			     xasprintf("%s%s", c->page->root, t->path);
	} else if (k == 1 && c->s->opt->link_base) {
		r = external_link(c, target, anchor);
	}
	free(target);
	free(anchor);
	return r;
}

static int hook_directive(void *vctx, const struct md_directive *dir, struct buf *out)
{
	struct body_ctx *c = vctx;
	const struct directive_conf *conf = site_directive(c->s, dir->name);
	lua_State *L = engine_lua(c->s->engine);
	if (!engine_template_exists(c->s->engine, conf->template_name)) {
		char *path = engine_template_path(c->s->engine, conf->template_name);
		diag_at(c->page->source, dir->line, "missing template '%s' for '%s' blocks (%s)",
			conf->template_name, dir->name, path);
		free(path);
		return -1;
	}
	lua_newtable(L);
	int vars = lua_gettop(L);
	lua_pushvalue(L, c->page_idx);
	lua_setfield(L, vars, "page");
	pagevars_push_site(
		c->s,
		c->page); /* the same `site` as the page's template (`build` is a base global) */
	lua_setfield(L, vars, "site");
	lua_pushstring(L, dir->arg);
	lua_setfield(L, vars, "arg");
	for (size_t i = 0; i < conf->ndata; i++) {
		if (!*dir->arg && strstr(conf->data[i].pattern, "{arg}")) {
			diag_at(c->page->source, dir->line,
				"'%s' block names nothing (write its argument inside the block)",
				dir->name);
			lua_settop(L, vars - 1);
			return -1;
		}
		char *file = subst(conf->data[i].pattern, c->s->opt->data, dir->arg);
		json_t *j;
		if (datafiles_load(file, &j) != 0) {
			free(file);
			lua_settop(L, vars - 1);
			return -1;
		}
		if (!j && !conf->data[i].optional) {
			diag_at(c->page->source, dir->line, "no data for %s '%s' (expected %s)",
				dir->name, dir->arg, file);
			free(file);
			lua_settop(L, vars - 1);
			return -1;
		}
		free(file);
		if (j)
			luajson_push(L, j);
		else
			lua_pushnil(L);
		lua_setfield(L, vars, conf->data[i].global);
	}
	int rc = engine_render(c->s->engine, conf->template_name, c->print ? "" : c->page->root,
			       vars, out);
	lua_settop(L, vars - 1);
	if (rc != 0) { /* the template's message, at the line of the page that uses it */
		char *msg = xstrdup(diag_message());
		diag_at(c->page->source, dir->line, "%s '%s': %s", dir->name, dir->arg, msg);
		free(msg);
	}
	return rc;
}

static int hook_quiz(void *vctx, const struct quiz *q, struct buf *out)
{
	struct body_ctx *c = vctx;
	if (q->type == QUIZ_SPOT) {
		const struct quiz_links l = { hook_link, c };
		return quiz_spot_html(q, c->page->source, c->s->opt->data, &l, out);
	}
	if (q->type != QUIZ_OUTCOME) {
		quiz_html(q, NULL, hook_link, c, out);
		return 0;
	}
	char *file = xasprintf("%s/outcomes/%s.json", c->s->opt->data, q->outcome_example);
	json_t *j;
	int rc = datafiles_load(file, &j);
	if (rc == 0 && !j)
		rc = diag_at(c->page->source, q->outcome_line,
			     "no outcome data for '%s' (expected %s)", q->outcome_example, file);
	int *correct = xcalloc(q->nchoices, sizeof *correct);
	for (size_t i = 0; i < q->nchoices && rc == 0; i++) {
		enum outcome_lookup r = outcomes_lookup(j, q->outcome_variant, q->choices[i].text);
		if (r == OUTCOME_NO_VARIANT)
			rc = diag_at(c->page->source, q->outcome_line,
				     "example '%s' has no variant '%s' in %s", q->outcome_example,
				     q->outcome_variant, file);
		else if (r == OUTCOME_NO_PREDICATE)
			rc = diag_at(
				c->page->source, q->choices[i].line,
				"predicate not evaluated by the explorer; add it to the example's quiz predicates ('%s')",
				q->choices[i].text);
		else
			correct[i] = r == OUTCOME_TRUE;
	}
	if (rc == 0)
		quiz_html(q, correct, hook_link, c, out);
	free(correct);
	free(file);
	return rc;
}

int body_render(struct site *s, struct page *p, int print, int page_idx, struct buf *out)
{
	struct body_ctx c = { s, p, print, page_idx };
	char *prefix = print ? xasprintf("%s--", p->print_id) : NULL;
	struct md_hooks h = { &c, hook_link, hook_directive, hook_quiz, prefix };
	int rc = md_render(&p->doc, &h, out);
	free(prefix);
	return rc;
}
