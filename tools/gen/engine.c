/* engine: Lua state, template cache and the functions templates can call. */
#include "engine.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "luajson.h"
#include "template.h"

#define MAX_DEPTH 32
#define HOOK_EVERY 1000 /* Lua instructions between two calls of the count hook */

struct engine {
	lua_State *L;
	char *dir;
	char *static_dir; /* for static_text(), or NULL */
	int sandbox_ref;  /* the read-only table of what Lua code may use (see make_sandbox) */
	int base_ref;	  /* the table every template environment inherits from */
	int cache_ref;	  /* name -> compiled chunk */
	int env_refs[MAX_DEPTH]; /* environments of the renders in progress (include nests) */
	int depth;
	const char *root;
	engine_dep_fn dep_fn;
	void *dep_ctx;
	engine_output_fn out_fn; /* write_output(), or NULL: not allowed in this render */
	void *out_ctx;
	volatile sig_atomic_t *stop;
	long long steps,
		step_limit;    /* instructions of the current render (config run), and the cap */
	size_t mem, mem_limit; /* bytes the Lua state holds, and the cap */
};

/* Lua's allocator, with a cap on the state's total memory: past it an allocation fails and Lua raises
 * "not enough memory" in the code that asked. */
static void *limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	struct engine *e = ud;
	size_t old = ptr ? osize : 0;
	if (nsize == 0) {
		free(ptr);
		e->mem -= old;
		return NULL;
	}
	if (nsize > old && e->mem - old + nsize > e->mem_limit)
		return NULL;
	void *p = realloc(ptr, nsize);
	if (p)
		e->mem = e->mem - old + nsize;
	return p;
}

static int panic(lua_State *L)
{
	const char *msg = lua_tostring(L, -1);
	fprintf(stderr, "sitegen: unprotected Lua error: %s\n", msg ? msg : "?");
	abort();
}

/* The count hook: stops a render that runs past the instruction budget (an endless template loop) or
 * that Ctrl-C interrupted. The error names the template line the hook found running. */
static void count_hook(lua_State *L, lua_Debug *ar)
{
	(void)ar;
	struct engine *e = *(struct engine **)lua_getextraspace(L);
	if (e->stop && *e->stop)
		luaL_error(L, "interrupted");
	e->steps += HOOK_EVERY;
	if (e->steps > e->step_limit) {
		e->steps = 0; /* the error unwinds through this hook's caller only once */
		luaL_where(L, 0);
		lua_pushfstring(L, "did not finish within %I Lua instructions (an endless loop?)",
				(lua_Integer)e->step_limit);
		lua_concat(L, 2);
		lua_error(L);
	}
}

void engine_set_stop_flag(struct engine *e, volatile sig_atomic_t *flag)
{
	e->stop = flag;
}

void engine_set_limits(struct engine *e, long long steps, size_t bytes)
{
	e->step_limit = steps > 0 ? steps : ENGINE_STEP_LIMIT;
	e->mem_limit = bytes > 0 ? bytes : ENGINE_MEMORY_LIMIT;
}

static struct engine *self(lua_State *L)
{
	return (struct engine *)lua_touserdata(L, lua_upvalueindex(1));
}

char *engine_template_path(struct engine *e, const char *name)
{
	return xasprintf("%s/%s", e->dir, name);
}

static int bad_name(const char *name)
{
	return !*name || strstr(name, "..") || name[0] == '/';
}

int engine_template_exists(struct engine *e, const char *name)
{
	if (bad_name(name))
		return 0;
	char *path = engine_template_path(e, name);
	uint64_t h = hash_file(path);
	if (e->dep_fn)
		e->dep_fn(e->dep_ctx, path, h);
	free(path);
	return h != 0;
}

/* Makes the sandbox the _ENV of the function just loaded (on top of the stack). */
static void set_env(lua_State *L, struct engine *e)
{
	lua_rawgeti(L, LUA_REGISTRYINDEX, e->sandbox_ref);
	if (!lua_setupvalue(L, -2, 1))
		lua_pop(L, 1);
}

/* Pushes the compiled chunk for name, or raises a Lua error (position: the calling template line). */
static void push_chunk(lua_State *L, struct engine *e, const char *name)
{
	if (bad_name(name))
		luaL_error(L, "bad template name '%s'", name);
	char *path = engine_template_path(e, name);
	lua_rawgeti(L, LUA_REGISTRYINDEX, e->cache_ref);
	if (lua_getfield(L, -1, name) == LUA_TFUNCTION) {
		lua_remove(L, -2);
		if (e->dep_fn)
			e->dep_fn(e->dep_ctx, path, hash_file(path));
		free(path);
		return;
	}
	lua_pop(L, 1);
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		lua_pushfstring(L, "template '%s' not found (%s)", name, path);
		free(path);
		luaL_where(L, 1);
		lua_insert(L, -2);
		lua_concat(L, 2);
		lua_error(L);
	}
	if (e->dep_fn)
		e->dep_fn(e->dep_ctx, path, hash_bytes(text, len) ? hash_bytes(text, len) : 1);
	struct buf code = { 0 };
	int rc = template_compile(path, text, len, &code);
	free(text);
	if (rc) {
		buf_free(&code);
		free(path);
		lua_pushstring(L, diag_message());
		lua_error(L);
	}
	char *chunkname = xasprintf("@%s", path);
	free(path);
	rc = luaL_loadbuffer(L, code.data, code.len, chunkname);
	free(chunkname);
	buf_free(&code);
	if (rc != LUA_OK)
		lua_error(L);
	set_env(L, e);
	lua_pushvalue(L, -1);
	lua_setfield(L, -3, name);
	lua_remove(L, -2);
}

static int l_esc(lua_State *L)
{
	if (lua_isnoneornil(L, 1)) {
		lua_pushliteral(L, "");
		return 1;
	}
	size_t n;
	const char *s = luaL_tolstring(L, 1, &n);
	struct buf b = { 0 };
	buf_put_escaped(&b, s, n);
	lua_pushlstring(L, b.data ? b.data : "", b.len);
	buf_free(&b);
	return 1;
}

static int l_raw(lua_State *L)
{
	if (lua_isnoneornil(L, 1)) {
		lua_pushliteral(L, "");
		return 1;
	}
	luaL_tolstring(L, 1, NULL);
	return 1;
}

/* Renders name in a new environment: vars (at vars_idx, or none) over parent env (a registry ref).
 * Leaves the HTML string on the stack. Lua errors propagate. */
static void render_in(lua_State *L, struct engine *e, const char *name, int vars_idx,
		      int parent_ref)
{
	if (e->depth >= MAX_DEPTH)
		luaL_error(L, "templates include each other too deeply (at '%s')", name);
	vars_idx = vars_idx ? lua_absindex(L, vars_idx) : 0;
	push_chunk(L, e, name); /* chunk */
	lua_newtable(L);	/* chunk env */
	if (vars_idx) {
		lua_pushnil(L);
		while (lua_next(L, vars_idx)) {
			lua_pushvalue(L, -2);
			lua_insert(L, -2);
			lua_rawset(L, -4);
		}
	}
	lua_newtable(L);
	lua_rawgeti(L, LUA_REGISTRYINDEX, parent_ref);
	lua_setfield(L, -2, "__index");
	lua_setmetatable(L, -2);
	lua_pushvalue(L, -1);
	e->env_refs[e->depth++] = luaL_ref(L, LUA_REGISTRYINDEX);
	lua_newtable(L); /* chunk env out */
	lua_pushvalue(L, -1);
	lua_insert(L, -4); /* out chunk env out */
	lua_pushcfunction(L, l_esc);
	lua_pushcfunction(L, l_raw);
	lua_call(L, 4, 0); /* out */
	e->depth--;
	luaL_unref(L, LUA_REGISTRYINDEX, e->env_refs[e->depth]);
	luaL_Buffer lb;
	int outi = lua_gettop(L);
	lua_Integer n = (lua_Integer)lua_rawlen(L, outi);
	luaL_buffinit(L, &lb);
	for (lua_Integer i = 1; i <= n; i++) {
		lua_rawgeti(L, outi, i);
		luaL_addvalue(&lb);
	}
	luaL_pushresult(&lb);
	lua_remove(L, outi);
}

static int l_include(lua_State *L)
{
	struct engine *e = self(L);
	const char *name = luaL_checkstring(L, 1);
	if (!lua_isnoneornil(L, 2))
		luaL_checktype(L, 2, LUA_TTABLE);
	int parent = e->depth ? e->env_refs[e->depth - 1] : e->base_ref;
	render_in(L, e, name, lua_isnoneornil(L, 2) ? 0 : 2, parent);
	return 1;
}

static int l_escape(lua_State *L)
{
	return l_esc(L);
}

static int l_url(lua_State *L)
{
	struct engine *e = self(L);
	const char *p = luaL_checkstring(L, 1);
	lua_pushfstring(L, "%s%s", e->root ? e->root : "", p);
	return 1;
}

/* page_path(slug): the path of the page of site.pages (the calling template's `site`) whose slug is
 * slug or whose path is slug .. ".html"; an error when there is none. */
static int l_page_path(lua_State *L)
{
	struct engine *e = self(L);
	const char *slug = luaL_checkstring(L, 1);
	lua_rawgeti(L, LUA_REGISTRYINDEX, e->depth ? e->env_refs[e->depth - 1] : e->base_ref);
	lua_getfield(L, -1, "site");
	if (lua_type(L, -1) != LUA_TTABLE || lua_getfield(L, -1, "pages") != LUA_TTABLE)
		return luaL_error(L, "page_path('%s'): no site.pages here", slug);
	lua_pushfstring(L, "%s.html", slug);
	int html = lua_gettop(L);
	for (lua_Integer i = 1; lua_rawgeti(L, html - 1, i) == LUA_TTABLE; i++) {
		lua_getfield(L, -1, "path");
		lua_getfield(L, -2, "slug");
		if (lua_rawequal(L, -2, html) ||
		    (lua_isstring(L, -1) && !strcmp(lua_tostring(L, -1), slug))) {
			lua_pop(L, 1);
			return 1;
		}
		lua_pop(L, 3);
	}
	return luaL_error(L, "no page '%s' in site.pages", slug);
}

static int l_json(lua_State *L)
{
	luaL_checkany(L, 1);
	luajson_push_text(L, 1);
	return 1;
}

/* static_text(name): the text of a file of the static directory, to inline it (404.html is
 * self-contained: it must not depend on where the server shows it). Recorded as a dependency. */
static int l_static_text(lua_State *L)
{
	struct engine *e = self(L);
	const char *name = luaL_checkstring(L, 1);
	if (!e->static_dir || bad_name(name))
		return luaL_error(L, "bad static file name '%s'", name);
	char *path = xasprintf("%s/%s", e->static_dir, name);
	size_t len;
	char *text = read_file(path, &len);
	if (e->dep_fn)
		e->dep_fn(e->dep_ctx, path,
			  text ? (hash_bytes(text, len) ? hash_bytes(text, len) : 1) : 0);
	if (!text) {
		lua_pushfstring(L, "static file '%s' not found (%s)", name, path);
		free(path);
		return lua_error(L);
	}
	free(path);
	lua_pushlstring(L, text, len);
	free(text);
	return 1;
}

/* write_output(path, text): one more output of the render in progress (engine_set_output_fn). */
static int l_write_output(lua_State *L)
{
	struct engine *e = self(L);
	const char *path = luaL_checkstring(L, 1);
	size_t len;
	const char *text = luaL_checklstring(L, 2, &len);
	if (!e->out_fn)
		return luaL_error(L, "write_output('%s'): only a page's render may write outputs",
				  path);
	struct buf err = { 0 };
	if (e->out_fn(e->out_ctx, path, text, len, &err) == 0)
		return 0;
	lua_pushfstring(L, "write_output('%s'): %s", path, err.data ? err.data : "failed");
	buf_free(&err);
	return lua_error(L);
}

static int l_template_exists(lua_State *L)
{
	struct engine *e = self(L);
	lua_pushboolean(L, engine_template_exists(e, luaL_checkstring(L, 1)));
	return 1;
}

/* A read-only view of the table at the top of the stack (replaced by it): reads go through, writes fail. */
static int l_readonly(lua_State *L)
{
	return luaL_error(L,
			  "attempt to change '%s' (a shared library: keep your own table instead)",
			  luaL_optstring(L, 2, "?"));
}

static void push_readonly(lua_State *L)
{
	lua_newtable(L);	  /* real proxy */
	lua_createtable(L, 0, 2); /* real proxy mt */
	lua_rotate(L, -3, -1);	  /* proxy mt real */
	lua_setfield(L, -2, "__index");
	lua_pushcfunction(L, l_readonly);
	lua_setfield(L, -2, "__newindex");
	lua_setmetatable(L, -2); /* proxy */
}

/* The only names Lua code of the site (templates and config) can reach: the string, table, math and utf8
 * libraries and the base functions rendering needs. Not os, io, package/require, debug, load, loadfile,
 * dofile, collectgarbage, print, pcall (a template must not catch the "did not finish" error), the
 * metatable functions, or string.dump. */
static void make_sandbox(struct engine *e)
{
	static const char *const base[] = { "assert",	"error",    "ipairs", "next",
					    "pairs",	"rawequal", "rawlen", "select",
					    "tonumber", "tostring", "type",   NULL };
	static const luaL_Reg libs[] = { { LUA_STRLIBNAME, luaopen_string },
					 { LUA_TABLIBNAME, luaopen_table },
					 { LUA_MATHLIBNAME, luaopen_math },
					 { LUA_UTF8LIBNAME, luaopen_utf8 },
					 { NULL, NULL } };
	lua_State *L = e->L;
	luaL_requiref(L, LUA_GNAME, luaopen_base,
		      1); /* the real globals stay out of reach of site code */
	lua_newtable(L);  /* globals sandbox */
	for (int i = 0; base[i]; i++) {
		lua_getfield(L, -2, base[i]);
		lua_setfield(L, -2, base[i]);
	}
	for (const luaL_Reg *lib = libs; lib->name; lib++) {
		luaL_requiref(L, lib->name, lib->func, 0);
		lua_newtable(L); /* a copy, so removing a field hides it for good */
		lua_pushnil(L);
		while (lua_next(L, -3)) {
			lua_pushvalue(L, -2);
			lua_insert(L, -2);
			lua_rawset(L, -4);
		}
		if (!strcmp(lib->name, LUA_STRLIBNAME)) {
			lua_pushnil(L);
			lua_setfield(L, -2, "dump");
		}
		push_readonly(L);
		if (!strcmp(lib->name, LUA_STRLIBNAME)) {
			/* ("x"):rep(2) looks methods up in the string metatable: the same read-only copy */
			lua_pushliteral(L, "");
			lua_getmetatable(L, -1);
			lua_pushvalue(L, -3);
			lua_setfield(L, -2, "__index");
			lua_pop(L, 2);
		}
		lua_setfield(L, -3, lib->name);
		lua_pop(L, 1);
	}
	push_readonly(L);
	e->sandbox_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	lua_pop(L, 1);
}

struct engine *engine_new(const char *templates_dir)
{
	struct engine *e = xcalloc(1, sizeof *e);
	e->dir = xstrdup(templates_dir);
	size_t n = strlen(e->dir);
	while (n > 1 && e->dir[n - 1] == '/')
		e->dir[--n] = '\0';
	engine_set_limits(e, 0, 0);
	e->L = lua_newstate(limited_alloc, e);
	if (!e->L) {
		free(e->dir);
		free(e);
		return NULL;
	}
	lua_State *L = e->L;
	lua_atpanic(L, panic);
	*(struct engine **)lua_getextraspace(L) = e;
	lua_sethook(L, count_hook, LUA_MASKCOUNT, HOOK_EVERY);
	make_sandbox(e);
	lua_newtable(L);
	e->cache_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	lua_newtable(L); /* base env */
	static const luaL_Reg fns[] = { { "include", l_include },
					{ "escape", l_escape },
					{ "url", l_url },
					{ "page_path", l_page_path },
					{ "json", l_json },
					{ "template_exists", l_template_exists },
					{ "static_text", l_static_text },
					{ "write_output", l_write_output },
					{ NULL, NULL } };
	lua_pushlightuserdata(L, e);
	luaL_setfuncs(L, fns, 1);
	lua_newtable(L);
	lua_rawgeti(L, LUA_REGISTRYINDEX, e->sandbox_ref);
	lua_setfield(L, -2, "__index");
	lua_setmetatable(L, -2);
	e->base_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	return e;
}

void engine_free(struct engine *e)
{
	if (!e)
		return;
	lua_close(e->L);
	free(e->dir);
	free(e->static_dir);
	free(e);
}

void engine_set_static_dir(struct engine *e, const char *dir)
{
	free(e->static_dir);
	e->static_dir = dir ? xstrdup(dir) : NULL;
}

lua_State *engine_lua(struct engine *e)
{
	return e->L;
}

void engine_set_deps(struct engine *e, engine_dep_fn fn, void *ctx)
{
	e->dep_fn = fn;
	e->dep_ctx = ctx;
}

void engine_set_output_fn(struct engine *e, engine_output_fn fn, void *ctx)
{
	e->out_fn = fn;
	e->out_ctx = ctx;
}

void engine_set_global(struct engine *e, const char *name)
{
	lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->base_ref);
	lua_insert(e->L, -2);
	lua_setfield(e->L, -2, name);
	lua_pop(e->L, 1);
}

/* The error on top of the stack as the diag message; `what` names the code when Lua could not (memory). */
static void lua_error_diag(lua_State *L, int rc, const char *what)
{
	const char *msg = lua_tostring(L, -1);
	if (rc == LUA_ERRMEM)
		diag_at(what, 0, "not enough memory (a Lua state may use at most %zu MiB)",
			((struct engine *)*(struct engine **)lua_getextraspace(L))->mem_limit >>
				20);
	else
		diag_raw(msg ? msg : "template error (non-string error value)");
}

int engine_load_config(struct engine *e, const char *path)
{
	lua_State *L = e->L;
	char *chunkname = xasprintf("@%s", path);
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		free(chunkname);
		return diag_at(path, 0, "cannot read the site configuration");
	}
	int rc = luaL_loadbuffer(L, text, len, chunkname);
	free(text);
	free(chunkname);
	if (rc == LUA_OK) {
		set_env(L, e);
		e->steps = 0;
		rc = lua_pcall(L, 0, 1, 0);
	}
	if (rc != LUA_OK) {
		lua_error_diag(L, rc, path);
		lua_pop(L, 1);
		return -1;
	}
	if (!lua_istable(L, -1)) {
		lua_pop(L, 1);
		return diag_at(path, 0, "the configuration must return a table");
	}
	return 0;
}

struct render_args {
	struct engine *e;
	const char *name;
	int vars_idx;
};

static int render_protected(lua_State *L)
{
	struct render_args *a = lua_touserdata(L, 1);
	if (a->vars_idx)
		lua_pushvalue(L, 2);
	render_in(L, a->e, a->name, a->vars_idx ? lua_gettop(L) : 0, a->e->base_ref);
	return 1;
}

int engine_render(struct engine *e, const char *name, const char *root, int vars_idx,
		  struct buf *out)
{
	lua_State *L = e->L;
	int top = lua_gettop(L);
	if (vars_idx)
		vars_idx = lua_absindex(L, vars_idx);
	struct render_args a = { e, name, vars_idx };
	const char *saved_root = e->root;
	int saved_depth = e->depth;
	e->root = root;
	lua_pushcfunction(L, render_protected);
	lua_pushlightuserdata(L, &a);
	if (vars_idx)
		lua_pushvalue(L, vars_idx);
	else
		lua_pushnil(L);
	if (saved_depth == 0)
		e->steps = 0;
	int rc = lua_pcall(L, 2, 1, 0);
	e->root = saved_root;
	while (e->depth > saved_depth)
		luaL_unref(L, LUA_REGISTRYINDEX, e->env_refs[--e->depth]);
	if (rc != LUA_OK) {
		char *path = engine_template_path(e, name);
		lua_error_diag(L, rc, path);
		free(path);
		lua_settop(L, top);
		return -1;
	}
	size_t n;
	const char *s = lua_tolstring(L, -1, &n);
	buf_put(out, s, n);
	lua_settop(L, top);
	return 0;
}
