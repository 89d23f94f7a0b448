/* quizhtml: the HTML of one quiz, readable with JavaScript off (the markup contract for quiz.js is in
 * tools/gen/README.md, "Quiz markup"). */
#ifndef GEN_QUIZHTML_H
#define GEN_QUIZHTML_H
#include "markdown.h"
#include "quiz.h"
#include "util.h"

/* correct: per-choice correctness overriding q->choices[i].correct (outcome quizzes), or NULL.
 * link_url(ctx, url) rewrites links in the quiz's Markdown (may be NULL). */
void quiz_html(const struct quiz *q, const int *correct, md_link_fn link_url, void *ctx,
	       struct buf *out);

#endif
