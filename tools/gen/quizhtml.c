/* quizhtml: renders a parsed quiz as a <section class="quiz"> with a form and a <details> answer. */
#include "quizhtml.h"

#include <stdlib.h>
#include <string.h>

#include "markdown.h"

void quiz_put_md(struct buf *out, const char *md, int inline_only, const struct quiz_links *l)
{
	char *html = md_fragment_html(md, inline_only, l->fn, l->ctx);
	buf_puts(out, html);
	free(html);
}

static void put_attr(struct buf *out, const char *name, const char *value)
{
	buf_printf(out, " %s=\"", name);
	buf_put_escaped(out, value, strlen(value));
	buf_putc(out, '"');
}

static void put_choice_text(struct buf *out, const struct quiz *q, const struct quiz_choice *c,
			    const struct quiz_links *l)
{
	if (q->type == QUIZ_OUTCOME) {
		buf_puts(out, "<code>");
		buf_put_escaped(out, c->text, strlen(c->text));
		buf_puts(out, "</code>");
	} else {
		quiz_put_md(out, c->text, 1, l);
	}
}

void quiz_html_open(const struct quiz *q, const char *extra, const struct quiz_links *l,
		    struct buf *out)
{
	char *anchor = xasprintf("quiz-%s", q->id);
	buf_puts(out, "<section class=\"quiz\"");
	put_attr(out, "id", anchor);
	put_attr(out, "data-quiz-id", q->id);
	put_attr(out, "data-quiz-type", quiz_type_name(q->type));
	if (q->type == QUIZ_OUTCOME) {
		put_attr(out, "data-outcomes-example", q->outcome_example);
		put_attr(out, "data-outcomes-variant", q->outcome_variant);
	}
	if (extra)
		buf_puts(out, extra);
	buf_puts(out, ">\n<div class=\"quiz-question\">");
	quiz_put_md(out, q->question, 0, l);
	buf_puts(out, "</div>\n");
	free(anchor);
}

void quiz_html_actions(struct buf *out)
{
	buf_puts(out, "<p class=\"quiz-actions\"><button type=\"button\" class=\"quiz-check\">Check"
		      "</button> <span class=\"quiz-result\" aria-live=\"polite\"></span></p>\n");
}

void quiz_html_close(const struct quiz *q, const struct quiz_links *l, struct buf *out)
{
	if (q->explanation) {
		buf_puts(out, "<div class=\"quiz-explanation\">");
		quiz_put_md(out, q->explanation, 0, l);
		buf_puts(out, "</div>\n");
	}
	buf_puts(out, "</details>\n</section>\n");
}

/* The form: one li.quiz-choice per choice, with its feedback, and the Check button. */
static void put_form(const struct quiz *q, const int *correct, const struct quiz_links *l,
		     struct buf *out)
{
	const char *input = q->type == QUIZ_SINGLE ? "radio" : "checkbox";
	buf_puts(out, "<form class=\"quiz-form\"");
	char *action = xasprintf("#quiz-%s", q->id), *name = action + 1;
	put_attr(out, "action", action);
	buf_puts(out, ">\n<ol class=\"quiz-choices\">\n");
	for (size_t i = 0; i < q->nchoices; i++) {
		const struct quiz_choice *c = &q->choices[i];
		int right = correct ? correct[i] : c->correct;
		buf_printf(out,
			   "<li class=\"quiz-choice\" data-choice=\"%zu\" data-correct=\"%s\">",
			   i + 1, right ? "true" : "false");
		buf_printf(out, "<label><input type=\"%s\"", input);
		put_attr(out, "name", name);
		buf_printf(out, " value=\"%zu\"> <span class=\"quiz-choice-text\">", i + 1);
		put_choice_text(out, q, c, l);
		buf_puts(out, "</span></label><div class=\"quiz-feedback\">");
		buf_printf(out, "<p class=\"quiz-verdict\">%s</p>", right ? "Right." : "Wrong.");
		if (c->feedback)
			quiz_put_md(out, c->feedback, 0, l);
		buf_puts(out, "</div></li>\n");
	}
	buf_puts(out, "</ol>\n");
	quiz_html_actions(out);
	buf_puts(out, "</form>\n");
	free(action);
}

/* The answer key of a choice quiz: each choice, right or wrong, with its feedback. */
static void put_key(const struct quiz *q, const int *correct, const struct quiz_links *l,
		    struct buf *out)
{
	buf_puts(out, "<ul class=\"quiz-key\">\n");
	for (size_t i = 0; i < q->nchoices; i++) {
		const struct quiz_choice *c = &q->choices[i];
		int right = correct ? correct[i] : c->correct;
		const char *word = q->type == QUIZ_OUTCOME ?
					   (right ? "Reachable:" : "Unreachable:") :
					   (right ? "Right:" : "Wrong:");
		buf_printf(out, "<li data-correct=\"%s\"><strong>%s</strong> ",
			   right ? "true" : "false", word);
		put_choice_text(out, q, c, l);
		if (c->feedback) {
			buf_puts(out, " <span class=\"quiz-key-feedback\">");
			quiz_put_md(out, c->feedback, 1, l);
			buf_puts(out, "</span>");
		}
		buf_puts(out, "</li>\n");
	}
	buf_puts(out, "</ul>\n");
}

void quiz_html(const struct quiz *q, const int *correct, md_link_fn link_url, void *ctx,
	       struct buf *out)
{
	const struct quiz_links l = { link_url, ctx };
	quiz_html_open(q, NULL, &l, out);
	if (q->nchoices)
		put_form(q, correct, &l, out);
	buf_puts(out, "<details class=\"quiz-answer\"><summary>Show answer</summary>\n");
	if (q->type == QUIZ_REVEAL) {
		buf_puts(out, "<div class=\"quiz-answer-text\">");
		quiz_put_md(out, q->answer, 0, &l);
		buf_puts(out, "</div>\n");
	} else if (q->nchoices) {
		put_key(q, correct, &l, out);
	}
	quiz_html_close(q, &l, out);
}
