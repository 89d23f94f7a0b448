/* markdown: one page body through the cmark-gfm library (tables, autolinks, strikethrough).
 * md_parse reads the body once: heading ids, the table of contents, quiz blocks (parsed and checked),
 * data-directive blocks, links to other pages and the plain text for search. md_render writes the HTML,
 * asking the caller (struct md_hooks) for link URLs, directive HTML and quiz HTML; it can run more than
 * once on the same parse (the page itself and print.html). Line numbers are the .md file's. */
#ifndef GEN_MARKDOWN_H
#define GEN_MARKDOWN_H
#include <cmark-gfm.h>
#include <stddef.h>

#include "quiz.h"
#include "slug.h"
#include "util.h"

struct md_heading {
	int level, line;
	char *id, *text;
};

struct md_link {
	cmark_node *
		node; /* NULL for links inside quiz fields (checked here, rewritten by the quiz renderer) */
	char *url;    /* as written */
	char *target; /* page link: the source path it names ("content/x.md"), else NULL */
	char *anchor; /* fragment, or NULL */
	int line;
};

struct md_directive {
	cmark_node *node;
	char *name, *arg;
	int line;      /* line of the opening fence (inline: of the paragraph) */
	int is_inline; /* the code span `name: arg`; its HTML replaces the span */
};

struct md_quiz {
	cmark_node *node;
	struct quiz quiz;
};

struct md_doc {
	char *path;
	int line_offset; /* add to a cmark line to get the file line */
	cmark_node *root;
	struct md_heading *headings;
	size_t nheadings;
	struct idset ids; /* heading ids */
	struct md_link *links;
	size_t nlinks;
	struct md_directive *directives;
	size_t ndirectives;
	struct md_quiz *quizzes;
	size_t nquizzes;
	char *text; /* plain text of the body, for search */
};

/* is_directive(ctx, name): whether a fenced block's info word names a data directive: 0 (no),
 * MD_DIRECTIVE_BLOCK, or MD_DIRECTIVE_INLINE (a directive that is also written inline, as the code
 * span `name: arg`, whose template renders phrasing content). */
enum { MD_DIRECTIVE_BLOCK = 1, MD_DIRECTIVE_INLINE = 2 };
typedef int (*md_is_directive_fn)(void *ctx, const char *name);

/* body starts at file line body_line. Returns 0, or -1 with `path:line: message` in diag. */
int md_parse(struct md_doc *d, const char *path, const char *body, int body_line,
	     const char *page_slug, md_is_directive_fn is_directive, void *ctx);
void md_free(struct md_doc *d);

/* New href for a link as written in the source (malloc'd), or NULL to keep it. */
typedef char *(*md_link_fn)(void *ctx, const char *url);

struct md_hooks {
	void *ctx;
	md_link_fn link_url;
	/* Appends the HTML of a directive block; 0 or -1 (diag). */
	int (*directive)(void *ctx, const struct md_directive *dir, struct buf *out);
	/* Appends the HTML of a quiz; 0 or -1 (diag). */
	int (*quiz)(void *ctx, const struct quiz *q, struct buf *out);
	/* Prefix for heading ids (print.html keeps pages apart with "<slug>--"); NULL for none. */
	const char *id_prefix;
};

int md_render(struct md_doc *d, const struct md_hooks *hooks, struct buf *out);

/* Parses a standalone Markdown fragment (a quiz field) with the page parser's options; free the tree with
 * cmark_node_free. */
cmark_node *md_parse_fragment(const char *markdown);

/* Highlighting of ```c blocks is on by default; the benchmark can turn it off to measure its share. */
void md_set_highlight(int on);

/* Renders a standalone Markdown fragment (quiz fields) to HTML, links rewritten by link_url (may be NULL);
 * if inline_only and the fragment is one paragraph, the <p> wrapper is dropped. */
char *md_fragment_html(const char *markdown, int inline_only, md_link_fn link_url, void *ctx);

#endif
