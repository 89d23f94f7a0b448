/* lint: runs the content rules of lint.h over every page and prints what they find. */
#define _GNU_SOURCE
#include "lint.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

#include "diag.h"
#include "links.h"
#include "prose.h"
#include "shingles.h"
#include "spell.h"
#include "utf8.h"

/* The problems of one page, printed in line order once the page is done. */
struct problem {
	int line;
	size_t seq; /* report order, to keep problems of one line in the order the rules found them */
	char *message;
};

struct problems {
	struct problem *v;
	size_t n;
};

static void report(struct problems *ps, int line, char *message)
{
	ps->v = xrealloc(ps->v, (ps->n + 1) * sizeof *ps->v);
	ps->v[ps->n] = (struct problem){ line, ps->n, message };
	ps->n++;
}

static int by_line(const void *a, const void *b)
{
	const struct problem *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static size_t flush(struct problems *ps, const char *path, FILE *out)
{
	if (ps->n)
		qsort(ps->v, ps->n, sizeof *ps->v, by_line);
	for (size_t i = 0; i < ps->n; i++) {
		fprintf(out, "%s:%d: %s\n", path, ps->v[i].line, ps->v[i].message);
		free(ps->v[i].message);
	}
	size_t n = ps->n;
	free(ps->v);
	memset(ps, 0, sizeof *ps);
	return n;
}

struct lint {
	const struct site *s;
	const struct lint_options *o;
	struct speller *speller;
	struct shingle_set copied;
	const struct page *glossary;
	locale_t loc;
	/* the page being checked */
	const struct page *page;
	struct problems ps;
	const struct prose *prose;
	int last_copy_line;
};

/* --- spelling ---------------------------------------------------------------------------------------- */

static void unknown_word(void *ctx, size_t offset, size_t len)
{
	struct lint *l = ctx;
	report(&l->ps, l->prose->line[offset],
	       xasprintf("unknown word \"%.*s\" (fix it or add it to %s)", (int)len,
			 l->prose->text + offset, l->o->words));
}

static void quiz_prose(struct prose *p, const struct quiz *q)
{
	prose_add_markdown(p, q->question, q->question_line);
	prose_add_markdown(p, q->answer, q->answer_line);
	prose_add_markdown(p, q->explanation, q->explanation_line);
	for (size_t i = 0; i < q->nchoices; i++) {
		if (q->type != QUIZ_OUTCOME) /* an outcome quiz's choices are predicates */
			prose_add_markdown(p, q->choices[i].text, q->choices[i].line);
		prose_add_markdown(p, q->choices[i].feedback, q->choices[i].feedback_line);
	}
}

static void check_spelling(struct lint *l)
{
	const struct page *pg = l->page;
	struct prose p = { 0 };
	/* front-matter values are read as inline Markdown, so a `code` span in a summary is code */
	prose_add_markdown(&p, pg->fm.title, pg->fm.title_line);
	prose_add_markdown(&p, pg->fm.summary, pg->fm.summary_line);
	prose_add_markdown(&p, pg->fm.section, pg->fm.section_line);
	prose_add_doc(&p, &pg->doc, 1);
	for (size_t i = 0; i < pg->doc.nquizzes; i++)
		quiz_prose(&p, &pg->doc.quizzes[i].quiz);
	l->prose = &p;
	speller_check(l->speller, p.text, p.len, unknown_word, l);
	l->prose = NULL;
	prose_free(&p);
}

/* --- shingles ---------------------------------------------------------------------------------------- */

static void shingle(void *ctx, uint64_t hash, int line, const char *words)
{
	struct lint *l = ctx;
	if (line == l->last_copy_line || !shingle_set_contains(&l->copied, hash))
		return;
	l->last_copy_line = line; /* one report per line */
	report(&l->ps, line, xasprintf("12 words copied from the article: \"%s\"", words));
}

static void check_shingles(struct lint *l)
{
	l->last_copy_line = 0;
	shingles_each(l->page->text, strlen(l->page->text), shingle, l);
}

/* --- glossary links ---------------------------------------------------------------------------------- */

/* The code point that ends just before text + at (at > 0). */
static unsigned cp_before(const char *text, size_t at)
{
	size_t s = at - 1;
	while (s > 0 && ((unsigned char)text[s] & 0xC0) == 0x80)
		s--;
	unsigned cp = 0;
	return utf8_decode((const unsigned char *)text + s, at - s, &cp) ? cp : 0;
}

static int word_cp(const struct lint *l, unsigned cp)
{
	if (cp < 0x80)
		return cp == '_' || (cp >= '0' && cp <= '9') ||
		       ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z');
	return l->loc && iswalnum_l((wint_t)cp, l->loc);
}

static int fold(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Length of the use of term (its words, case-insensitive, blanks between them, an optional plural) at
 * text + at, or 0. */
static size_t term_at(const struct lint *l, const char *text, size_t len, size_t at,
		      const char *term)
{
	if (at > 0) {
		unsigned before = cp_before(text, at);
		if (before == '-' || word_cp(l, before))
			return 0;
	}
	size_t i = at;
	for (const char *t = term; *t;) {
		if (*t == ' ') {
			if (i >= len || (text[i] != ' ' && text[i] != '\t'))
				return 0;
			while (i < len && (text[i] == ' ' || text[i] == '\t'))
				i++;
			while (*t == ' ')
				t++;
			continue;
		}
		if (i >= len || fold((unsigned char)text[i]) != fold((unsigned char)*t))
			return 0;
		i++;
		t++;
	}
	static const char *const plural[] = { "s", "es", "" };
	for (int k = 0; k < 3; k++) {
		size_t n = strlen(plural[k]), e = i + n;
		if (e > len || strncasecmp(text + i, plural[k], n) != 0)
			continue;
		unsigned after = 0;
		if (e < len && !utf8_decode((const unsigned char *)text + e, len - e, &after))
			after = 0;
		if (e == len || !word_cp(l, after))
			return e - at;
	}
	return 0;
}

/* Whether every byte of text[at..at+n) lies in one link to the glossary page. */
static int in_glossary_link(const struct lint *l, const struct prose *p, size_t at, size_t n)
{
	int link = p->link[at];
	if (link < 0)
		return 0;
	for (size_t i = at; i < at + n; i++)
		if (p->link[i] != link)
			return 0;
	char *target = NULL, *anchor = NULL;
	int ours = link_page_target(l->page->source, p->urls[link], &target, &anchor) == 1 &&
		   !strcmp(target, l->glossary->source);
	free(target);
	free(anchor);
	return ours;
}

static void check_glossary_links(struct lint *l)
{
	const struct page *g = l->glossary;
	struct prose p = { 0 };
	prose_add_doc(&p, &l->page->doc, 0);
	/* the link a page would write to the glossary: the glossary's source path from the page's directory */
	const char *content = l->s->opt->content;
	size_t clen = strlen(content);
	while (clen > 1 && content[clen - 1] == '/')
		clen--;
	const char *rel = strncmp(g->source, content, clen) == 0 && g->source[clen] == '/' ?
				  g->source + clen + 1 :
				  g->source;
	for (size_t h = 0; h < g->doc.nheadings; h++) {
		const struct md_heading *term = &g->doc.headings[h];
		if (term->level != 2 && term->level != 3)
			continue;
		for (size_t at = 0; at < p.len; at++) {
			size_t n = term_at(l, p.text, p.len, at, term->text);
			if (!n)
				continue;
			if (!in_glossary_link(l, &p, at, n))
				report(&l->ps, p.line[at],
				       xasprintf(
					       "first use of glossary term \"%s\" is not linked to the glossary "
					       "(write [%.*s](%s%s#%s))",
					       term->text, (int)n, p.text + at, l->page->root, rel,
					       term->id));
			break;
		}
	}
	prose_free(&p);
}

/* --- the pages --------------------------------------------------------------------------------------- */

static size_t lint_page(struct lint *l, const struct page *pg, FILE *out)
{
	l->page = pg;
	if (!pg->doc.nquizzes)
		report(&l->ps, 1, xstrdup("page has no quiz (add a ```quiz block)"));
	check_spelling(l);
	check_shingles(l);
	if (l->glossary && pg != l->glossary)
		check_glossary_links(l);
	return flush(&l->ps, pg->source, out);
}

int lint_site(const struct site *s, const struct lint_options *o, FILE *out)
{
	struct lint l = { .s = s, .o = o };
	int rc = -1;
	if (o->glossary) {
		char *g = link_normalize(o->glossary);
		l.glossary = site_page_by_source(s, g ? g : o->glossary);
		free(g);
		if (!l.glossary) {
			diag_at(o->glossary, 0,
				"no such page: the glossary must be a page of the site");
			goto done;
		}
	}
	for (size_t i = 0; i < o->nshingles; i++)
		if (shingle_set_load(&l.copied, o->shingles[i]) != 0)
			goto done;
	l.speller = speller_new(o->dictionary, o->words);
	if (!l.speller)
		goto done;
	l.loc = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
	size_t n = s->home ? lint_page(&l, s->home, out) : 0;
	for (size_t i = 0; i < s->npages; i++)
		n += lint_page(&l, s->pages[i], out);
	rc = n > 0x7fffffff ? 0x7fffffff : (int)n;
done:
	if (l.loc)
		freelocale(l.loc);
	speller_free(l.speller);
	shingle_set_free(&l.copied);
	return rc;
}
