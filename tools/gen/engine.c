/* engine: Lua state, template cache and the functions templates can call. */
#include "engine.h"

#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "luajson.h"
#include "template.h"

#define MAX_DEPTH 32

struct engine {
	lua_State *L;
	char *dir;
	int base_ref;		 /* the table every template environment inherits from */
	int cache_ref;		 /* name -> compiled chunk */
	int env_refs[MAX_DEPTH]; /* environments of the renders in progress (include nests) */
	int depth;
	const char *root;
	engine_dep_fn dep_fn;
	void *dep_ctx;
	volatile sig_atomic_t *stop;
};

static struct engine *hooked; /* the engine whose stop flag the count hook reads */

static void stop_hook(lua_State *L, lua_Debug *ar)
{
	(void)ar;
	if (hooked && hooked->stop && *hooked->stop)
		luaL_error(L, "interrupted");
}

void engine_set_stop_flag(struct engine *e, volatile sig_atomic_t *flag)
{
	e->stop = flag;
	hooked = e;
	lua_sethook(e->L, flag ? stop_hook : NULL, flag ? LUA_MASKCOUNT : 0, 10000);
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

static int l_json(lua_State *L)
{
	luaL_checkany(L, 1);
	luajson_push_text(L, 1);
	return 1;
}

static int l_template_exists(lua_State *L)
{
	struct engine *e = self(L);
	lua_pushboolean(L, engine_template_exists(e, luaL_checkstring(L, 1)));
	return 1;
}

struct engine *engine_new(const char *templates_dir)
{
	struct engine *e = xcalloc(1, sizeof *e);
	e->dir = xstrdup(templates_dir);
	size_t n = strlen(e->dir);
	while (n > 1 && e->dir[n - 1] == '/')
		e->dir[--n] = '\0';
	e->L = luaL_newstate();
	if (!e->L) {
		free(e->dir);
		free(e);
		return NULL;
	}
	lua_State *L = e->L;
	luaL_openlibs(L);
	lua_newtable(L);
	e->cache_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	lua_newtable(L); /* base env */
	static const luaL_Reg fns[] = { { "include", l_include },
					{ "escape", l_escape },
					{ "url", l_url },
					{ "json", l_json },
					{ "template_exists", l_template_exists },
					{ NULL, NULL } };
	lua_pushlightuserdata(L, e);
	luaL_setfuncs(L, fns, 1);
	lua_newtable(L);
	lua_pushglobaltable(L);
	lua_setfield(L, -2, "__index");
	lua_setmetatable(L, -2);
	e->base_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	return e;
}

void engine_free(struct engine *e)
{
	if (!e)
		return;
	if (hooked == e)
		hooked = NULL;
	lua_close(e->L);
	free(e->dir);
	free(e);
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

void engine_set_global(struct engine *e, const char *name)
{
	lua_rawgeti(e->L, LUA_REGISTRYINDEX, e->base_ref);
	lua_insert(e->L, -2);
	lua_setfield(e->L, -2, name);
	lua_pop(e->L, 1);
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
	if (rc == LUA_OK)
		rc = lua_pcall(L, 0, 1, 0);
	if (rc != LUA_OK) {
		diag_raw(lua_tostring(L, -1));
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
	int rc = lua_pcall(L, 2, 1, 0);
	e->root = saved_root;
	while (e->depth > saved_depth)
		luaL_unref(L, LUA_REGISTRYINDEX, e->env_refs[--e->depth]);
	if (rc != LUA_OK) {
		const char *msg = lua_tostring(L, -1);
		diag_raw(msg ? msg : "template error (non-string error value)");
		lua_settop(L, top);
		return -1;
	}
	size_t n;
	const char *s = lua_tolstring(L, -1, &n);
	buf_put(out, s, n);
	lua_settop(L, top);
	return 0;
}
