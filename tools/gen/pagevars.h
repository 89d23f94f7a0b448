/* pagevars: the Lua tables templates see. `page`: slug, source, path, root, kind, title, summary, order,
 * section, toc, prev, next, breadcrumbs, quizzes, id_prefix ("" except for bodies inside print.html)
 * (body is added by the caller). `site`: config, pages
 * (sidebar pages in course order, `current` set for the page being rendered), sections. */
#ifndef GEN_PAGEVARS_H
#define GEN_PAGEVARS_H
#include <lua.h>

#include "site.h"

/* Pushes the page table (p may be NULL for generated pages such as print.html and 404.html). */
void pagevars_push_page(struct site *s, struct page *p, const char *kind, const char *path,
			const char *root, const char *title, const char *summary);
/* Pushes the site table as seen from page `current` (may be NULL). */
void pagevars_push_site(struct site *s, const struct page *current);
/* t[k] = v for the table on top of the stack; nothing when v is NULL. */
void pagevars_set_str(lua_State *L, const char *k, const char *v);

#endif
