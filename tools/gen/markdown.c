/* markdown: cmark-gfm parsing, the page-level walk and rendering with node substitution. */
#include "markdown.h"
#include "buf.h"

#include <cmark-gfm-core-extensions.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "highlight.h"
#include "links.h"

#define MD_OPTIONS CMARK_OPT_UNSAFE

static cmark_parser *new_parser(void)
{
	static const char *const names[] = { "table", "autolink", "strikethrough" };
	cmark_gfm_core_extensions_ensure_registered();
	cmark_parser *p = cmark_parser_new(MD_OPTIONS);
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		cmark_syntax_extension *ext = cmark_find_syntax_extension(names[i]);
		if (ext)
			cmark_parser_attach_syntax_extension(p, ext);
	}
	return p;
}

static cmark_node *parse(const char *text, cmark_llist **exts)
{
	cmark_parser *p = new_parser();
	cmark_parser_feed(p, text, strlen(text));
	cmark_node *doc = cmark_parser_finish(p);
	if (exts)
		*exts = NULL;
	cmark_parser_free(p);
	return doc;
}

cmark_node *md_parse_fragment(const char *markdown)
{
	return parse(markdown, NULL);
}

static char *render_html(cmark_node *node)
{
	/* The extension list only matters for extension-specific rendering options; tables render from the
     * node types themselves. */
	return cmark_render_html(node, MD_OPTIONS, NULL);
}

static void rewrite_links(cmark_node *doc, md_link_fn link_url, void *ctx)
{
	if (!link_url)
		return;
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_ENTER && cmark_node_get_type(n) == CMARK_NODE_LINK) {
			char *u = link_url(ctx, cmark_node_get_url(n) ? cmark_node_get_url(n) : "");
			if (u) {
				cmark_node_set_url(n, u);
				free(u);
			}
		}
	}
	cmark_iter_free(it);
}

char *md_fragment_html(const char *markdown, int inline_only, md_link_fn link_url, void *ctx)
{
	cmark_node *doc = parse(markdown, NULL);
	rewrite_links(doc, link_url, ctx);
	char *html = render_html(doc);
	cmark_node *first = cmark_node_first_child(doc);
	if (inline_only && first && first == cmark_node_last_child(doc) &&
	    cmark_node_get_type(first) == CMARK_NODE_PARAGRAPH) {
		size_t n = strlen(html);
		if (n >= 8 && !strncmp(html, "<p>", 3) && !strcmp(html + n - 5, "</p>\n")) {
			char *inner = xstrndup(html + 3, n - 8);
			free(html);
			html = inner;
		}
	}
	cmark_node_free(doc);
	return html;
}

static void collect_text(cmark_node *node, struct buf *b)
{
	cmark_iter *it = cmark_iter_new(node);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER)
			continue;
		cmark_node_type t = cmark_node_get_type(n);
		if (t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE)
			buf_puts(b, cmark_node_get_literal(n));
		else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK)
			buf_putc(b, ' ');
	}
	cmark_iter_free(it);
}

static char *info_word(cmark_node *n)
{
	const char *info = cmark_node_get_fence_info(n);
	if (!info)
		return xstrdup("");
	size_t k = strcspn(info, " \t{");
	return xstrndup(info, k);
}

#define PUSH(arr, n, item)                                      \
	do {                                                    \
		arr = xrealloc(arr, ((n) + 1) * sizeof *(arr)); \
		(arr)[(n)++] = (item);                          \
	} while (0)

/* Records a link found at file line `line` (node: its node in the page's tree, NULL for a link inside
 * a quiz's text), resolving the page it points to; -1 when it climbs above the site root. */
static int record_link(struct md_doc *d, const char *path, cmark_node *node, const char *url,
		       int line)
{
	struct md_link l = { node, xstrdup(url ? url : ""), NULL, NULL, line };
	int k = link_page_target(path, l.url, &l.target, &l.anchor);
	if (k < 0) {
		int rc = diag_at(path, line, "link '%s' climbs above the site root", l.url);
		free(l.url);
		return rc;
	}
	if (k == 0 && l.url[0] == '#')
		l.anchor = xstrdup(l.url + 1);
	PUSH(d->links, d->nlinks, l);
	return 0;
}

/* Records the links of a Markdown fragment that starts at file line `line` (node = NULL). */
static int fragment_links(struct md_doc *d, const char *path, const char *markdown, int line)
{
	if (!markdown)
		return 0;
	cmark_node *doc = parse(markdown, NULL);
	cmark_iter *it = cmark_iter_new(doc);
	cmark_event_type ev;
	int rc = 0;
	while (rc == 0 && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_ENTER && cmark_node_get_type(n) == CMARK_NODE_LINK)
			rc = record_link(d, path, NULL, cmark_node_get_url(n),
					 line + cmark_node_get_start_line(n) - 1);
	}
	cmark_iter_free(it);
	cmark_node_free(doc);
	return rc;
}

static int quiz_links(struct md_doc *d, const char *path, const struct quiz *q)
{
	int rc = fragment_links(d, path, q->question, q->question_line);
	if (rc == 0)
		rc = fragment_links(d, path, q->answer, q->answer_line);
	if (rc == 0)
		rc = fragment_links(d, path, q->explanation, q->explanation_line);
	for (size_t i = 0; i < q->nchoices && rc == 0; i++) {
		if (q->type != QUIZ_OUTCOME)
			rc = fragment_links(d, path, q->choices[i].text, q->choices[i].line);
		if (rc == 0)
			rc = fragment_links(d, path, q->choices[i].feedback,
					    q->choices[i].feedback_line);
	}
	return rc;
}

/* The line of the block that holds an inline node (cmark gives inlines no line of their own). */
static int block_line(cmark_node *n)
{
	while (n && (cmark_node_get_type(n) & CMARK_NODE_TYPE_MASK) != CMARK_NODE_TYPE_BLOCK)
		n = cmark_node_parent(n);
	return n ? cmark_node_get_start_line(n) : 0;
}

/* A code span "name: arg" where name is an inline directive: returns name (malloc'd) and sets
 * *arg (malloc'd, trimmed); NULL for any other code span. */
static char *inline_directive(const char *lit, md_is_directive_fn is_directive, void *ctx,
			      char **arg)
{
	const char *colon = lit ? strchr(lit, ':') : NULL;
	if (!colon || colon == lit || colon[1] != ' ' || !is_directive)
		return NULL;
	for (const char *p = lit; p < colon; p++)
		if (!((*p >= 'a' && *p <= 'z') || *p == '-'))
			return NULL;
	char *name = xstrndup(lit, (size_t)(colon - lit));
	if (is_directive(ctx, name) != MD_DIRECTIVE_INLINE) {
		free(name);
		return NULL;
	}
	const char *s = colon + 1;
	while (*s == ' ')
		s++;
	size_t len = strlen(s);
	while (len && s[len - 1] == ' ')
		len--;
	*arg = xstrndup(s, len);
	return name;
}

/* One walk of md_parse: the page being read, the caller's directive test and the search text so far. */
struct walk {
	struct md_doc *d;
	const char *path;
	const char *page_slug;
	md_is_directive_fn is_directive;
	void *ctx;
	struct buf text;
};

/* heading: its id (unique in the page, from its text) and text, for the table of contents. */
static int parse_heading(struct walk *w, cmark_node *n, int line)
{
	struct buf t = { 0 };
	collect_text(n, &t);
	char *base = slug_from_text(t.data ? t.data : "");
	struct md_heading h = { cmark_node_get_heading_level(n), line,
				xstrdup(idset_add_unique(&w->d->ids, base)), buf_take(&t) };
	free(base);
	PUSH(w->d->headings, w->d->nheadings, h);
	return 0;
}

/* code span: "name: arg" with name an inline directive (arg one word, no ".."), else search text. */
static int parse_code_span(struct walk *w, cmark_node *n)
{
	const char *lit = cmark_node_get_literal(n);
	char *arg = NULL, *name = inline_directive(lit, w->is_directive, w->ctx, &arg);
	if (!name) {
		buf_puts(&w->text, lit);
		return 0;
	}
	int bline = block_line(n) + w->d->line_offset;
	if (!*arg || strchr(arg, ' ') || strstr(arg, "..")) {
		int rc = diag_at(w->path, bline, "'%s: ' names one thing, without spaces ('%s')",
				 name, lit);
		free(name);
		free(arg);
		return rc;
	}
	struct md_directive dir = { n, name, arg, bline, 1 };
	PUSH(w->d->directives, w->d->ndirectives, dir);
	return 0;
}

/* ```quiz block: parsed and checked (tools/gen/quiz.h), its default id the page's slug and its number. */
static int parse_quiz_block(struct walk *w, cmark_node *n, const char *lit, int line)
{
	struct md_doc *d = w->d;
	struct md_quiz q = { n, { 0 } };
	char *def = xasprintf("%s-q%zu", w->page_slug, d->nquizzes + 1);
	int rc = quiz_parse(w->path, line + 1, lit ? lit : "", def, &q.quiz);
	free(def);
	if (rc)
		return rc;
	PUSH(d->quizzes, d->nquizzes, q);
	return quiz_links(d, w->path, &d->quizzes[d->nquizzes - 1].quiz);
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* ```name block of a directive: one argument on one line (blank space around it dropped), no "..". */
static int parse_directive_block(struct walk *w, cmark_node *n, const char *word, const char *lit,
				 int line)
{
	const char *s = lit ? lit : "";
	while (is_space(*s))
		s++;
	size_t len = strlen(s);
	while (len && is_space(s[len - 1]))
		len--;
	if (memchr(s, '\n', len) || strstr(s, ".."))
		return diag_at(w->path, line, "'%s' block takes one argument on one line", word);
	struct md_directive dir = { n, xstrdup(word), xstrndup(s, len), line, 0 };
	PUSH(w->d->directives, w->d->ndirectives, dir);
	return 0;
}

/* code block: a quiz, a directive's block, or code (left to md_render). */
static int parse_code_block(struct walk *w, cmark_node *n, int line)
{
	char *word = info_word(n);
	const char *lit = cmark_node_get_literal(n);
	int rc = 0;
	if (!strcmp(word, "quiz"))
		rc = parse_quiz_block(w, n, lit, line);
	else if (*word && w->is_directive && w->is_directive(w->ctx, word))
		rc = parse_directive_block(w, n, word, lit, line);
	free(word);
	return rc;
}

/* One node entered in document order: what it adds to the page's parse. */
static int parse_node(struct walk *w, cmark_node *n)
{
	int line = cmark_node_get_start_line(n) + w->d->line_offset;
	switch (cmark_node_get_type(n)) {
	case CMARK_NODE_HEADING: return parse_heading(w, n, line);
	case CMARK_NODE_LINK: return record_link(w->d, w->path, n, cmark_node_get_url(n), line);
	case CMARK_NODE_TEXT: buf_puts(&w->text, cmark_node_get_literal(n)); return 0;
	case CMARK_NODE_CODE: return parse_code_span(w, n);
	case CMARK_NODE_SOFTBREAK:
	case CMARK_NODE_LINEBREAK: buf_putc(&w->text, ' '); return 0;
	case CMARK_NODE_CODE_BLOCK: return parse_code_block(w, n, line);
	default: return 0;
	}
}

int md_parse(struct md_doc *d, const char *path, const char *body, int body_line,
	     const char *page_slug, md_is_directive_fn is_directive, void *ctx)
{
	memset(d, 0, sizeof *d);
	d->path = xstrdup(path);
	d->line_offset = body_line - 1;
	d->root = parse(body, NULL);
	struct walk w = { d, path, page_slug, is_directive, ctx, { 0 } };
	cmark_iter *it = cmark_iter_new(d->root);
	cmark_event_type ev;
	int rc = 0;
	while (rc == 0 && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_ENTER)
			rc = parse_node(&w, n);
		else if ((cmark_node_get_type(n) & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK &&
			 w.text.len && w.text.data[w.text.len - 1] != ' ')
			buf_putc(&w.text, ' '); /* a block's end separates words */
	}
	cmark_iter_free(it);
	d->text = buf_take(&w.text);
	if (rc) {
		md_free(d);
		return -1;
	}
	return 0;
}

void md_free(struct md_doc *d)
{
	for (size_t i = 0; i < d->nheadings; i++) {
		free(d->headings[i].id);
		free(d->headings[i].text);
	}
	free(d->headings);
	for (size_t i = 0; i < d->nlinks; i++) {
		free(d->links[i].url);
		free(d->links[i].target);
		free(d->links[i].anchor);
	}
	free(d->links);
	for (size_t i = 0; i < d->ndirectives; i++) {
		free(d->directives[i].name);
		free(d->directives[i].arg);
	}
	free(d->directives);
	for (size_t i = 0; i < d->nquizzes; i++)
		quiz_free(&d->quizzes[i].quiz);
	free(d->quizzes);
	idset_free(&d->ids);
	if (d->root)
		cmark_node_free(d->root);
	free(d->text);
	free(d->path);
	memset(d, 0, sizeof *d);
}

struct swap {
	cmark_node *html; /* the HTML node standing in */
	cmark_node *orig; /* the node it replaced, unlinked */
};

static void substitute(struct swap **swaps, size_t *n, cmark_node *orig, const char *html)
{
	int is_inline = cmark_node_get_type(orig) == CMARK_NODE_CODE;
	cmark_node *h = cmark_node_new(is_inline ? CMARK_NODE_HTML_INLINE : CMARK_NODE_HTML_BLOCK);
	cmark_node_set_literal(h, html);
	cmark_node_insert_before(orig, h);
	cmark_node_unlink(orig);
	struct swap s = { h, orig };
	PUSH(*swaps, *n, s);
}

static char *heading_html(cmark_node *n, const char *id)
{
	char *inner = render_html(n); /* "<hN>...</hN>\n" */
	int level = cmark_node_get_heading_level(n);
	size_t len = strlen(inner);
	char close[8];
	xsnprintf(close, sizeof close, "</h%d>", level);
	const char *gt = strchr(inner, '>');
	char *end = strstr(inner, close);
	struct buf b = { 0 };
	if (!gt || !end || end < gt) {
		buf_put(&b, inner, len);
	} else {
		buf_printf(&b, "<h%d id=\"", level);
		buf_put_escaped(&b, id, strlen(id));
		buf_puts(&b, "\">");
		buf_put(&b, gt + 1, (size_t)(end - gt - 1));
		buf_puts(&b, " <a class=\"anchor\" href=\"#");
		buf_put_escaped(&b, id, strlen(id));
		buf_printf(&b, "\" aria-label=\"Permalink\">#</a>%s\n", close);
	}
	free(inner);
	return buf_take(&b);
}

static int highlight_on = 1;

void md_set_highlight(int on)
{
	highlight_on = on;
}

static char *code_html(cmark_node *n, const char *lang, int *failed, const char *path, int line)
{
	const char *lit = cmark_node_get_literal(n);
	size_t len = lit ? strlen(lit) : 0;
	while (len && lit[len - 1] == '\n')
		len--;
	char *err = NULL;
	char *spans = highlight_c(lit ? lit : "", len, &err);
	if (!spans) {
		diag_at(path, line, "cannot highlight C code: %s", err ? err : "unknown error");
		free(err);
		*failed = 1;
		return NULL;
	}
	char *html = xasprintf(
		"<pre class=\"code code-%s\"><code class=\"language-%s\">%s</code></pre>\n", lang,
		lang, spans);
	free(spans);
	return html;
}

/* Sets each page link's URL to the caller's (hooks' link_url); returns the URLs as parsed (NULL where
 * unchanged), for restore_links. */
static char **rewrite_page_links(struct md_doc *d, const struct md_hooks *h)
{
	char **saved = xcalloc(d->nlinks ? d->nlinks : 1, sizeof *saved);
	for (size_t i = 0; i < d->nlinks; i++) {
		if (!d->links[i].node)
			continue;
		char *u = h->link_url ? h->link_url(h->ctx, d->links[i].url) : NULL;
		if (u) {
			saved[i] = xstrdup(d->links[i].url);
			cmark_node_set_url(d->links[i].node, u);
			free(u);
		}
	}
	return saved;
}

static void restore_links(struct md_doc *d, char **saved)
{
	for (size_t i = 0; i < d->nlinks; i++)
		if (saved[i]) {
			cmark_node_set_url(d->links[i].node, saved[i]);
			free(saved[i]);
		}
	free(saved);
}

/* The nodes md_render replaces, in document order: headings, code blocks and inline directives
 * (collected first: the iterator must not see the substitutions). */
static cmark_node **nodes_to_replace(struct md_doc *d, size_t *ntodo)
{
	cmark_node **todo = NULL;
	size_t di = 0;
	*ntodo = 0;
	cmark_iter *it = cmark_iter_new(d->root);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_ENTER &&
		    (cmark_node_get_type(n) == CMARK_NODE_HEADING ||
		     cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK ||
		     (di < d->ndirectives && d->directives[di].node == n)))
			PUSH(todo, *ntodo, n);
		if (di < d->ndirectives && d->directives[di].node == n)
			di++;
	}
	cmark_iter_free(it);
	return todo;
}

/* One md_render: the hooks, the substitutions made so far and how far it is in the page's headings,
 * quizzes and directives. */
struct render {
	struct md_doc *d;
	const struct md_hooks *h;
	struct swap *swaps;
	size_t nswaps, hi, qi, di;
};

static void render_heading(struct render *r, cmark_node *n)
{
	const char *id = r->d->headings[r->hi++].id;
	char *full = r->h->id_prefix ? xasprintf("%s%s", r->h->id_prefix, id) : xstrdup(id);
	char *html = heading_html(n, full);
	substitute(&r->swaps, &r->nswaps, n, html);
	free(html);
	free(full);
}

/* A code block or inline directive: the caller's quiz or directive HTML, or highlighted C. */
static int render_block(struct render *r, cmark_node *n)
{
	struct md_doc *d = r->d;
	const struct md_hooks *h = r->h;
	char *word = info_word(n);
	struct buf b = { 0 };
	int rc = 0;
	if (r->qi < d->nquizzes && d->quizzes[r->qi].node == n) {
		rc = h->quiz ? h->quiz(h->ctx, &d->quizzes[r->qi].quiz, &b) : 0;
		r->qi++;
		if (rc == 0)
			substitute(&r->swaps, &r->nswaps, n, b.data ? b.data : "");
	} else if (r->di < d->ndirectives && d->directives[r->di].node == n) {
		rc = h->directive ? h->directive(h->ctx, &d->directives[r->di], &b) : 0;
		r->di++;
		if (rc == 0)
			substitute(&r->swaps, &r->nswaps, n, b.data ? b.data : "");
	} else if (!strcmp(word, "c") && highlight_on) {
		int failed = 0;
		int line = cmark_node_get_start_line(n) + d->line_offset;
		char *html = code_html(n, "c", &failed, d->path, line);
		if (failed)
			rc = -1;
		else
			substitute(&r->swaps, &r->nswaps, n, html);
		free(html);
	}
	buf_free(&b);
	free(word);
	return rc;
}

/* Puts the document back as it was parsed. */
static void undo_swaps(struct swap *swaps, size_t nswaps)
{
	for (size_t i = nswaps; i-- > 0;) {
		cmark_node_insert_before(swaps[i].html, swaps[i].orig);
		cmark_node_free(swaps[i].html);
	}
	free(swaps);
}

int md_render(struct md_doc *d, const struct md_hooks *h, struct buf *out)
{
	char **saved_urls = rewrite_page_links(d, h);
	size_t ntodo;
	cmark_node **todo = nodes_to_replace(d, &ntodo);
	struct render r = { d, h, NULL, 0, 0, 0, 0 };
	int rc = 0;
	for (size_t i = 0; i < ntodo && rc == 0; i++) {
		if (cmark_node_get_type(todo[i]) == CMARK_NODE_HEADING)
			render_heading(&r, todo[i]);
		else
			rc = render_block(&r, todo[i]);
	}
	free(todo);
	if (rc == 0) {
		char *html = render_html(d->root);
		buf_puts(out, html);
		free(html);
	}
	undo_swaps(r.swaps, r.nswaps);
	restore_links(d, saved_urls);
	return rc;
}
