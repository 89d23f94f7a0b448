/* engine: the embedded Lua 5.4 template engine. Loads site/config.lua, compiles templates (template.h)
 * once each, and renders them with the globals page/site/build plus include, escape, url, json,
 * template_exists, static_text and write_output (docs/ARCHITECTURE.md, "Templates"). Site code runs sandboxed: it sees only the string,
 * table, math and utf8 libraries (read-only) and a few base functions, never os, io, require, load*,
 * dofile or debug; and it is bounded in instructions and memory (engine_set_limits). Every template file used or probed is reported to a
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
/* write_output(path, text) in a template: one more output of the render in progress (a page's record
 * page beside it, a data script), handed to fn, which checks the path, writes the file and returns 0,
 * or -1 with the reason in err (the template then fails with it). fn NULL (the default): templates
 * that call write_output fail ("only a page's render may write outputs"). */
typedef int (*engine_output_fn)(void *ctx, const char *path, const char *text, size_t len,
				struct buf *err);
void engine_set_output_fn(struct engine *e, engine_output_fn fn, void *ctx);
/* While *flag is non-zero, running templates stop with the error "interrupted" (checked every thousand
 * Lua instructions, so a runaway template loop can be interrupted). */
void engine_set_stop_flag(struct engine *e, volatile sig_atomic_t *flag);

/* Bounds of site code. A render (one engine_render with everything it includes) or the config run stops
 * after `steps` Lua instructions with `<template>:<line>: did not finish within N Lua instructions`; the
 * Lua state may hold at most `bytes` of memory (past it: `<template>: not enough memory ...`).
 * 0 keeps the default. */
#define ENGINE_STEP_LIMIT 100000000LL
#define ENGINE_MEMORY_LIMIT ((size_t)1 << 30)
void engine_set_limits(struct engine *e, long long steps, size_t bytes);

/* The directory static_text(name) reads from (site/static), or NULL (then static_text fails). */
void engine_set_static_dir(struct engine *e, const char *dir);

/* "site/templates/<name>" (malloc'd) and whether it exists (also reported as a dependency). */
char *engine_template_path(struct engine *e, const char *name);
int engine_template_exists(struct engine *e, const char *name);

/* Renders template `name`. The table at vars_idx (or 0: none) supplies extra globals (page, data tables);
 * root is the page's prefix to the site root, used by url(). Appends the HTML to out.
 * Returns 0, or -1 with the error (`site/templates/x.html:LINE: message`) in diag. */
int engine_render(struct engine *e, const char *name, const char *root, int vars_idx,
		  struct buf *out);

#endif
