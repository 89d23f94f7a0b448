/* quizhtml: renders a parsed quiz as a <section class="quiz"> with a form and a <details> answer. */
#include "quizhtml.h"

#include <stdlib.h>
#include <string.h>

#include "markdown.h"

struct links {
	md_link_fn fn;
	void *ctx;
};

static void put_md(struct buf *out, const char *md, int inline_only, const struct links *l)
{
	char *html = md_fragment_html(md, inline_only, l->fn, l->ctx);
	buf_puts(out, html);
	free(html);
}

static void put_choice_text(struct buf *out, const struct quiz *q, const struct quiz_choice *c,
			    const struct links *l)
{
	if (q->type == QUIZ_OUTCOME) {
		buf_puts(out, "<code>");
		buf_put_escaped(out, c->text, strlen(c->text));
		buf_puts(out, "</code>");
	} else {
		put_md(out, c->text, 1, l);
	}
}

void quiz_html(const struct quiz *q, const int *correct, md_link_fn link_url, void *ctx,
	       struct buf *out)
{
	const struct links links = { link_url, ctx }, *l = &links;
	const char *id = q->id;
	const char *type = quiz_type_name(q->type);
	buf_puts(out, "<section class=\"quiz\" id=\"quiz-");
	buf_put_escaped(out, id, strlen(id));
	buf_puts(out, "\" data-quiz-id=\"");
	buf_put_escaped(out, id, strlen(id));
	buf_printf(out, "\" data-quiz-type=\"%s\"", type);
	if (q->type == QUIZ_OUTCOME) {
		buf_puts(out, " data-outcomes-example=\"");
		buf_put_escaped(out, q->outcome_example, strlen(q->outcome_example));
		buf_puts(out, "\" data-outcomes-variant=\"");
		buf_put_escaped(out, q->outcome_variant, strlen(q->outcome_variant));
		buf_puts(out, "\"");
	}
	buf_puts(out, ">\n<div class=\"quiz-question\">");
	put_md(out, q->question, 0, l);
	buf_puts(out, "</div>\n");
	if (q->nchoices) {
		const char *input = q->type == QUIZ_SINGLE ? "radio" : "checkbox";
		buf_puts(out, "<form class=\"quiz-form\" action=\"#quiz-");
		buf_put_escaped(out, id, strlen(id));
		buf_puts(out, "\">\n<ol class=\"quiz-choices\">\n");
		for (size_t i = 0; i < q->nchoices; i++) {
			const struct quiz_choice *c = &q->choices[i];
			int right = correct ? correct[i] : c->correct;
			buf_printf(
				out,
				"<li class=\"quiz-choice\" data-choice=\"%zu\" data-correct=\"%s\">",
				i + 1, right ? "true" : "false");
			buf_puts(out, "<label><input type=\"");
			buf_puts(out, input);
			buf_puts(out, "\" name=\"quiz-");
			buf_put_escaped(out, id, strlen(id));
			buf_printf(out, "\" value=\"%zu\"> <span class=\"quiz-choice-text\">",
				   i + 1);
			put_choice_text(out, q, c, l);
			buf_puts(out, "</span></label>");
			buf_puts(out, "<div class=\"quiz-feedback\">");
			buf_printf(out, "<p class=\"quiz-verdict\">%s</p>",
				   right ? "Right." : "Wrong.");
			if (c->feedback)
				put_md(out, c->feedback, 0, l);
			buf_puts(out, "</div></li>\n");
		}
		buf_puts(
			out,
			"</ol>\n<p class=\"quiz-actions\"><button type=\"button\" class=\"quiz-check\">Check</button> "
			"<span class=\"quiz-result\" aria-live=\"polite\"></span></p>\n</form>\n");
	}
	buf_puts(out, "<details class=\"quiz-answer\"><summary>Show answer</summary>\n");
	if (q->type == QUIZ_REVEAL) {
		buf_puts(out, "<div class=\"quiz-answer-text\">");
		put_md(out, q->answer, 0, l);
		buf_puts(out, "</div>\n");
	} else {
		buf_puts(out, "<ul class=\"quiz-key\">\n");
		for (size_t i = 0; i < q->nchoices; i++) {
			const struct quiz_choice *c = &q->choices[i];
			int right = correct ? correct[i] : c->correct;
			buf_printf(out, "<li data-correct=\"%s\"><strong>%s</strong> ",
				   right ? "true" : "false",
				   q->type == QUIZ_OUTCOME ?
					   (right ? "Reachable:" : "Unreachable:") :
					   (right ? "Right:" : "Wrong:"));
			put_choice_text(out, q, c, l);
			if (c->feedback) {
				buf_puts(out, " <span class=\"quiz-key-feedback\">");
				put_md(out, c->feedback, 1, l);
				buf_puts(out, "</span>");
			}
			buf_puts(out, "</li>\n");
		}
		buf_puts(out, "</ul>\n");
	}
	if (q->explanation) {
		buf_puts(out, "<div class=\"quiz-explanation\">");
		put_md(out, q->explanation, 0, l);
		buf_puts(out, "</div>\n");
	}
	buf_puts(out, "</details>\n</section>\n");
}
