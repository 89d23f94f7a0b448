/*
 * paths.c - lexical absolute paths (see paths.h).
 */
#define _GNU_SOURCE
#include "paths.h"

#include "buf.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *abs_path(const char *path)
{
	struct buf in = { 0 };
	if (path[0] != '/') {
		char *cwd = getcwd(NULL, 0);
		if (!cwd)
			return NULL;
		buf_puts(&in, cwd);
		buf_putc(&in, '/');
		free(cwd);
	}
	buf_puts(&in, path);
	/* walk the components, keeping a stack of the output's component starts */
	struct buf out = { 0 };
	char *s = in.data;
	size_t starts[4096];
	int depth = 0;
	while (*s) {
		while (*s == '/')
			s++;
		char *e = s;
		while (*e && *e != '/')
			e++;
		size_t n = (size_t)(e - s);
		if (n == 0 || (n == 1 && s[0] == '.')) {
			/* nothing */
		} else if (n == 2 && s[0] == '.' && s[1] == '.') {
			if (depth > 0)
				out.len = starts[--depth];
		} else if (depth < (int)(sizeof starts / sizeof *starts)) {
			starts[depth++] = out.len;
			buf_putc(&out, '/');
			buf_put(&out, s, n);
		}
		s = e;
	}
	if (!out.len)
		buf_putc(&out, '/');
	else
		out.data[out.len] = '\0';
	buf_free(&in);
	return buf_take(&out);
}
