/* pagevars: builds the Lua tables `page` and `site` that templates see (docs/ARCHITECTURE.md, "Templates"). */
#include "pagevars.h"

#include <string.h>

void pagevars_set_str(lua_State *L, const char *k, const char *v)
{
	if (v) {
		lua_pushstring(L, v);
		lua_setfield(L, -2, k);
	}
}

static void push_link(lua_State *L, const char *title, const char *path)
{
	lua_createtable(L, 0, 2);
	pagevars_set_str(L, "title", title);
	pagevars_set_str(L, "path", path);
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
	pagevars_set_str(L, "slug", p->slug);
	pagevars_set_str(L, "title", p->fm.title);
	pagevars_set_str(L, "summary", p->fm.summary);
	pagevars_set_str(L, "section", p->fm.section);
	pagevars_set_str(L, "path", p->path);
	lua_pushinteger(L, p->fm.order);
	lua_setfield(L, -2, "order");
	push_quiz_ids(L, p);
	lua_setfield(L, -2, "quizzes");
	lua_pushboolean(L, p == current);
	lua_setfield(L, -2, "current");
}

void pagevars_push_site(struct site *s, const struct page *current)
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
			pagevars_set_str(L, "name", p->fm.section);
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

/* page.toc: the page's level-2 and level-3 headings ({level, id, text}); empty without a page. */
static void push_toc(lua_State *L, const struct page *p)
{
	lua_newtable(L);
	lua_Integer n = 0;
	for (size_t i = 0; p && i < p->doc.nheadings; i++) {
		const struct md_heading *h = &p->doc.headings[i];
		if (h->level != 2 && h->level != 3)
			continue;
		lua_createtable(L, 0, 3);
		lua_pushinteger(L, h->level);
		lua_setfield(L, -2, "level");
		pagevars_set_str(L, "id", h->id);
		pagevars_set_str(L, "text", h->text);
		lua_rawseti(L, -2, ++n);
	}
}

/* The first page in the sidebar after index i (i = -1: the first of all), NULL when none is. */
static const struct page *nav_after(const struct site *s, size_t i)
{
	for (size_t j = i + 1; j < s->npages; j++)
		if (s->pages[j]->fm.nav)
			return s->pages[j];
	return NULL;
}

/* page.prev and page.next: the neighbours among the pages in the sidebar; the home page comes first. */
static void push_prev_next(lua_State *L, const struct site *s, const struct page *p,
			   const char *kind)
{
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
		next = nav_after(s, i);
		home_prev = !prev;
	} else if (!strcmp(kind, "home")) {
		next = nav_after(s, (size_t)-1);
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
}

/* page.breadcrumbs: Home, then (but on the home page) the page's section and the page itself. */
static void push_breadcrumbs(lua_State *L, const struct page *p, const char *kind, const char *path,
			     const char *title)
{
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

void pagevars_push_page(struct site *s, struct page *p, const char *kind, const char *path,
			const char *root, const char *title, const char *summary)
{
	lua_State *L = engine_lua(s->engine);
	lua_createtable(L, 0, 16);
	pagevars_set_str(L, "kind", kind);
	pagevars_set_str(L, "id_prefix", "");
	pagevars_set_str(L, "path", path);
	pagevars_set_str(L, "root", root);
	pagevars_set_str(L, "title", title);
	pagevars_set_str(L, "summary", summary);
	if (p) {
		pagevars_set_str(L, "slug", p->slug);
		pagevars_set_str(L, "source", p->source);
		pagevars_set_str(L, "section", p->fm.section);
		lua_pushinteger(L, p->fm.order);
		lua_setfield(L, -2, "order");
	}
	push_toc(L, p);
	lua_setfield(L, -2, "toc");
	if (p)
		push_quiz_ids(L, p);
	else
		lua_newtable(L);
	lua_setfield(L, -2, "quizzes");
	push_prev_next(L, s, p, kind);
	push_breadcrumbs(L, p, kind, path, title);
}
