/* prose: the text a reader reads on a page, taken from the generator's own parse (the cmark AST of the
 * body, the quiz fields, front-matter values), for the content lints. Code (spans and blocks), HTML tags,
 * link destinations and autolinked URLs are not prose; the text between the tags of a raw HTML block is.
 * Every byte keeps the file line it came from and the link it lies in. */
#ifndef GEN_PROSE_H
#define GEN_PROSE_H
#include <stddef.h>

#include "markdown.h"

/* Stands where a code span or inline HTML was: it is neither a word nor white space. */
#define PROSE_GAP '\x01'

struct prose {
	char *text; /* UTF-8; '\n' ends a block, a line break inside a block is ' ' */
	int *line;  /* file line of each byte */
	int *link;  /* index in urls of the link each byte lies in, or -1 */
	size_t len, cap;
	char **urls; /* link destinations, as written */
	size_t nurls;
};

/* Appends the body of a parsed page; with headings = 0, heading text is left out. */
void prose_add_doc(struct prose *p, const struct md_doc *d, int headings);
/* Appends a Markdown fragment (a quiz field) whose first line is file line first_line. */
void prose_add_markdown(struct prose *p, const char *markdown, int first_line);
void prose_free(struct prose *p);

#endif
