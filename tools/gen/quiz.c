/* quiz: the line-oriented quiz block grammar and its error cases. */
#include "quiz.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

enum field { F_NONE, F_Q, F_A, F_E, F_CHOICE, F_FEEDBACK };

const char *quiz_type_name(enum quiz_type t)
{
	switch (t) {
	case QUIZ_SINGLE: return "single";
	case QUIZ_MULTIPLE: return "multiple";
	case QUIZ_REVEAL: return "reveal";
	case QUIZ_OUTCOME: return "outcome";
	case QUIZ_SPOT: return "spot";
	}
	return "?";
}

static char *rtrim_dup(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	return xstrndup(s, n);
}

static void append_line(char **field, const char *s)
{
	char *joined = xasprintf("%s\n%s", *field, s);
	free(*field);
	*field = joined;
}

static int valid_id(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-' ||
		      *s == '_'))
			return 0;
	return 1;
}

/* Kind of a choice marker at the start of s: '(' single, '[' multiple, '?' outcome; 0 if none. */
static int choice_marker(const char *s, int *correct)
{
	if (!strncmp(s, "( )", 3) || !strncmp(s, "(x)", 3) || !strncmp(s, "(X)", 3)) {
		*correct = s[1] != ' ';
		return '(';
	}
	if (!strncmp(s, "[ ]", 3) || !strncmp(s, "[x]", 3) || !strncmp(s, "[X]", 3)) {
		*correct = s[1] != ' ';
		return '[';
	}
	if (!strncmp(s, "[?]", 3)) {
		*correct = 0;
		return '?';
	}
	return 0;
}

static int set_text_field(char **slot, const char *value, const char *path, int line,
			  const char *name)
{
	if (*slot)
		return diag_at(path, line, "quiz has a second '%s' field", name);
	*slot = xstrdup(value);
	return 0;
}

/*
 * The block's grammar, one production per kind of line (each parse_* function below reads one; the
 * blank line and the continuation belong to the field above them):
 *
 *   quiz         ::= { line }                     then quiz_check's rules
 *   line         ::= blank | feedback | continuation | id | outcomes | question | answer
 *                  | explanation | choice
 *   blank        ::= ""                           a paragraph break inside Q:, A: or E:
 *   feedback     ::= "->" text                    once per choice, right after it
 *   continuation ::= indent(>= 2) text            continues the field above
 *   id           ::= "id:" [a-z0-9_-]+            once
 *   outcomes     ::= "outcomes:" example-id variant   once
 *   spot         ::= "spot:" example-id compiler/arch/opt variant   once
 *   atom         ::= "atom:" text                 after spot:, each atom once
 *   question     ::= "Q:" text                    once
 *   answer       ::= "A:" text                    once, after Q:
 *   explanation  ::= "E:" text                    once, after Q:
 *   choice       ::= ( "( )" | "(x)" | "[ ]" | "[x]" | "[?]" ) text   after Q:, one kind per quiz
 *
 * quiz_check: a question; choices or an A: answer, not both; "[?]" choices if and only if an
 * outcomes: line; exactly one "(x)" among "( )" choices; a spot: quiz has neither choices nor A:
 * (its answer comes from the build's evidence data: quizspot.c).
 */
struct qparser {
	const char *path;
	int line;
	struct quiz *q;
	enum field cur;	     /* the field a blank or continuation line belongs to */
	int kind, kind_line; /* the choices' kind: '(' '[' '?', and its first line */
	size_t cap;
};

/* blank ::= "" */
static int parse_blank(struct qparser *qp)
{
	struct quiz *q = qp->q;
	if (qp->cur == F_Q)
		append_line(&q->question, "");
	else if (qp->cur == F_A)
		append_line(&q->answer, "");
	else if (qp->cur == F_E)
		append_line(&q->explanation, "");
	return 0;
}

/* feedback ::= "->" text */
static int parse_feedback(struct qparser *qp, const char *raw)
{
	struct quiz *q = qp->q;
	if (qp->cur != F_CHOICE && qp->cur != F_FEEDBACK)
		return diag_at(qp->path, qp->line, "'->' feedback with no choice above it");
	if (q->choices[q->nchoices - 1].feedback)
		return diag_at(qp->path, qp->line, "a second '->' feedback for the same choice");
	q->choices[q->nchoices - 1].feedback = rtrim_dup(raw + 2, strlen(raw + 2));
	q->choices[q->nchoices - 1].feedback_line = qp->line;
	qp->cur = F_FEEDBACK;
	return 0;
}

/* continuation ::= indent(>= 2) text */
static int parse_continuation(struct qparser *qp, const char *raw)
{
	struct quiz *q = qp->q;
	int rc = 0;
	char *cont = rtrim_dup(raw, strlen(raw));
	switch (qp->cur) {
	case F_Q: append_line(&q->question, cont); break;
	case F_A: append_line(&q->answer, cont); break;
	case F_E: append_line(&q->explanation, cont); break;
	case F_CHOICE: append_line(&q->choices[q->nchoices - 1].text, cont); break;
	case F_FEEDBACK: append_line(&q->choices[q->nchoices - 1].feedback, cont); break;
	case F_NONE:
		rc = diag_at(qp->path, qp->line,
			     "indented continuation line with no field above it");
		break;
	}
	free(cont);
	return rc;
}

/* id ::= "id:" [a-z0-9_-]+ */
static int parse_id(struct qparser *qp, const char *raw)
{
	struct quiz *q = qp->q;
	int rc = 0;
	char *v = rtrim_dup(raw + 3, strlen(raw + 3));
	if (q->id)
		rc = diag_at(qp->path, qp->line, "quiz has a second 'id' field");
	else if (!valid_id(v))
		rc = diag_at(qp->path, qp->line, "quiz id '%s' may only use a-z, 0-9, '-' and '_'",
			     v);
	else {
		q->id = v;
		v = NULL;
		q->id_line = qp->line;
	}
	free(v);
	qp->cur = F_NONE;
	return rc;
}

/* outcomes ::= "outcomes:" example-id variant */
static int parse_outcomes(struct qparser *qp, const char *raw)
{
	struct quiz *q = qp->q;
	int rc = 0;
	char *v = rtrim_dup(raw + 9, strlen(raw + 9));
	char *sp = strpbrk(v, " \t");
	char *variant = sp ? rtrim_dup(sp + 1, strlen(sp + 1)) : NULL;
	if (q->outcome_example)
		rc = diag_at(qp->path, qp->line, "quiz has a second 'outcomes' field");
	else if (!sp || !*variant || strpbrk(variant, " \t"))
		rc = diag_at(qp->path, qp->line, "'outcomes:' needs '<example-id> <variant>'");
	else {
		*sp = '\0';
		q->outcome_example = xstrdup(v);
		q->outcome_variant = variant;
		variant = NULL;
		q->outcome_line = qp->line;
	}
	free(variant);
	free(v);
	qp->cur = F_NONE;
	return rc;
}

/* The n words of s separated by blanks into words[] (malloc'd each); 0, or -1 if s has another count. */
static int split_words(const char *s, char **words, int n)
{
	int k = 0;
	while (*s) {
		size_t len = strcspn(s, " \t");
		if (k == n) {
			while (k)
				free(words[--k]);
			return -1;
		}
		words[k++] = xstrndup(s, len);
		s += len;
		s += strspn(s, " \t");
	}
	if (k == n)
		return 0;
	while (k)
		free(words[--k]);
	return -1;
}

/* spot ::= "spot:" example-id compiler/arch/opt variant */
static int parse_spot(struct qparser *qp, const char *raw)
{
	struct quiz *q = qp->q;
	char *w[3];
	char *v = rtrim_dup(raw + 5, strlen(raw + 5));
	int rc = 0;
	if (q->spot_example)
		rc = diag_at(qp->path, qp->line, "quiz has a second 'spot' field");
	else if (split_words(v, w, 3) != 0)
		rc = diag_at(qp->path, qp->line,
			     "'spot:' needs '<example-id> <compiler>/<arch>/<opt> <variant>'");
	else {
		q->spot_example = w[0];
		q->spot_cell = w[1];
		q->spot_variant = w[2];
		q->spot_line = qp->line;
		if (!strchr(q->spot_cell, '/') ||
		    strchr(q->spot_cell, '/') == strrchr(q->spot_cell, '/'))
			rc = diag_at(qp->path, qp->line,
				     "'spot:' cell '%s' is not <compiler>/<arch>/<opt>",
				     q->spot_cell);
	}
	free(v);
	qp->cur = F_NONE;
	return rc;
}

/* atom ::= "atom:" text */
static int parse_atom(struct qparser *qp, const char *raw)
{
	struct quiz *q = qp->q;
	char *v = rtrim_dup(raw + 5, strlen(raw + 5));
	qp->cur = F_NONE;
	int rc = 0;
	if (!q->spot_example)
		rc = diag_at(qp->path, qp->line,
			     "'atom:' belongs to a 'spot:' quiz, after its 'spot:' line");
	else if (!*v)
		rc = diag_at(qp->path, qp->line, "empty 'atom:'");
	for (size_t i = 0; i < q->natoms && rc == 0; i++)
		if (!strcmp(q->atoms[i], v))
			rc = diag_at(qp->path, qp->line, "atom '%s' named twice (line %d)", v,
				     q->atom_lines[i]);
	if (rc) {
		free(v);
		return rc;
	}
	q->atoms = xrealloc(q->atoms, (q->natoms + 1) * sizeof *q->atoms);
	q->atom_lines = xrealloc(q->atom_lines, (q->natoms + 1) * sizeof *q->atom_lines);
	q->atoms[q->natoms] = v;
	q->atom_lines[q->natoms++] = qp->line;
	return 0;
}

/* question ::= "Q:" text; answer ::= "A:" text; explanation ::= "E:" text */
static int parse_text_field(struct qparser *qp, const char *raw)
{
	struct quiz *q = qp->q;
	int rc = 0;
	char *v = rtrim_dup(raw + 2, strlen(raw + 2));
	if (raw[0] == 'Q') {
		rc = set_text_field(&q->question, v, qp->path, qp->line, "Q:");
		q->question_line = qp->line;
		qp->cur = F_Q;
	} else {
		int is_a = raw[0] == 'A';
		if (!q->question)
			rc = diag_at(qp->path, qp->line, "'Q:' must come before '%c:'", raw[0]);
		else
			rc = set_text_field(is_a ? &q->answer : &q->explanation, v, qp->path,
					    qp->line, is_a ? "A:" : "E:");
		if (rc == 0)
			*(is_a ? &q->answer_line : &q->explanation_line) = qp->line;
		qp->cur = is_a ? F_A : F_E;
	}
	free(v);
	return rc;
}

/* choice ::= ( "( )" | "(x)" | "[ ]" | "[x]" | "[?]" ) text */
static int parse_choice(struct qparser *qp, const char *raw, int marker, int correct)
{
	struct quiz *q = qp->q;
	if (!q->question)
		return diag_at(qp->path, qp->line, "'Q:' must come before the choices");
	if (qp->kind && qp->kind != marker)
		return diag_at(
			qp->path, qp->line,
			"choices of different kinds in one quiz (line %d starts another kind)",
			qp->kind_line);
	if (!qp->kind) {
		qp->kind = marker;
		qp->kind_line = qp->line;
	}
	if (q->nchoices == qp->cap) {
		qp->cap = qp->cap ? qp->cap * 2 : 8;
		q->choices = xrealloc(q->choices, qp->cap * sizeof *q->choices);
	}
	struct quiz_choice *c = &q->choices[q->nchoices++];
	memset(c, 0, sizeof *c);
	c->text = rtrim_dup(raw + 3, strlen(raw + 3));
	c->correct = correct;
	c->line = qp->line;
	qp->cur = F_CHOICE;
	return *c->text ? 0 : diag_at(qp->path, qp->line, "empty choice");
}

/* line ::= blank | feedback | continuation | id | outcomes | question | answer | explanation
 *        | choice. raw: the line trimmed; indent: its leading blanks. */
static int parse_line(struct qparser *qp, const char *raw, size_t indent)
{
	int correct, marker;
	if (!*raw)
		return parse_blank(qp);
	if (!strncmp(raw, "->", 2))
		return parse_feedback(qp, raw);
	if (indent >= 2)
		return parse_continuation(qp, raw);
	if (!strncmp(raw, "id:", 3))
		return parse_id(qp, raw);
	if (!strncmp(raw, "outcomes:", 9))
		return parse_outcomes(qp, raw);
	if (!strncmp(raw, "spot:", 5))
		return parse_spot(qp, raw);
	if (!strncmp(raw, "atom:", 5))
		return parse_atom(qp, raw);
	if (!strncmp(raw, "Q:", 2) || !strncmp(raw, "A:", 2) || !strncmp(raw, "E:", 2))
		return parse_text_field(qp, raw);
	if ((marker = choice_marker(raw, &correct)) != 0)
		return parse_choice(qp, raw, marker, correct);
	char *word = xstrndup(raw, strcspn(raw, " \t"));
	int rc = diag_at(
		qp->path, qp->line,
		"unknown quiz field '%s' (expected id:, Q:, ( ), [ ], [?], ->, A:, E:, outcomes:, spot: or atom:)",
		word);
	free(word);
	return rc;
}

/* The type of a single-choice quiz, if it has exactly one "(x)". */
static int check_single(const struct qparser *qp)
{
	size_t right = 0;
	for (size_t i = 0; i < qp->q->nchoices; i++)
		right += qp->q->choices[i].correct != 0;
	if (right != 1)
		return diag_at(qp->path, qp->kind_line,
			       "a single-choice quiz needs exactly one '(x)', found %zu", right);
	qp->q->type = QUIZ_SINGLE;
	return 0;
}

/* quiz_check: the rules over the whole block, and the quiz's type. */
static int quiz_check(struct qparser *qp, int first_line)
{
	struct quiz *q = qp->q;
	const char *path = qp->path;
	if (!q->question)
		return diag_at(path, first_line, "quiz has no 'Q:' question");
	if (q->nchoices && q->answer)
		return diag_at(
			path, first_line,
			"quiz has both choices and an 'A:' answer (A: is for reveal quizzes)");
	if (qp->kind == '?' && !q->outcome_example)
		return diag_at(path, qp->kind_line,
			       "'[?]' choices need an 'outcomes: <example-id> <variant>' line");
	if (q->outcome_example && qp->kind != '?')
		return diag_at(path, first_line,
			       "an 'outcomes:' quiz takes '[?] <predicate>' choices only");
	if (q->spot_example) {
		if (q->nchoices || q->answer || q->outcome_example)
			return diag_at(
				path, q->spot_line,
				"a 'spot:' quiz takes no choices, 'A:' or 'outcomes:' (its answer is "
				"the instructions the evidence matched)");
		q->type = QUIZ_SPOT;
		return 0;
	}
	if (qp->kind == '(')
		return check_single(qp);
	if (qp->kind == '[' || qp->kind == '?') {
		q->type = qp->kind == '[' ? QUIZ_MULTIPLE : QUIZ_OUTCOME;
		return 0;
	}
	if (!q->answer)
		return diag_at(path, first_line,
			       "a quiz with no choices is a reveal quiz and needs an 'A:' answer");
	q->type = QUIZ_REVEAL;
	return 0;
}

int quiz_parse(const char *path, int first_line, const char *text, const char *default_id,
	       struct quiz *q)
{
	memset(q, 0, sizeof *q);
	q->line = first_line;
	struct qparser qp = { .path = path, .line = first_line - 1, .q = q, .cur = F_NONE };
	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		qp.line++;
		char *raw = rtrim_dup(p, n); /* trimmed both sides */
		size_t indent = 0;
		while (indent < n && (p[indent] == ' ' || p[indent] == '\t'))
			indent++;
		p = e ? e + 1 : p + n;
		int rc = parse_line(&qp, raw, indent);
		free(raw);
		if (rc) {
			quiz_free(q);
			return -1;
		}
	}
	if (quiz_check(&qp, first_line) != 0) {
		quiz_free(q);
		return -1;
	}
	if (!q->id) {
		q->id = xstrdup(default_id);
		q->id_line = first_line;
	}
	return 0;
}

void quiz_free(struct quiz *q)
{
	free(q->id);
	free(q->question);
	free(q->answer);
	free(q->explanation);
	for (size_t i = 0; i < q->nchoices; i++) {
		free(q->choices[i].text);
		free(q->choices[i].feedback);
	}
	free(q->choices);
	free(q->outcome_example);
	free(q->outcome_variant);
	free(q->spot_example);
	free(q->spot_cell);
	free(q->spot_variant);
	for (size_t i = 0; i < q->natoms; i++)
		free(q->atoms[i]);
	free(q->atoms);
	free(q->atom_lines);
	memset(q, 0, sizeof *q);
}
