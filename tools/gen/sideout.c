/* sideout: the paths of the outputs a page's render adds (write_output) and the set of them in a build. */
#include "sideout.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static int segment_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '_' || c == '-';
}

const char *sideout_bad_path(const char *path)
{
	size_t n = strlen(path);
	if (n == 0)
		return "an empty path";
	if (n > SIDEOUT_MAX)
		return "a path longer than 200 bytes";
	const char *seg = path;
	for (const char *p = path;; p++) {
		if (*p == '/' || *p == '\0') {
			size_t len = (size_t)(p - seg);
			if (len == 0)
				return "an empty path segment (a leading, trailing or double '/')";
			if ((len == 1 && seg[0] == '.') ||
			    (len == 2 && seg[0] == '.' && seg[1] == '.'))
				return "a '.' or '..' segment";
			if (*p == '\0')
				return NULL;
			seg = p + 1;
		} else if (!segment_char(*p)) {
			return "a character other than letters, digits, '.', '_', '-' and '/'";
		}
	}
}

int sideouts_has(const struct sideouts *s, const char *path)
{
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->paths[i], path))
			return 1;
	return 0;
}

void sideouts_add(struct sideouts *s, const char *path)
{
	if (sideouts_has(s, path))
		return;
	s->paths = xrealloc(s->paths, (s->n + 1) * sizeof *s->paths);
	s->paths[s->n++] = xstrdup(path);
}

void sideouts_free(struct sideouts *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->paths[i]);
	free(s->paths);
	s->paths = NULL;
	s->n = 0;
}
