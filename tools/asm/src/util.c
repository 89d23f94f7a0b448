/*
 * util.c - file helpers (see util.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

int write_text(const char *path, const char *text)
{
	if (mkdir_p(path, 1) != 0)
		return -1;
	if (write_file_atomic(path, text, strlen(text)) != 0) {
		fprintf(stderr, "%s: cannot write\n", path);
		return -1;
	}
	return 0;
}

json_t *asm_load_json(const char *path)
{
	json_error_t e;
	json_t *j = json_load_file(path, 0, &e);
	if (!j)
		fprintf(stderr, "%s:%d: %s\n", path, e.line, e.text);
	return j;
}

json_t *read_lines(const char *path)
{
	char *text = read_file(path, NULL);
	if (!text)
		return NULL;
	json_t *a = json_array();
	char *p = text;
	while (*p) {
		char *nl = strchr(p, '\n');
		size_t l = nl ? (size_t)(nl - p) : strlen(p);
		json_array_append_new(a, json_stringn(p, l));
		p += l + (nl != NULL);
	}
	free(text);
	return a;
}
