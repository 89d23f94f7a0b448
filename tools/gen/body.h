/* body: renders a page body (Markdown, quizzes, highlighted code, data directives) to HTML. */
#ifndef GEN_BODY_H
#define GEN_BODY_H
#include "site.h"
#include "util.h"

/* print: render for print.html (ids prefixed `<print_id>--`, page links inside the print page).
 * page_idx: Lua stack index of the `page` table handed to directive templates. 0 or -1 (diag). */
int body_render(struct site *s, struct page *p, int print, int page_idx, struct buf *out);

#endif
