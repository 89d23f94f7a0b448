/* render: page bodies through md_render's hooks, Lua tables for the templates, page templates. */
#include "render.h"

#include <jansson.h>
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "links.h"
#include "luajson.h"
#include "outcomes.h"
#include "quizhtml.h"

struct json_entry {
    char *path;
    json_t *json;       /* NULL: absent */
    struct json_entry *next;
};

static struct json_entry *json_cache;
static struct state_output *deps_out;

static void dep_cb(void *ctx, const char *path, uint64_t hash)
{
    (void)ctx;
    if (deps_out)
        state_add_dep(deps_out, path, hash);
}

void render_record_deps(struct site *s, struct state_output *o)
{
    deps_out = o;
    engine_set_deps(s->engine, dep_cb, NULL);
}

/* Loads a data file (cached for the run) and records it as a dependency. *json NULL when absent.
 * Returns -1 (diag) for a file that exists but is not valid JSON. */
static int load_json(const char *path, json_t **json)
{
    struct json_entry *e;
    for (e = json_cache; e; e = e->next)
        if (!strcmp(e->path, path))
            break;
    if (!e) {
        size_t len;
        char *text = read_file(path, &len);
        e = xcalloc(1, sizeof *e);
        e->path = xstrdup(path);
        if (text) {
            json_error_t err;
            e->json = json_loadb(text, len, 0, &err);
            free(text);
            if (!e->json) {
                free(e->path);
                free(e);
                return diag_at(path, err.line, "invalid JSON: %s", err.text);
            }
        }
        e->next = json_cache;
        json_cache = e;
    }
    dep_cb(NULL, path, hash_file(path));
    *json = e->json;
    return 0;
}

void render_finish(void)
{
    while (json_cache) {
        struct json_entry *e = json_cache;
        json_cache = e->next;
        json_decref(e->json);
        free(e->path);
        free(e);
    }
    deps_out = NULL;
}

void render_init(struct site *s, const char *date, const char *commit)
{
    lua_State *L = engine_lua(s->engine);
    lua_createtable(L, 0, 3);
    lua_pushstring(L, date);
    lua_setfield(L, -2, "date");
    lua_pushstring(L, commit);
    lua_setfield(L, -2, "commit");
    lua_pushliteral(L, "bbc-gen 1");
    lua_setfield(L, -2, "generator");
    engine_set_global(s->engine, "build");
}

/* ---- body rendering ---- */

struct body_ctx {
    struct site *s;
    struct page *page;
    int print;
    int page_idx;       /* stack index of the page table given to directive templates */
};

static char *subst(const char *pattern, const char *data_dir, const char *arg)
{
    struct buf b = {0};
    for (const char *p = pattern; *p;) {
        if (!strncmp(p, "{arg}", 5)) {
            buf_puts(&b, arg);
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
        r = anchor ? xasprintf("%s%s#%s", c->page->root, t->path, anchor) : xasprintf("%s%s", c->page->root, t->path);
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
        diag_at(c->page->source, dir->line, "missing template '%s' for '%s' blocks (%s)", conf->template_name,
                dir->name, path);
        free(path);
        return -1;
    }
    lua_newtable(L);
    int vars = lua_gettop(L);
    lua_pushvalue(L, c->page_idx);
    lua_setfield(L, vars, "page");
    lua_pushstring(L, dir->arg);
    lua_setfield(L, vars, "arg");
    for (size_t i = 0; i < conf->ndata; i++) {
        if (!*dir->arg && strstr(conf->data[i].pattern, "{arg}")) {
            diag_at(c->page->source, dir->line, "'%s' block names nothing (write its argument inside the block)",
                    dir->name);
            lua_settop(L, vars - 1);
            return -1;
        }
        char *file = subst(conf->data[i].pattern, c->s->opt->data, dir->arg);
        json_t *j;
        if (load_json(file, &j) != 0) {
            free(file);
            lua_settop(L, vars - 1);
            return -1;
        }
        if (!j && !conf->data[i].optional) {
            diag_at(c->page->source, dir->line, "no data for %s '%s' (expected %s)", dir->name, dir->arg, file);
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
    int rc = engine_render(c->s->engine, conf->template_name, c->print ? "" : c->page->root, vars, out);
    lua_settop(L, vars - 1);
    return rc;
}

static int hook_quiz(void *vctx, const struct quiz *q, struct buf *out)
{
    struct body_ctx *c = vctx;
    if (q->type != QUIZ_OUTCOME) {
        quiz_html(q, NULL, hook_link, c, out);
        return 0;
    }
    char *file = xasprintf("%s/outcomes/%s.json", c->s->opt->data, q->outcome_example);
    json_t *j;
    int rc = load_json(file, &j);
    if (rc == 0 && !j)
        rc = diag_at(c->page->source, q->outcome_line, "no outcome data for '%s' (expected %s)", q->outcome_example, file);
    int *correct = xcalloc(q->nchoices, sizeof *correct);
    for (size_t i = 0; i < q->nchoices && rc == 0; i++) {
        enum outcome_lookup r = outcomes_lookup(j, q->outcome_variant, q->choices[i].text);
        if (r == OUTCOME_NO_VARIANT)
            rc = diag_at(c->page->source, q->outcome_line, "example '%s' has no variant '%s' in %s", q->outcome_example,
                         q->outcome_variant, file);
        else if (r == OUTCOME_NO_PREDICATE)
            rc = diag_at(c->page->source, q->choices[i].line,
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

static int body_with(struct site *s, struct page *p, int print, int page_idx, struct buf *out)
{
    struct body_ctx c = {s, p, print, page_idx};
    char *prefix = print ? xasprintf("%s--", p->print_id) : NULL;
    struct md_hooks h = {&c, hook_link, hook_directive, hook_quiz, prefix};
    int rc = md_render(&p->doc, &h, out);
    free(prefix);
    return rc;
}

/* ---- Lua tables ---- */

static void set_str(lua_State *L, const char *k, const char *v)
{
    if (v) {
        lua_pushstring(L, v);
        lua_setfield(L, -2, k);
    }
}

static void push_link(lua_State *L, const char *title, const char *path)
{
    lua_createtable(L, 0, 2);
    set_str(L, "title", title);
    set_str(L, "path", path);
}

static void push_quiz_ids(lua_State *L, const struct page *p)
{
    lua_createtable(L, (int)p->doc.nquizzes, 0);
    for (size_t i = 0; i < p->doc.nquizzes; i++) {
        lua_pushstring(L, p->doc.quizzes[i].quiz.id);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

static void push_page_summary(lua_State *L, const struct page *p, const struct page *current)
{
    lua_createtable(L, 0, 9);
    set_str(L, "slug", p->slug);
    set_str(L, "title", p->fm.title);
    set_str(L, "summary", p->fm.summary);
    set_str(L, "section", p->fm.section);
    set_str(L, "path", p->path);
    lua_pushinteger(L, p->fm.order);
    lua_setfield(L, -2, "order");
    push_quiz_ids(L, p);
    lua_setfield(L, -2, "quizzes");
    lua_pushboolean(L, p == current);
    lua_setfield(L, -2, "current");
}

/* Pushes the `site` table as seen from page `current` (may be NULL). */
static void push_site(struct site *s, const struct page *current)
{
    lua_State *L = engine_lua(s->engine);
    lua_createtable(L, 0, 3);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->config_ref);
    lua_setfield(L, -2, "config");
    lua_newtable(L); /* pages */
    lua_newtable(L); /* sections */
    lua_Integer np = 0, ns = 0;
    const char *last_section = "\x01";
    for (size_t i = 0; i < s->npages; i++) {
        const struct page *p = s->pages[i];
        if (!p->fm.nav)
            continue;
        push_page_summary(L, p, current);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -4, ++np);
        const char *sec = p->fm.section ? p->fm.section : "";
        if (strcmp(sec, last_section) != 0) {
            lua_createtable(L, 0, 2);
            set_str(L, "name", p->fm.section);
            lua_newtable(L);
            lua_setfield(L, -2, "pages");
            lua_rawseti(L, -3, ++ns);
            last_section = sec;
        }
        lua_rawgeti(L, -2, ns);
        lua_getfield(L, -1, "pages");
        lua_insert(L, -3);
        lua_pop(L, 1);
        lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
        lua_pop(L, 1);
    }
    lua_setfield(L, -3, "sections");
    lua_setfield(L, -2, "pages");
}

/* Pushes the page table without body (the caller adds it). */
static void push_page(struct site *s, struct page *p, const char *kind, const char *path, const char *root,
                      const char *title, const char *summary)
{
    lua_State *L = engine_lua(s->engine);
    lua_createtable(L, 0, 16);
    set_str(L, "kind", kind);
    set_str(L, "path", path);
    set_str(L, "root", root);
    set_str(L, "title", title);
    set_str(L, "summary", summary);
    if (p) {
        set_str(L, "slug", p->slug);
        set_str(L, "source", p->source);
        set_str(L, "section", p->fm.section);
        lua_pushinteger(L, p->fm.order);
        lua_setfield(L, -2, "order");
        lua_newtable(L);
        lua_Integer n = 0;
        for (size_t i = 0; i < p->doc.nheadings; i++) {
            const struct md_heading *h = &p->doc.headings[i];
            if (h->level != 2 && h->level != 3)
                continue;
            lua_createtable(L, 0, 3);
            lua_pushinteger(L, h->level);
            lua_setfield(L, -2, "level");
            set_str(L, "id", h->id);
            set_str(L, "text", h->text);
            lua_rawseti(L, -2, ++n);
        }
        lua_setfield(L, -2, "toc");
        push_quiz_ids(L, p);
        lua_setfield(L, -2, "quizzes");
    } else {
        lua_newtable(L);
        lua_setfield(L, -2, "toc");
        lua_newtable(L);
        lua_setfield(L, -2, "quizzes");
    }
    /* prev / next among the pages in the sidebar; the home page comes first */
    const struct page *prev = NULL, *next = NULL;
    int home_prev = 0;
    if (p && !p->is_home && p->fm.nav) {
        size_t i = 0;
        while (i < s->npages && s->pages[i] != p)
            i++;
        for (size_t j = i; j-- > 0;)
            if (s->pages[j]->fm.nav) {
                prev = s->pages[j];
                break;
            }
        for (size_t j = i + 1; j < s->npages; j++)
            if (s->pages[j]->fm.nav) {
                next = s->pages[j];
                break;
            }
        home_prev = !prev;
    } else if (!strcmp(kind, "home")) {
        for (size_t j = 0; j < s->npages; j++)
            if (s->pages[j]->fm.nav) {
                next = s->pages[j];
                break;
            }
    }
    if (prev)
        push_link(L, prev->fm.title, prev->path);
    else if (home_prev)
        push_link(L, "Home", "index.html");
    else
        lua_pushnil(L);
    lua_setfield(L, -2, "prev");
    if (next)
        push_link(L, next->fm.title, next->path);
    else
        lua_pushnil(L);
    lua_setfield(L, -2, "next");
    lua_newtable(L);
    push_link(L, "Home", "index.html");
    lua_rawseti(L, -2, 1);
    if (strcmp(kind, "home") != 0) {
        lua_Integer n = 1;
        if (p && p->fm.section) {
            push_link(L, p->fm.section, NULL);
            lua_rawseti(L, -2, ++n);
        }
        push_link(L, title, path);
        lua_rawseti(L, -2, ++n);
    }
    lua_setfield(L, -2, "breadcrumbs");
}

static int render_template(struct site *s, const char *name, const char *root, int page_idx, const char *source,
                           int line, struct buf *out)
{
    lua_State *L = engine_lua(s->engine);
    if (!engine_template_exists(s->engine, name)) {
        char *path = engine_template_path(s->engine, name);
        if (source)
            diag_at(source, line, "missing template '%s' (%s)", name, path);
        else
            diag_at(path, 0, "missing template (needed for %s)", name);
        free(path);
        return -1;
    }
    lua_newtable(L);
    lua_pushvalue(L, page_idx);
    lua_setfield(L, -2, "page");
    const struct page *current = NULL;
    lua_getfield(L, page_idx, "source");
    const char *src = lua_tostring(L, -1);
    if (src)
        current = site_page_by_source(s, src);
    lua_pop(L, 1);
    push_site(s, current);
    lua_setfield(L, -2, "site");
    int rc = engine_render(s->engine, name, root, lua_gettop(L), out);
    lua_pop(L, 1);
    return rc;
}

int render_body(struct site *s, struct page *p, struct buf *out)
{
    lua_State *L = engine_lua(s->engine);
    push_page(s, p, p->is_home ? "home" : "page", p->path, p->root, p->fm.title, p->fm.summary);
    int rc = body_with(s, p, 0, lua_gettop(L), out);
    lua_pop(L, 1);
    return rc;
}

int render_page(struct site *s, struct page *p, struct buf *out)
{
    lua_State *L = engine_lua(s->engine);
    const char *kind = p->is_home ? "home" : "page";
    push_page(s, p, kind, p->path, p->root, p->fm.title, p->fm.summary);
    int idx = lua_gettop(L);
    struct buf body = {0};
    int rc = body_with(s, p, 0, idx, &body);
    if (rc == 0) {
        lua_pushlstring(L, body.data ? body.data : "", body.len);
        lua_setfield(L, idx, "body");
        const char *tmpl = p->fm.template_name ? p->fm.template_name : p->is_home ? "home.html" : "page.html";
        rc = render_template(s, tmpl, p->root, idx, p->source, p->fm.template_line ? p->fm.template_line : 1, out);
    }
    buf_free(&body);
    lua_settop(L, idx - 1);
    return rc;
}

static const char *config_string(struct site *s, const char *key, const char *def)
{
    lua_State *L = engine_lua(s->engine);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->config_ref);
    lua_getfield(L, -1, key);
    const char *v = lua_isstring(L, -1) ? lua_tostring(L, -1) : def;
    lua_pop(L, 2); /* the string stays alive: it is referenced by the config table */
    return v;
}

int render_home_without_source(struct site *s, struct buf *out)
{
    lua_State *L = engine_lua(s->engine);
    push_page(s, NULL, "home", "index.html", "", config_string(s, "title", "Home"),
              config_string(s, "description", ""));
    int idx = lua_gettop(L);
    lua_pushliteral(L, "");
    lua_setfield(L, idx, "body");
    int rc = render_template(s, "home.html", "", idx, NULL, 0, out);
    lua_settop(L, idx - 1);
    return rc;
}

int render_print(struct site *s, struct buf *out)
{
    lua_State *L = engine_lua(s->engine);
    push_page(s, NULL, "print", "print.html", "", config_string(s, "title", "Course"), "All pages in course order");
    int idx = lua_gettop(L);
    lua_pushliteral(L, "");
    lua_setfield(L, idx, "body");
    lua_newtable(L);
    int rc = 0;
    for (size_t i = 0; i < s->npages && rc == 0; i++) {
        struct page *p = s->pages[i];
        push_page(s, p, "page", p->path, "", p->fm.title, p->fm.summary);
        struct buf body = {0};
        rc = body_with(s, p, 1, lua_gettop(L), &body);
        lua_pop(L, 1);
        lua_createtable(L, 0, 4);
        set_str(L, "title", p->fm.title);
        set_str(L, "slug", p->slug);
        set_str(L, "id", p->print_id);
        set_str(L, "path", p->path);
        lua_pushlstring(L, body.data ? body.data : "", body.len);
        lua_setfield(L, -2, "body");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
        buf_free(&body);
    }
    lua_setfield(L, idx, "pages");
    if (rc == 0)
        rc = render_template(s, "print.html", "", idx, NULL, 0, out);
    lua_settop(L, idx - 1);
    return rc;
}

int render_404(struct site *s, struct buf *out)
{
    lua_State *L = engine_lua(s->engine);
    push_page(s, NULL, "404", "404.html", "", "Page not found", "There is no page at this address.");
    int idx = lua_gettop(L);
    lua_pushliteral(L, "");
    lua_setfield(L, idx, "body");
    int rc = render_template(s, "404.html", "", idx, NULL, 0, out);
    lua_settop(L, idx - 1);
    return rc;
}
