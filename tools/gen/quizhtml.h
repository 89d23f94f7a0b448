/* quizhtml: the HTML of one quiz, readable with JavaScript off (the markup contract for quiz.js is in
 * tools/gen/README.md, "Quiz markup"). */
#ifndef GEN_QUIZHTML_H
#define GEN_QUIZHTML_H
#include "markdown.h"
#include "quiz.h"
#include "util.h"

/* How links in a quiz's Markdown are rewritten: fn(ctx, url) (fn may be NULL). */
struct quiz_links {
	md_link_fn fn;
	void *ctx;
};

/* correct: per-choice correctness overriding q->choices[i].correct (outcome quizzes), or NULL.
 * link_url(ctx, url) rewrites links in the quiz's Markdown (may be NULL). A spot quiz is rendered
 * by quiz_spot_html (quizspot.h); here it gets its question and explanation only. */
void quiz_html(const struct quiz *q, const int *correct, md_link_fn link_url, void *ctx,
	       struct buf *out);

/* The parts every quiz shares, for quizspot.c: md (Markdown) as HTML; the <section> start tag and the
 * question (extra: more attributes, written as they are, or NULL); the Check button's paragraph;
 * the explanation and the end of the <details> and of the section. */
void quiz_put_md(struct buf *out, const char *md, int inline_only, const struct quiz_links *l);
void quiz_html_open(const struct quiz *q, const char *extra, const struct quiz_links *l,
		    struct buf *out);
void quiz_html_actions(struct buf *out);
void quiz_html_close(const struct quiz *q, const struct quiz_links *l, struct buf *out);

#endif
