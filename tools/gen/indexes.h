/* indexes: the two generated files that are not templates: search-index.js
 * (window.COURSE_SEARCH = [{title, path, section, headings: [{id, text}], text}]) and sitemap.xml;
 * each heading's id is the one its page's HTML carries. */
#ifndef GEN_INDEXES_H
#define GEN_INDEXES_H
#include "site.h"
#include "util.h"

void search_index_js(const struct site *s, struct buf *out);
/* Needs the config's site_url; -1 (diag) without it. */
int sitemap_xml(const struct site *s, struct buf *out);

#endif
