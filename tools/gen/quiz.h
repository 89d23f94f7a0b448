/* quiz: parses the body of a ```quiz block (docs/ARCHITECTURE.md, "Quizzes") into a struct quiz.
 * Field texts are Markdown, kept as written (continuation lines joined with '\n'). */
#ifndef GEN_QUIZ_H
#define GEN_QUIZ_H
#include <stddef.h>

enum quiz_type { QUIZ_SINGLE, QUIZ_MULTIPLE, QUIZ_REVEAL, QUIZ_OUTCOME, QUIZ_SPOT };

struct quiz_choice {
	char *text;	/* Markdown; for an outcome quiz, the predicate */
	char *feedback; /* Markdown or NULL */
	int correct;	/* (x) / [x]; outcome quizzes: filled in later from the explorer's data */
	int line;
	int feedback_line;
};

struct quiz {
	char *id;
	int id_line; /* line of `id:` (or of the block when defaulted) */
	int line;    /* line of the first line inside the block */
	enum quiz_type type;
	char *question, *answer, *explanation; /* Markdown; answer/explanation may be NULL */
	int question_line, answer_line, explanation_line;
	struct quiz_choice *choices;
	size_t nchoices;
	char *outcome_example, *outcome_variant; /* outcome quizzes only */
	int outcome_line;
	/* spot quizzes only ("spot: <example-id> <compiler>/<arch>/<opt> <variant>", "atom: ..."):
	 * the cell whose listing the reader clicks in; the atoms whose instructions are the answer
	 * (none: every atom of the variant's evidence on that cell) */
	char *spot_example, *spot_cell, *spot_variant;
	int spot_line;
	char **atoms;
	int *atom_lines;
	size_t natoms;
};

/* text: the block's content; first_line: its first line's number in path; default_id is used when
 * the block has no `id:`. Returns 0, or -1 with `path:line: message` in diag (q is then freed). */
int quiz_parse(const char *path, int first_line, const char *text, const char *default_id,
	       struct quiz *q);
void quiz_free(struct quiz *q);
const char *quiz_type_name(enum quiz_type t); /* "single" "multiple" "reveal" "outcome" "spot" */

#endif
