/* luajson: jansson <-> Lua conversion for data directives and the templates' json() function. */
#include "luajson.h"

#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

#include "scriptjson.h"
#include "util.h"

void luajson_push(lua_State *L, const json_t *v)
{
	luaL_checkstack(L, 4, "JSON data nested too deeply");
	switch (json_typeof(v)) {
	case JSON_OBJECT: {
		const char *key;
		json_t *val;
		lua_createtable(L, 0, (int)json_object_size(v));
		json_object_foreach((json_t *)v, key, val) {
			if (json_is_null(val))
				continue;
			luajson_push(L, val);
			lua_setfield(L, -2, key);
		}
		break;
	}
	case JSON_ARRAY: {
		size_t i;
		json_t *val;
		lua_createtable(L, (int)json_array_size(v), 0);
		json_array_foreach(v, i, val) {
			luajson_push(L, val);
			lua_rawseti(L, -2, (lua_Integer)i + 1);
		}
		break;
	}
	case JSON_STRING: lua_pushlstring(L, json_string_value(v), json_string_length(v)); break;
	case JSON_INTEGER: lua_pushinteger(L, (lua_Integer)json_integer_value(v)); break;
	case JSON_REAL: lua_pushnumber(L, json_real_value(v)); break;
	case JSON_TRUE: lua_pushboolean(L, 1); break;
	case JSON_FALSE: lua_pushboolean(L, 0); break;
	case JSON_NULL: lua_pushnil(L); break;
	}
}

static json_t *to_json(lua_State *L, int idx, int depth)
{
	idx = lua_absindex(L, idx);
	if (depth > 64)
		luaL_error(L, "json: value nested too deeply (a cycle?)");
	switch (lua_type(L, idx)) {
	case LUA_TNIL: return json_null();
	case LUA_TBOOLEAN: return json_boolean(lua_toboolean(L, idx));
	case LUA_TNUMBER:
		if (lua_isinteger(L, idx))
			return json_integer((json_int_t)lua_tointeger(L, idx));
		return json_real(lua_tonumber(L, idx));
	case LUA_TSTRING: {
		size_t n;
		const char *s = lua_tolstring(L, idx, &n);
		json_t *j = json_stringn(s, n);
		if (!j)
			luaL_error(L, "json: string is not valid UTF-8");
		return j;
	}
	case LUA_TTABLE: {
		lua_Integer n = (lua_Integer)lua_rawlen(L, idx);
		lua_Integer count = 0;
		lua_pushnil(L);
		while (lua_next(L, idx)) {
			count++;
			lua_pop(L, 1);
		}
		if (count == n) {
			json_t *a = json_array();
			for (lua_Integer i = 1; i <= n; i++) {
				lua_rawgeti(L, idx, i);
				json_array_append_new(a, to_json(L, -1, depth + 1));
				lua_pop(L, 1);
			}
			return a;
		}
		json_t *o = json_object();
		lua_pushnil(L);
		while (lua_next(L, idx)) {
			lua_pushvalue(L, -2);
			const char *k = lua_type(L, -1) == LUA_TNUMBER ||
							lua_type(L, -1) == LUA_TSTRING ?
						lua_tostring(L, -1) :
						NULL;
			if (!k)
				luaL_error(L, "json: table keys must be strings or numbers");
			json_object_set_new(o, k, to_json(L, -2, depth + 1));
			lua_pop(L, 2);
		}
		return o;
	}
	default:
		return (json_t *)(luaL_error(L, "json: cannot encode a %s", luaL_typename(L, idx)),
				  NULL);
	}
}

void luajson_push_text(lua_State *L, int idx)
{
	json_t *j = to_json(L, idx, 0);
	char *s = script_json(j, 1); /* a Lua table has no order: keys sorted */
	json_decref(j);
	if (!s)
		luaL_error(L, "json: cannot encode value");
	lua_pushstring(L, s);
	free(s);
}
