/*
 * linemap.c - variant source lines to example lines (see linemap.h).
 */
#include "linemap.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The next line of *p (NUL-terminated in place), or NULL at the end. */
static char *next_line(char **p)
{
	if (!*p || !**p)
		return NULL;
	char *line = *p, *nl = strchr(line, '\n');
	if (nl) {
		*nl = '\0';
		*p = nl + 1;
	} else {
		*p = line + strlen(line);
	}
	return line;
}

int linemap_line(const char *variant_path, const char *example_path, int line)
{
	char *v = read_file(variant_path, NULL), *e = read_file(example_path, NULL);
	int found = 0;
	char *vp = v, *ep = e, *vl, *el = NULL;
	int vn = 0, en = 0;
	while (v && e && (vl = next_line(&vp))) {
		vn++;
		while ((el = next_line(&ep))) {
			en++;
			if (!strcmp(el, vl))
				break;
		}
		if (!el)
			break;
		if (vn == line) {
			found = en;
			break;
		}
	}
	free(v);
	free(e);
	return found;
}
