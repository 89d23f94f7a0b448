/* compact: a script's or stylesheet's comment lines, blank lines and indentation dropped as copied. */
#include "compact.h"

#include <string.h>

/* The line [p, end) after its blanks: appends what is left of it, given whether a block comment is
 * open (*in_block), and updates *in_block. */
static void compact_line(const char *p, const char *end, int css, int *in_block, struct buf *out)
{
	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		if (*in_block) {
			const char *close = NULL;
			for (const char *q = p; q + 1 < end; q++)
				if (q[0] == '*' && q[1] == '/') {
					close = q;
					break;
				}
			if (!close)
				return;
			*in_block = 0;
			p = close + 2;
			continue;
		}
		if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
			*in_block = 1;
			p += 2;
			continue;
		}
		if (!css && end - p >= 2 && p[0] == '/' && p[1] == '/')
			return;
		break;
	}
	if (p == end)
		return;
	buf_put(out, p, (size_t)(end - p));
	buf_putc(out, '\n');
}

void compact_code(const char *s, size_t n, int css, struct buf *out)
{
	int in_block = 0;
	const char *p = s, *end = s + n;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		compact_line(p, le, css, &in_block, out);
		p = nl ? nl + 1 : end;
	}
}

int compact_applies(const char *path, int *css)
{
	size_t n = strlen(path);
	if (n > 3 && strcmp(path + n - 3, ".js") == 0) {
		*css = 0;
		return 1;
	}
	if (n > 4 && strcmp(path + n - 4, ".css") == 0) {
		*css = 1;
		return 1;
	}
	return 0;
}
