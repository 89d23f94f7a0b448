/* markdown: cmark-gfm parsing, the page-level walk and rendering with node substitution. */
#include "markdown.h"

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
		if (ev != CMARK_EVENT_ENTER || cmark_node_get_type(n) != CMARK_NODE_LINK)
			continue;
		const char *url = cmark_node_get_url(n);
		struct md_link l = { NULL, xstrdup(url ? url : ""), NULL, NULL,
				     line + cmark_node_get_start_line(n) - 1 };
		int k = link_page_target(path, l.url, &l.target, &l.anchor);
		if (k < 0) {
			rc = diag_at(path, l.line, "link '%s' climbs above the site root", l.url);
			free(l.url);
			break;
		}
		if (k == 0 && l.url[0] == '#')
			l.anchor = xstrdup(l.url + 1);
		PUSH(d->links, d->nlinks, l);
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

int md_parse(struct md_doc *d, const char *path, const char *body, int body_line,
	     const char *page_slug, md_is_directive_fn is_directive, void *ctx)
{
	memset(d, 0, sizeof *d);
	d->path = xstrdup(path);
	d->line_offset = body_line - 1;
	d->root = parse(body, NULL);
	struct buf text = { 0 };
	cmark_iter *it = cmark_iter_new(d->root);
	cmark_event_type ev;
	int rc = 0;
	while (rc == 0 && (ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev != CMARK_EVENT_ENTER) {
			if ((cmark_node_get_type(n) & CMARK_NODE_TYPE_MASK) ==
				    CMARK_NODE_TYPE_BLOCK &&
			    text.len && text.data[text.len - 1] != ' ')
				buf_putc(&text, ' ');
			continue;
		}
		int line = cmark_node_get_start_line(n) + d->line_offset;
		switch (cmark_node_get_type(n)) {
		case CMARK_NODE_HEADING: {
			struct buf t = { 0 };
			collect_text(n, &t);
			char *base = slug_from_text(t.data ? t.data : "");
			struct md_heading h = { cmark_node_get_heading_level(n), line,
						xstrdup(idset_add_unique(&d->ids, base)),
						buf_take(&t) };
			free(base);
			PUSH(d->headings, d->nheadings, h);
			break;
		}
		case CMARK_NODE_LINK: {
			const char *url = cmark_node_get_url(n);
			struct md_link l = { n, xstrdup(url ? url : ""), NULL, NULL, line };
			int k = link_page_target(path, l.url, &l.target, &l.anchor);
			if (k < 0) {
				rc = diag_at(path, line, "link '%s' climbs above the site root",
					     l.url);
				free(l.url);
				break;
			}
			if (k == 0 && l.url[0] == '#')
				l.anchor = xstrdup(l.url + 1);
			PUSH(d->links, d->nlinks, l);
			break;
		}
		case CMARK_NODE_TEXT: buf_puts(&text, cmark_node_get_literal(n)); break;
		case CMARK_NODE_CODE: {
			const char *lit = cmark_node_get_literal(n);
			char *arg = NULL, *name = inline_directive(lit, is_directive, ctx, &arg);
			if (!name) {
				buf_puts(&text, lit);
				break;
			}
			int bline = block_line(n) + d->line_offset;
			if (!*arg || strchr(arg, ' ') || strstr(arg, "..")) {
				rc = diag_at(path, bline,
					     "'%s: ' names one thing, without spaces ('%s')", name,
					     lit);
				free(name);
				free(arg);
				break;
			}
			struct md_directive dir = { n, name, arg, bline, 1 };
			PUSH(d->directives, d->ndirectives, dir);
			break;
		}
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK: buf_putc(&text, ' '); break;
		case CMARK_NODE_CODE_BLOCK: {
			char *word = info_word(n);
			const char *lit = cmark_node_get_literal(n);
			if (!strcmp(word, "quiz")) {
				struct md_quiz q = { n, { 0 } };
				char *def = xasprintf("%s-q%zu", page_slug, d->nquizzes + 1);
				rc = quiz_parse(path, line + 1, lit ? lit : "", def, &q.quiz);
				free(def);
				if (rc == 0) {
					PUSH(d->quizzes, d->nquizzes, q);
					rc = quiz_links(d, path, &d->quizzes[d->nquizzes - 1].quiz);
				}
			} else if (*word && is_directive && is_directive(ctx, word)) {
				const char *s = lit ? lit : "";
				while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
					s++;
				size_t len = strlen(s);
				while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
					       s[len - 1] == '\n' || s[len - 1] == '\r'))
					len--;
				if (memchr(s, '\n', len) || strstr(s, ".."))
					rc = diag_at(path, line,
						     "'%s' block takes one argument on one line",
						     word);
				else {
					struct md_directive dir = { n, xstrdup(word),
								    xstrndup(s, len), line, 0 };
					PUSH(d->directives, d->ndirectives, dir);
				}
			}
			free(word);
			break;
		}
		default: break;
		}
	}
	cmark_iter_free(it);
	d->text = buf_take(&text);
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
	snprintf(close, sizeof close, "</h%d>", level);
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

int md_render(struct md_doc *d, const struct md_hooks *h, struct buf *out)
{
	struct swap *swaps = NULL;
	size_t nswaps = 0;
	char **saved_urls = xcalloc(d->nlinks ? d->nlinks : 1, sizeof *saved_urls);
	int rc = 0;
	for (size_t i = 0; i < d->nlinks; i++) {
		if (!d->links[i].node)
			continue;
		char *u = h->link_url ? h->link_url(h->ctx, d->links[i].url) : NULL;
		if (u) {
			saved_urls[i] = xstrdup(d->links[i].url);
			cmark_node_set_url(d->links[i].node, u);
			free(u);
		}
	}
	/* Walk in document order; collect first, substitute after (the iterator must not see the changes). */
	cmark_node **todo = NULL;
	size_t ntodo = 0, di = 0;
	cmark_iter *it = cmark_iter_new(d->root);
	cmark_event_type ev;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		if (ev == CMARK_EVENT_ENTER &&
		    (cmark_node_get_type(n) == CMARK_NODE_HEADING ||
		     cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK ||
		     (di < d->ndirectives && d->directives[di].node == n)))
			PUSH(todo, ntodo, n);
		if (di < d->ndirectives && d->directives[di].node == n)
			di++;
	}
	cmark_iter_free(it);
	size_t hi = 0, qi = 0;
	di = 0;
	for (size_t i = 0; i < ntodo && rc == 0; i++) {
		cmark_node *n = todo[i];
		int line = cmark_node_get_start_line(n) + d->line_offset;
		if (cmark_node_get_type(n) == CMARK_NODE_HEADING) {
			const char *id = d->headings[hi++].id;
			char *full = h->id_prefix ? xasprintf("%s%s", h->id_prefix, id) :
						    xstrdup(id);
			char *html = heading_html(n, full);
			substitute(&swaps, &nswaps, n, html);
			free(html);
			free(full);
			continue;
		}
		char *word = info_word(n);
		struct buf b = { 0 };
		if (qi < d->nquizzes && d->quizzes[qi].node == n) {
			rc = h->quiz ? h->quiz(h->ctx, &d->quizzes[qi].quiz, &b) : 0;
			qi++;
			if (rc == 0)
				substitute(&swaps, &nswaps, n, b.data ? b.data : "");
		} else if (di < d->ndirectives && d->directives[di].node == n) {
			rc = h->directive ? h->directive(h->ctx, &d->directives[di], &b) : 0;
			di++;
			if (rc == 0)
				substitute(&swaps, &nswaps, n, b.data ? b.data : "");
		} else if (!strcmp(word, "c") && highlight_on) {
			int failed = 0;
			char *html = code_html(n, "c", &failed, d->path, line);
			if (failed)
				rc = -1;
			else
				substitute(&swaps, &nswaps, n, html);
			free(html);
		}
		buf_free(&b);
		free(word);
	}
	free(todo);
	if (rc == 0) {
		char *html = render_html(d->root);
		buf_puts(out, html);
		free(html);
	}
	/* Put the document back as it was parsed. */
	for (size_t i = nswaps; i-- > 0;) {
		cmark_node_insert_before(swaps[i].html, swaps[i].orig);
		cmark_node_free(swaps[i].html);
	}
	free(swaps);
	for (size_t i = 0; i < d->nlinks; i++)
		if (saved_urls[i]) {
			cmark_node_set_url(d->links[i].node, saved_urls[i]);
			free(saved_urls[i]);
		}
	free(saved_urls);
	return rc;
}
