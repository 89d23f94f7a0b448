/* test_quiz: the quiz block grammar: every quiz kind and every error case with its line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "diag.h"
#include "outcomes.h"
#include "quiz.h"
#include "quizhtml.h"

static void single_choice(void **state)
{
	(void)state;
	struct quiz q;
	const char *text =
		"id: lf-hoisted\nQ: What may the compiler do with `x`?\n  Second line of the question.\n"
		"( ) Nothing.\n  -> It may.\n     More feedback.\n(x) Hoist it.\n  -> Right.\nE: Because.\n";
	assert_int_equal(quiz_parse("c.md", 10, text, "page-q1", &q), 0);
	assert_string_equal(q.id, "lf-hoisted");
	assert_int_equal(q.id_line, 10);
	assert_int_equal(q.type, QUIZ_SINGLE);
	assert_string_equal(q.question,
			    "What may the compiler do with `x`?\nSecond line of the question.");
	assert_int_equal(q.nchoices, 2);
	assert_string_equal(q.choices[0].text, "Nothing.");
	assert_string_equal(q.choices[0].feedback, "It may.\nMore feedback.");
	assert_int_equal(q.choices[0].correct, 0);
	assert_int_equal(q.choices[0].line, 13);
	assert_int_equal(q.choices[1].correct, 1);
	assert_string_equal(q.explanation, "Because.");
	assert_null(q.answer);
	quiz_free(&q);
}

static void multiple_reveal_outcome(void **state)
{
	(void)state;
	struct quiz q;
	assert_int_equal(quiz_parse("c.md", 1, "Q: Pick.\n[x] a\n[ ] b\n[x] c\n", "p-q2", &q), 0);
	assert_int_equal(q.type, QUIZ_MULTIPLE);
	assert_string_equal(q.id, "p-q2");
	assert_int_equal(q.choices[0].correct + q.choices[1].correct + q.choices[2].correct, 2);
	quiz_free(&q);
	assert_int_equal(quiz_parse("c.md", 1, "Q: Why?\nA: Because.\n\n  And more.\n", "p-q3", &q),
			 0);
	assert_int_equal(q.type, QUIZ_REVEAL);
	assert_string_equal(q.answer, "Because.\n\nAnd more.");
	quiz_free(&q);
	assert_int_equal(
		quiz_parse("c.md", 1,
			   "outcomes: load-fusing/need-to-stop plain\nQ: Which?\n[?] hang(t1)\n"
			   "[?] r1 == 0 && y == 1\n",
			   "p-q4", &q),
		0);
	assert_int_equal(q.type, QUIZ_OUTCOME);
	assert_string_equal(q.outcome_example, "load-fusing/need-to-stop");
	assert_string_equal(q.outcome_variant, "plain");
	assert_string_equal(q.choices[1].text, "r1 == 0 && y == 1");
	quiz_free(&q);
}

static void expect_error(const char *text, const char *message)
{
	struct quiz q;
	diag_clear();
	assert_int_equal(quiz_parse("content/p.md", 20, text, "p-q1", &q), -1);
	assert_string_equal(diag_message(), message);
}

static void every_error(void **state)
{
	(void)state;
	expect_error("( ) a\n(x) b\n", "content/p.md:20: 'Q:' must come before the choices");
	expect_error("id: x\n", "content/p.md:20: quiz has no 'Q:' question");
	expect_error(
		"Q: q\n( ) a\n[x] b\n",
		"content/p.md:22: choices of different kinds in one quiz (line 21 starts another kind)");
	expect_error("Q: q\n( ) a\n( ) b\n",
		     "content/p.md:21: a single-choice quiz needs exactly one '(x)', found 0");
	expect_error("Q: q\n(x) a\n(x) b\n",
		     "content/p.md:21: a single-choice quiz needs exactly one '(x)', found 2");
	expect_error("Q: q\n  -> feedback\n",
		     "content/p.md:21: '->' feedback with no choice above it");
	expect_error("Q: q\n(x) a\n  -> one\n  -> two\n",
		     "content/p.md:23: a second '->' feedback for the same choice");
	expect_error(
		"Q: q\nX: what\n",
		"content/p.md:21: unknown quiz field 'X:' (expected id:, Q:, ( ), [ ], [?], ->, A:, E:, outcomes:, spot: or atom:)");
	expect_error(
		"Q: q\n",
		"content/p.md:20: a quiz with no choices is a reveal quiz and needs an 'A:' answer");
	expect_error(
		"Q: q\n(x) a\nA: b\n",
		"content/p.md:20: quiz has both choices and an 'A:' answer (A: is for reveal quizzes)");
	expect_error(
		"Q: q\n[?] hang(t1)\n",
		"content/p.md:21: '[?]' choices need an 'outcomes: <example-id> <variant>' line");
	expect_error("outcomes: ex plain\nQ: q\n[x] a\n",
		     "content/p.md:20: an 'outcomes:' quiz takes '[?] <predicate>' choices only");
	expect_error("outcomes: ex\nQ: q\n",
		     "content/p.md:20: 'outcomes:' needs '<example-id> <variant>'");
	expect_error("  stray\nQ: q\n",
		     "content/p.md:20: indented continuation line with no field above it");
	expect_error("Q: q\nQ: again\n", "content/p.md:21: quiz has a second 'Q:' field");
	expect_error("E: e\nQ: q\n", "content/p.md:20: 'Q:' must come before 'E:'");
	expect_error("id: Bad Id\nQ: q\n",
		     "content/p.md:20: quiz id 'Bad Id' may only use a-z, 0-9, '-' and '_'");
	expect_error("Q: q\n(x)\n", "content/p.md:21: empty choice");
}

/* spot: <example> <compiler>/<arch>/<opt> <variant>, atom: lines, and their errors */
static void spot(void **state)
{
	(void)state;
	struct quiz q;
	assert_int_equal(quiz_parse("c.md", 5,
				    "spot: load-fusing/need-to-stop gcc-12/x86_64/O2 plain\n"
				    "atom: loads(t1, need_to_stop)\nQ: Tick the reads.\nE: Why.\n",
				    "p-q1", &q),
			 0);
	assert_int_equal(q.type, QUIZ_SPOT);
	assert_string_equal(quiz_type_name(q.type), "spot");
	assert_string_equal(q.spot_example, "load-fusing/need-to-stop");
	assert_string_equal(q.spot_cell, "gcc-12/x86_64/O2");
	assert_string_equal(q.spot_variant, "plain");
	assert_int_equal(q.spot_line, 5);
	assert_int_equal(q.natoms, 1);
	assert_string_equal(q.atoms[0], "loads(t1, need_to_stop)");
	assert_int_equal(q.atom_lines[0], 6);
	quiz_free(&q);
	expect_error(
		"spot: ex gcc-12/x86_64/O2\nQ: q\n",
		"content/p.md:20: 'spot:' needs '<example-id> <compiler>/<arch>/<opt> <variant>'");
	expect_error(
		"spot: ex gcc-12/x86_64/O2 plain fixed\nQ: q\n",
		"content/p.md:20: 'spot:' needs '<example-id> <compiler>/<arch>/<opt> <variant>'");
	expect_error("spot: ex gcc-12/O2 plain\nQ: q\n",
		     "content/p.md:20: 'spot:' cell 'gcc-12/O2' is not <compiler>/<arch>/<opt>");
	expect_error("spot: ex a/b/O2 plain\nspot: ex a/b/O2 plain\nQ: q\n",
		     "content/p.md:21: quiz has a second 'spot' field");
	expect_error("atom: loads(t1, x)\nspot: ex a/b/O2 plain\nQ: q\n",
		     "content/p.md:20: 'atom:' belongs to a 'spot:' quiz, after its 'spot:' line");
	expect_error("spot: ex a/b/O2 plain\natom: loads(t1, x)\natom: loads(t1, x)\nQ: q\n",
		     "content/p.md:22: atom 'loads(t1, x)' named twice (line 21)");
	expect_error("spot: ex a/b/O2 plain\natom:\nQ: q\n", "content/p.md:21: empty 'atom:'");
	expect_error("spot: ex a/b/O2 plain\nQ: q\n[x] a\n",
		     "content/p.md:20: a 'spot:' quiz takes no choices, 'A:' or 'outcomes:' (its "
		     "answer is the instructions the evidence matched)");
	expect_error("spot: ex a/b/O2 plain\nQ: q\nA: a\n",
		     "content/p.md:20: a 'spot:' quiz takes no choices, 'A:' or 'outcomes:' (its "
		     "answer is the instructions the evidence matched)");
}

static void html_markup(void **state)
{
	(void)state;
	struct quiz q;
	assert_int_equal(
		quiz_parse(
			"c.md", 1,
			"id: q-x\nQ: Is *this* <b>?\n( ) no\n  -> **Nope.**\n(x) yes\nE: `READ_ONCE()`\n",
			"d", &q),
		0);
	struct buf b = { 0 };
	quiz_html(&q, NULL, NULL, NULL, &b);
	assert_non_null(strstr(
		b.data,
		"<section class=\"quiz\" id=\"quiz-q-x\" data-quiz-id=\"q-x\" data-quiz-type=\"single\">"));
	assert_non_null(strstr(b.data, "<em>this</em>"));
	assert_non_null(strstr(
		b.data,
		"data-choice=\"1\" data-correct=\"false\"><label><input type=\"radio\" name=\"quiz-q-x\" value=\"1\">"));
	assert_non_null(strstr(b.data, "data-choice=\"2\" data-correct=\"true\">"));
	assert_non_null(strstr(
		b.data,
		"<div class=\"quiz-feedback\"><p class=\"quiz-verdict\">Wrong.</p><p><strong>Nope.</strong></p>"));
	assert_non_null(
		strstr(b.data, "<button type=\"button\" class=\"quiz-check\">Check</button>"));
	assert_non_null(
		strstr(b.data, "<details class=\"quiz-answer\"><summary>Show answer</summary>"));
	assert_non_null(
		strstr(b.data, "<div class=\"quiz-explanation\"><p><code>READ_ONCE()</code></p>"));
	buf_free(&b);
	int correct[2] = { 1, 0 };
	quiz_html(&q, correct, NULL, NULL, &b);
	assert_non_null(strstr(b.data, "data-choice=\"1\" data-correct=\"true\">"));
	buf_free(&b);
	quiz_free(&q);
}

static void outcome_lookup(void **state)
{
	(void)state;
	json_error_t err;
	json_t *j = json_loads(
		"{\"variants\": {\"plain\": {\"checked\": {\"hang(t1)\": true, \"r1 == 0\": false}}}}",
		0, &err);
	assert_non_null(j);
	assert_int_equal(outcomes_lookup(j, "plain", "hang(t1)"), OUTCOME_TRUE);
	assert_int_equal(outcomes_lookup(j, "plain", "r1 == 0"), OUTCOME_FALSE);
	assert_int_equal(outcomes_lookup(j, "plain", "r1 == 1"), OUTCOME_NO_PREDICATE);
	assert_int_equal(outcomes_lookup(j, "fixed", "hang(t1)"), OUTCOME_NO_VARIANT);
	json_decref(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(single_choice),  cmocka_unit_test(multiple_reveal_outcome),
		cmocka_unit_test(every_error),	  cmocka_unit_test(html_markup),
		cmocka_unit_test(outcome_lookup), cmocka_unit_test(spot),
	};
	return cmocka_run_group_tests_name("quiz", tests, NULL, NULL);
}
