/* luajson: converts between jansson values and Lua values.
 * JSON -> Lua: objects and arrays become tables (arrays 1-based), integers stay integers, null becomes nil.
 * Lua -> JSON text: tables with keys 1..n become arrays (an empty table becomes []), other tables objects;
 * the text, keys sorted, is safe inside <script>: tools/lib/scriptjson.h's rule. */
#ifndef GEN_LUAJSON_H
#define GEN_LUAJSON_H
#include <jansson.h>
#include <lua.h>

void luajson_push(lua_State *L, const json_t *v);
/* Pushes the JSON text of the value at idx, or raises a Lua error for functions, cycles, etc. */
void luajson_push_text(lua_State *L, int idx);

#endif
