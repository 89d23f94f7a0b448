/* engine: the embedded Lua 5.4 template engine. Loads site/config.lua, compiles templates (template.h)
 * once each, and renders them with the globals page/site/build plus include, escape, url, json and
 * template_exists (docs/ARCHITECTURE.md, "Templates"). Every template file used or probed is reported to a
 * dependency callback with the hash of its bytes (0 when absent), for the incremental build. */
#ifndef GEN_ENGINE_H
#define GEN_ENGINE_H
#include <lua.h>
#include <signal.h>
#include <stdint.h>

#include "util.h"

struct engine;
typedef void (*engine_dep_fn)(void *ctx, const char *path, uint64_t hash);

struct engine *engine_new(const char *templates_dir);
void engine_free(struct engine *e);
lua_State *engine_lua(struct engine *e);

/* Runs the config file; it must return a table, which is left on the Lua stack. 0 or -1 (diag). */
int engine_load_config(struct engine *e, const char *path);
/* Pops the value on top of the Lua stack and makes it a global of every template. */
void engine_set_global(struct engine *e, const char *name);
void engine_set_deps(struct engine *e, engine_dep_fn fn, void *ctx);
/* While *flag is non-zero, running templates stop with the error "interrupted" (checked every few
 * thousand Lua instructions, so a runaway template loop can be interrupted). */
void engine_set_stop_flag(struct engine *e, volatile sig_atomic_t *flag);

/* "site/templates/<name>" (malloc'd) and whether it exists (also reported as a dependency). */
char *engine_template_path(struct engine *e, const char *name);
int engine_template_exists(struct engine *e, const char *name);

/* Renders template `name`. The table at vars_idx (or 0: none) supplies extra globals (page, data tables);
 * root is the page's prefix to the site root, used by url(). Appends the HTML to out.
 * Returns 0, or -1 with the error (`site/templates/x.html:LINE: message`) in diag. */
int engine_render(struct engine *e, const char *name, const char *root, int vars_idx,
		  struct buf *out);

#endif
