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

int quiz_parse(const char *path, int first_line, const char *text, const char *default_id,
	       struct quiz *q)
{
	memset(q, 0, sizeof *q);
	q->line = first_line;
	enum field cur = F_NONE;
	int kind = 0, kind_line = 0; /* '(' '[' '?' */
	size_t cap = 0;
	int line = first_line - 1;
	const char *p = text;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		line++;
		char *raw = rtrim_dup(p, n); /* trimmed both sides */
		size_t indent = 0;
		while (indent < n && (p[indent] == ' ' || p[indent] == '\t'))
			indent++;
		p = e ? e + 1 : p + n;
		int rc = 0;
		int correct;
		int marker;
		if (!*raw) {
			/* blank line: a paragraph break inside the current field */
			if (cur == F_Q)
				append_line(&q->question, "");
			else if (cur == F_A)
				append_line(&q->answer, "");
			else if (cur == F_E)
				append_line(&q->explanation, "");
			free(raw);
			continue;
		}
		if (!strncmp(raw, "->", 2)) {
			if (cur != F_CHOICE && cur != F_FEEDBACK)
				rc = diag_at(path, line, "'->' feedback with no choice above it");
			else if (q->choices[q->nchoices - 1].feedback)
				rc = diag_at(path, line,
					     "a second '->' feedback for the same choice");
			else {
				char *fb = rtrim_dup(raw + 2, strlen(raw + 2));
				q->choices[q->nchoices - 1].feedback = fb;
				q->choices[q->nchoices - 1].feedback_line = line;
				cur = F_FEEDBACK;
			}
		} else if (indent >= 2) {
			char *cont = rtrim_dup(raw, strlen(raw));
			switch (cur) {
			case F_Q: append_line(&q->question, cont); break;
			case F_A: append_line(&q->answer, cont); break;
			case F_E: append_line(&q->explanation, cont); break;
			case F_CHOICE: append_line(&q->choices[q->nchoices - 1].text, cont); break;
			case F_FEEDBACK:
				append_line(&q->choices[q->nchoices - 1].feedback, cont);
				break;
			case F_NONE:
				rc = diag_at(path, line,
					     "indented continuation line with no field above it");
				break;
			}
			free(cont);
		} else if (!strncmp(raw, "id:", 3)) {
			char *v = rtrim_dup(raw + 3, strlen(raw + 3));
			if (q->id)
				rc = diag_at(path, line, "quiz has a second 'id' field");
			else if (!valid_id(v))
				rc = diag_at(path, line,
					     "quiz id '%s' may only use a-z, 0-9, '-' and '_'", v);
			else {
				q->id = v;
				v = NULL;
				q->id_line = line;
			}
			free(v);
			cur = F_NONE;
		} else if (!strncmp(raw, "outcomes:", 9)) {
			char *v = rtrim_dup(raw + 9, strlen(raw + 9));
			char *sp = strpbrk(v, " \t");
			if (q->outcome_example)
				rc = diag_at(path, line, "quiz has a second 'outcomes' field");
			else if (!sp)
				rc = diag_at(path, line,
					     "'outcomes:' needs '<example-id> <variant>'");
			else {
				*sp = '\0';
				char *variant = rtrim_dup(sp + 1, strlen(sp + 1));
				if (!*variant || strpbrk(variant, " \t")) {
					rc = diag_at(path, line,
						     "'outcomes:' needs '<example-id> <variant>'");
					free(variant);
				} else {
					q->outcome_example = xstrdup(v);
					q->outcome_variant = variant;
					q->outcome_line = line;
				}
			}
			free(v);
			cur = F_NONE;
		} else if (!strncmp(raw, "Q:", 2)) {
			char *v = rtrim_dup(raw + 2, strlen(raw + 2));
			rc = set_text_field(&q->question, v, path, line, "Q:");
			q->question_line = line;
			free(v);
			cur = F_Q;
		} else if (!strncmp(raw, "A:", 2) || !strncmp(raw, "E:", 2)) {
			char *v = rtrim_dup(raw + 2, strlen(raw + 2));
			int is_a = raw[0] == 'A';
			if (!q->question)
				rc = diag_at(path, line, "'Q:' must come before '%c:'", raw[0]);
			else
				rc = set_text_field(is_a ? &q->answer : &q->explanation, v, path,
						    line, is_a ? "A:" : "E:");
			if (rc == 0)
				*(is_a ? &q->answer_line : &q->explanation_line) = line;
			free(v);
			cur = is_a ? F_A : F_E;
		} else if ((marker = choice_marker(raw, &correct)) != 0) {
			if (!q->question)
				rc = diag_at(path, line, "'Q:' must come before the choices");
			else if (kind && kind != marker)
				rc = diag_at(
					path, line,
					"choices of different kinds in one quiz (line %d starts another kind)",
					kind_line);
			else {
				if (!kind) {
					kind = marker;
					kind_line = line;
				}
				if (q->nchoices == cap) {
					cap = cap ? cap * 2 : 8;
					q->choices = xrealloc(q->choices, cap * sizeof *q->choices);
				}
				struct quiz_choice *c = &q->choices[q->nchoices++];
				memset(c, 0, sizeof *c);
				c->text = rtrim_dup(raw + 3, strlen(raw + 3));
				c->correct = correct;
				c->line = line;
				if (!*c->text)
					rc = diag_at(path, line, "empty choice");
				cur = F_CHOICE;
			}
		} else {
			char *word = xstrndup(raw, strcspn(raw, " \t"));
			rc = diag_at(
				path, line,
				"unknown quiz field '%s' (expected id:, Q:, ( ), [ ], [?], ->, A:, E: or outcomes:)",
				word);
			free(word);
		}
		free(raw);
		if (rc)
			goto fail;
	}
	if (!q->question) {
		diag_at(path, first_line, "quiz has no 'Q:' question");
		goto fail;
	}
	if (q->nchoices && q->answer) {
		diag_at(path, first_line,
			"quiz has both choices and an 'A:' answer (A: is for reveal quizzes)");
		goto fail;
	}
	if (kind == '?' && !q->outcome_example) {
		diag_at(path, kind_line,
			"'[?]' choices need an 'outcomes: <example-id> <variant>' line");
		goto fail;
	}
	if (q->outcome_example && kind != '?') {
		diag_at(path, first_line,
			"an 'outcomes:' quiz takes '[?] <predicate>' choices only");
		goto fail;
	}
	if (kind == '(') {
		size_t right = 0;
		for (size_t i = 0; i < q->nchoices; i++)
			right += q->choices[i].correct != 0;
		if (right != 1) {
			diag_at(path, kind_line,
				"a single-choice quiz needs exactly one '(x)', found %zu", right);
			goto fail;
		}
		q->type = QUIZ_SINGLE;
	} else if (kind == '[') {
		q->type = QUIZ_MULTIPLE;
	} else if (kind == '?') {
		q->type = QUIZ_OUTCOME;
	} else {
		if (!q->answer) {
			diag_at(path, first_line,
				"a quiz with no choices is a reveal quiz and needs an 'A:' answer");
			goto fail;
		}
		q->type = QUIZ_REVEAL;
	}
	if (!q->id) {
		q->id = xstrdup(default_id);
		q->id_line = first_line;
	}
	return 0;
fail:
	quiz_free(q);
	return -1;
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
	memset(q, 0, sizeof *q);
}
