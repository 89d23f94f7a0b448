/* prose: walks cmark trees and collects their reader-visible text with lines and links. */
#define _GNU_SOURCE
#include "prose.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void put(struct prose *p, const char *s, size_t n, int line, int link)
{
	if (p->len + n + 1 > p->cap) {
		while (p->len + n + 1 > p->cap)
			p->cap = p->cap ? p->cap * 2 : 4096;
		p->text = xrealloc(p->text, p->cap);
		p->line = xrealloc(p->line, p->cap * sizeof *p->line);
		p->link = xrealloc(p->link, p->cap * sizeof *p->link);
	}
	memcpy(p->text + p->len, s, n);
	for (size_t i = 0; i < n; i++) {
		p->line[p->len + i] = line;
		p->link[p->len + i] = link;
	}
	p->len += n;
	p->text[p->len] = '\0';
}

static void end_block(struct prose *p, int line)
{
	if (p->len && p->text[p->len - 1] != '\n')
		put(p, "\n", 1, line, -1);
}

/* An autolink shows its own URL (https://x, or an address for mailto:x): not prose. */
static int is_autolink(cmark_node *link)
{
	const char *url = cmark_node_get_url(link);
	cmark_node *child = cmark_node_first_child(link);
	if (!url || !child || child != cmark_node_last_child(link) ||
	    cmark_node_get_type(child) != CMARK_NODE_TEXT)
		return 0;
	const char *text = cmark_node_get_literal(child);
	return text &&
	       (!strcmp(url, text) || (!strncmp(url, "mailto:", 7) && !strcmp(url + 7, text)));
}

/* The text of a raw HTML block (tags, comments and the insides of <script>/<style> left out): a
 * reader sees it too. Tags become gaps; line breaks keep their lines. */
static void add_html(struct prose *p, const char *html, int line)
{
	const char *s = html;
	while (*s) {
		if (*s == '<') {
			const char *end = !strncmp(s, "<!--", 4) ? strstr(s, "-->") :
								   strchr(s, '>');
			int script = !strncasecmp(s, "<script", 7),
			    style = !strncasecmp(s, "<style", 6);
			if (script || style) {
				const char *close = strcasestr(s, script ? "</script" : "</style");
				end = close ? strchr(close, '>') : NULL;
			}
			const char *stop = end ? end + 1 : s + strlen(s);
			for (; s < stop; s++)
				line += *s == '\n';
			put(p, (char[]){ PROSE_GAP }, 1, line, -1);
			continue;
		}
		size_t n = strcspn(s, "<\n");
		put(p, s, n, line, -1);
		s += n;
		if (*s == '\n') {
			put(p, " ", 1, line, -1);
			line++;
			s++;
		}
	}
}

static void add_tree(struct prose *p, cmark_node *root, int line_offset, int headings)
{
	cmark_iter *it = cmark_iter_new(root);
	cmark_event_type ev;
	cmark_node *skip = NULL; /* a subtree left out, until its exit */
	int link = -1, line = line_offset + 1;
	while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
		cmark_node *n = cmark_iter_get_node(it);
		cmark_node_type t = cmark_node_get_type(n);
		if (skip) {
			if (n == skip && ev == CMARK_EVENT_EXIT)
				skip = NULL;
			continue;
		}
		if (cmark_node_get_start_line(n) > 0)
			line = cmark_node_get_start_line(n) + line_offset;
		if (ev == CMARK_EVENT_EXIT) {
			if (t == CMARK_NODE_LINK)
				link = -1;
			else if ((t & CMARK_NODE_TYPE_MASK) == CMARK_NODE_TYPE_BLOCK)
				end_block(p, line);
			continue;
		}
		switch (t) {
		case CMARK_NODE_HEADING:
			if (!headings)
				skip = n;
			break;
		case CMARK_NODE_LINK:
			if (is_autolink(n)) {
				skip = n;
				put(p, (char[]){ PROSE_GAP }, 1, line, -1);
			} else {
				const char *url = cmark_node_get_url(n);
				p->urls = xrealloc(p->urls, (p->nurls + 1) * sizeof *p->urls);
				p->urls[p->nurls] = xstrdup(url ? url : "");
				link = (int)p->nurls++;
			}
			break;
		case CMARK_NODE_TEXT: {
			const char *s = cmark_node_get_literal(n);
			put(p, s ? s : "", s ? strlen(s) : 0, line, link);
			break;
		}
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK: put(p, " ", 1, line, link); break;
		case CMARK_NODE_CODE:
		case CMARK_NODE_HTML_INLINE: put(p, (char[]){ PROSE_GAP }, 1, line, link); break;
		case CMARK_NODE_HTML_BLOCK:
			add_html(p, cmark_node_get_literal(n) ? cmark_node_get_literal(n) : "",
				 line);
			end_block(p, line);
			break;
		case CMARK_NODE_CODE_BLOCK: end_block(p, line); break;
		default: break;
		}
	}
	cmark_iter_free(it);
	end_block(p, line);
}

void prose_add_doc(struct prose *p, const struct md_doc *d, int headings)
{
	add_tree(p, d->root, d->line_offset, headings);
}

void prose_add_markdown(struct prose *p, const char *markdown, int first_line)
{
	if (!markdown)
		return;
	cmark_node *doc = md_parse_fragment(markdown);
	add_tree(p, doc, first_line - 1, 1);
	cmark_node_free(doc);
}

void prose_free(struct prose *p)
{
	for (size_t i = 0; i < p->nurls; i++)
		free(p->urls[i]);
	free(p->urls);
	free(p->text);
	free(p->line);
	free(p->link);
	memset(p, 0, sizeof *p);
}
