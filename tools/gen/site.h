/* site: the course as the generator sees it: every content page (front matter + parsed Markdown),
 * course order, output paths, the directive configuration from site/config.lua, and the site-wide checks
 * (unique output paths and quiz ids, links to existing pages and anchors). */
#ifndef GEN_SITE_H
#define GEN_SITE_H
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "frontmatter.h"
#include "markdown.h"

struct options {
	const char *content, *templates, *static_dir, *data, *config, *out, *state;
	/* NULL, or where pages outside --content live, relative to the site root (a lab page built alone
     * links to the full course: "../../../site/"): a link to a page that is not in --content is not an
     * error and points to <page root><link_base><its default output path>. */
	const char *link_base;
};

struct page {
	char *source; /* "content/labs/x.md" */
	char *slug;
	char *path;	/* "labs/x.html" */
	char *root;	/* "../" */
	char *print_id; /* id of the page's section in print.html: "labs-x" */
	struct front_matter fm;
	char *text; /* the whole file */
	uint64_t source_hash;
	int is_home;
	struct md_doc doc;
	uint64_t key;	/* set by the build: the key of the page's output */
	int up_to_date; /* set by the build: the page's output needs no re-render in this run */
};

struct directive_data {
	char *global;  /* name of the Lua global */
	char *pattern; /* "{data}/examples/{arg}.json"; {data} is --data, {arg} the block's text */
	int optional;  /* pattern ended in '?' */
};

struct directive_conf {
	char *name, *template_name;
	int is_inline; /* inline = true: written as the code span `name: arg` inside a paragraph */
	struct directive_data *data;
	size_t ndata;
};

struct site {
	const struct options *opt;
	struct engine *engine;
	int config_ref; /* the config table in the Lua registry */
	uint64_t config_hash;
	uint64_t nav_hash; /* titles, order, summaries, sections, paths and quiz ids of all pages */
	char *site_url;	   /* config.site_url with a trailing '/', or NULL */
	struct directive_conf *directives;
	size_t ndirectives;
	struct page **pages; /* every content page but the home page, in course order */
	size_t npages;
	struct page *home; /* content/index.md, or NULL */
};

/* Loads config and every page, checks the site. 0, or -1 with `path:line: message` in diag. */
int site_load(struct site *s, const struct options *opt);
void site_free(struct site *s);
struct page *site_page_by_source(const struct site *s, const char *source);
const struct directive_conf *site_directive(const struct site *s, const char *name);

#endif
