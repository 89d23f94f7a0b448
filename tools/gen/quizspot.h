/* quizspot: the "spot the instruction" quiz. Its `spot:` line names an example, a cell and a
 * variant; the answer is the instructions the variant's evidence atoms counted on that cell, as
 * asm-tool wrote them into the cell's data script (each atom's "insns", tools/asm/README.md), never
 * written by hand. The reader ticks instructions of the listing; quiz.js grades them like a
 * multiple-choice quiz, each line with its own feedback; with JavaScript off the answer key is in
 * the <details>. Markup: tools/gen/README.md, "Quiz markup". */
#ifndef GEN_QUIZSPOT_H
#define GEN_QUIZSPOT_H
#include "quizhtml.h"

/* Appends the quiz's HTML to out, reading data_dir/examples/<id>.json and the cell's data script
 * (both recorded as dependencies). Returns 0, or -1 with `page:line: message` in diag when the
 * example, cell, variant or an `atom:` does not exist there, when the variant's evidence does not
 * hold on the cell, or when its atoms matched no instruction (out may then hold a partial quiz). */
int quiz_spot_html(const struct quiz *q, const char *page, const char *data_dir,
		   const struct quiz_links *l, struct buf *out);

#endif
