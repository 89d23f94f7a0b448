/* pagejson: `sitegen --page-json PAGE.md...`: what the generator reads from pages, as JSON, for the tests
 * that need a page's facts (tests/content) without parsing its format again. */
#ifndef GEN_PAGEJSON_H
#define GEN_PAGEJSON_H

#include <stdio.h>

/* Prints to out a JSON array with one object per file, in order: the front matter (path, title,
 * summary, order, section, slug, template, nav; null when absent), "body_line" (the 1-based line of
 * the file where the Markdown body starts, after the front matter) and "quizzes", each quiz as
 * quiz_parse() reads it: {id, type, question, answer, explanation, example, variant,
 * choices: [{text, correct, feedback}]} (texts as written; an outcome quiz's choices are its
 * predicates, their "correct" false until the explorer's data decides it). Returns 0, or -1 with
 * `path:line: message` in diag (nothing printed). */
int page_json(int nfiles, char **files, FILE *out);

#endif
