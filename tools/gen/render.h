/* render: turns the loaded site into the HTML of each generated page: page bodies (Markdown with quizzes,
 * highlighted code and data directives), the Lua globals page/site/build, and the page templates.
 * Every template and data file read is recorded as a dependency of the output being rendered. */
#ifndef GEN_RENDER_H
#define GEN_RENDER_H
#include "site.h"
#include "state.h"
#include "util.h"

/* Sets the `build` global (date "YYYY-MM-DD", commit or ""). */
void render_init(struct site *s, const char *date, const char *commit);
void render_finish(void);
/* Dependencies of the renders that follow are added to o (NULL: not recorded). */
void render_record_deps(struct site *s, struct state_output *o);

int render_page(struct site *s, struct page *p,
		struct buf *out); /* a content page or the home page */
int render_home_without_source(struct site *s,
			       struct buf *out); /* index.html when there is no index.md */
/* print.html; the bodies of pages marked up_to_date come from the print cache (printcache.h) when it has
 * them for the page's key and the files they were rendered from are unchanged; either way the files each
 * body was rendered from are recorded as dependencies of print.html. */
int render_print(struct site *s, struct buf *out);
int render_404(struct site *s, struct buf *out);

/* The page body alone, as on the page itself (used by the Markdown benchmark). */
int render_body(struct site *s, struct page *p, struct buf *out);

#endif
