/* render: the generated pages: content pages and the home page through their templates, print.html,
 * 404.html; with dependency recording for the incremental build. */
#include "render.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

#include "body.h"
#include "datafiles.h"
#include "diag.h"
#include "pagevars.h"
#include "printcache.h"

void render_record_deps(struct site *s, struct state_output *o)
{
	datafiles_record_deps(s->engine, o);
}

void render_finish(void)
{
	datafiles_free();
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

static int render_template(struct site *s, const char *name, const char *root, int page_idx,
			   const char *source, int line, struct buf *out)
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
	pagevars_push_site(s, current);
	lua_setfield(L, -2, "site");
	int rc = engine_render(s->engine, name, root, lua_gettop(L), out);
	lua_pop(L, 1);
	return rc;
}

int render_body(struct site *s, struct page *p, struct buf *out)
{
	lua_State *L = engine_lua(s->engine);
	pagevars_push_page(s, p, p->is_home ? "home" : "page", p->path, p->root, p->fm.title,
			   p->fm.summary);
	int rc = body_render(s, p, 0, lua_gettop(L), out);
	lua_pop(L, 1);
	return rc;
}

int render_page(struct site *s, struct page *p, struct buf *out)
{
	lua_State *L = engine_lua(s->engine);
	const char *kind = p->is_home ? "home" : "page";
	pagevars_push_page(s, p, kind, p->path, p->root, p->fm.title, p->fm.summary);
	int idx = lua_gettop(L);
	struct buf body = { 0 };
	int rc = body_render(s, p, 0, idx, &body);
	if (rc == 0) {
		lua_pushlstring(L, body.data ? body.data : "", body.len);
		lua_setfield(L, idx, "body");
		const char *tmpl = p->fm.template_name ? p->fm.template_name :
				   p->is_home	       ? "home.html" :
							 "page.html";
		rc = render_template(s, tmpl, p->root, idx, p->source,
				     p->fm.template_line ? p->fm.template_line : 1, out);
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
	pagevars_push_page(s, NULL, "home", "index.html", "", config_string(s, "title", "Home"),
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
	pagevars_push_page(s, NULL, "print", "print.html", "", config_string(s, "title", "Course"),
			   "All pages in course order");
	int idx = lua_gettop(L);
	lua_pushliteral(L, "");
	lua_setfield(L, idx, "body");
	lua_newtable(L);
	int rc = 0;
	for (size_t i = 0; i < s->npages && rc == 0; i++) {
		struct page *p = s->pages[i];
		/* directive templates see the source page, with kind "print" and the id prefix of its section */
		pagevars_push_page(s, p, "print", p->path, "", p->fm.title, p->fm.summary);
		char *prefix = xasprintf("%s--", p->print_id);
		pagevars_set_str(L, "id_prefix", prefix);
		free(prefix);
		struct buf body = { 0 };
		struct state_output deps = { 0 }; /* the files this body is rendered from */
		char *cached = p->up_to_date ? printcache_get(p->print_id, p->key, &deps) : NULL;
		if (cached) {
			buf_puts(&body, cached);
			free(cached);
			for (size_t d = 0; d < deps.ndeps; d++)
				datafiles_add_dep(deps.deps[d].path, deps.deps[d].hash);
		} else {
			datafiles_capture_deps(&deps);
			rc = body_render(s, p, 1, lua_gettop(L), &body);
			datafiles_capture_deps(NULL);
			if (rc == 0)
				printcache_put(p->print_id, p->key, &deps,
					       body.data ? body.data : "", body.len);
		}
		state_output_free_deps(&deps);
		lua_pop(L, 1);
		lua_createtable(L, 0, 4);
		pagevars_set_str(L, "title", p->fm.title);
		pagevars_set_str(L, "slug", p->slug);
		pagevars_set_str(L, "id", p->print_id);
		pagevars_set_str(L, "path", p->path);
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
	pagevars_push_page(s, NULL, "404", "404.html", "", "Page not found",
			   "There is no page at this address.");
	int idx = lua_gettop(L);
	lua_pushliteral(L, "");
	lua_setfield(L, idx, "body");
	/* site_dirs: the directories that hold pages ("" the root, "labs", ...): a server shows 404.html at any
     * missing URL, and its script finds the site root by them (site/templates/404.html) */
	lua_newtable(L);
	lua_pushliteral(L, "");
	lua_rawseti(L, -2, 1);
	lua_Integer n = 1;
	for (size_t i = 0; i < s->npages; i++) {
		const char *slash = strrchr(s->pages[i]->path, '/');
		if (!slash)
			continue;
		lua_pushlstring(L, s->pages[i]->path, (size_t)(slash - s->pages[i]->path));
		int seen = 0;
		for (lua_Integer k = 1; k <= n && !seen; k++) {
			lua_rawgeti(L, -2, k);
			seen = lua_rawequal(L, -1, -2);
			lua_pop(L, 1);
		}
		if (seen)
			lua_pop(L, 1);
		else
			lua_rawseti(L, -2, ++n);
	}
	lua_setfield(L, idx, "site_dirs");
	int rc = render_template(s, "404.html", "", idx, NULL, 0, out);
	lua_settop(L, idx - 1);
	return rc;
}
