/* lint: the content lints, run on the site as the generator parsed it (`sitegen --lint`):
 *   quiz       every page has at least one quiz block;
 *   spelling   prose, headings, quiz text and the title/summary/section values are spelled as hunspell
 *              (plus the project's word list) knows them (spell.h); code, raw HTML and URLs are not prose;
 *   shingles   no page contains a 12-word run of a source text, known by its hashes (shingles.h); the
 *              whole file counts, code and front matter included;
 *   glossary   on every page but the glossary, the first use in prose (not headings, code or quizzes; a
 *              plural -s/-es counts) of each term that is an h2/h3 heading of the glossary page lies in the
 *              text of a link to the glossary.
 * Each problem is one line `path:line: message`. */
#ifndef GEN_LINT_H
#define GEN_LINT_H
#include <stdio.h>

#include "site.h"

struct lint_options {
	const char *words;	/* the project's word list */
	const char *dictionary; /* hunspell dictionary, path without .aff/.dic */
	const char **shingles;	/* hash lists of the source texts pages must not copy from */
	size_t nshingles;
	const char *glossary; /* source path of the glossary page ("content/glossary.md"), or NULL */
};

/* Prints every problem of every page (course order, then line order) to out. Returns the number of
 * problems, or -1 with the reason in diag when the lints cannot run (an unreadable word list, ...). */
int lint_site(const struct site *s, const struct lint_options *o, FILE *out);

#endif
