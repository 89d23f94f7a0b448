/*
 * escape-html.c - `escape-html FILE`: FILE's bytes through tools/lib/buf.c buf_put_escaped (the
 * generator's HTML escaping) on stdout, so that tests/html.test.js compares it with html.js on the
 * same input. Exit 1 when FILE cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

int main(int argc, char **argv)
{
	size_t len;
	char *text = argc == 2 ? read_file(argv[1], &len) : NULL;
	if (!text) {
		fprintf(stderr, "usage: escape-html FILE (a readable file)\n");
		return 1;
	}
	struct buf out = { 0 };
	buf_put_escaped(&out, text, len);
	fwrite(out.data ? out.data : "", 1, out.len, stdout);
	buf_free(&out);
	free(text);
	return 0;
}
