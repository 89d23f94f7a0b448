/*
 * deps.c - make-syntax dependency list reader (see deps.h).
 */
#include "deps.h"

#include "buf.h"

#include <stdlib.h>
#include <string.h>

static void push(struct deps *d, struct buf *w)
{
	d->files = xrealloc(d->files, (d->n + 1) * sizeof *d->files);
	d->files[d->n++] = buf_take(w);
}

int deps_parse(const char *text, struct deps *d)
{
	memset(d, 0, sizeof *d);
	struct buf w = { 0 };
	int in_target = 1, rules = 0, have = 0;
	for (const char *p = text; *p; p++) {
		char c = *p;
		if (c == '\\' && (p[1] == '\n' || (p[1] == '\r' && p[2] == '\n'))) {
			p += p[1] == '\r' ? 2 : 1; /* continuation: a separator */
			c = ' ';
		} else if (c == '\\' &&
			   (p[1] == ' ' || p[1] == '\t' || p[1] == '#' || p[1] == '\\')) {
			buf_putc(&w, *++p);
			have = 1;
			continue;
		} else if (c == '$' && p[1] == '$') {
			buf_putc(&w, *++p);
			have = 1;
			continue;
		}
		if (c == ':' && in_target &&
		    (p[1] == ' ' || p[1] == '\t' || p[1] == '\n' || p[1] == '\0' ||
		     (p[1] == '\\' && p[2] == '\n'))) {
			buf_free(&w);
			have = 0;
			in_target = 0;
			rules++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			if (have && !in_target)
				push(d, &w);
			buf_free(&w);
			have = 0;
			if (c == '\n')
				in_target = 1;
			continue;
		}
		buf_putc(&w, c);
		have = 1;
	}
	if (have && !in_target)
		push(d, &w);
	buf_free(&w);
	return rules ? 0 : -1;
}

void deps_free(struct deps *d)
{
	for (size_t i = 0; i < d->n; i++)
		free(d->files[i]);
	free(d->files);
	memset(d, 0, sizeof *d);
}
