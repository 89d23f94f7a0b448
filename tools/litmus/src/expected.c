/*
 * expected.c - the kernel model's verdict for a test whose file has no "Result:" line, from the
 * output of herd7 kept beside it (see litmus.h, lit_read_expected).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "litmus.h"

/* In herd's output text, the line "Observation <name> <verdict> ..." for the test: its verdict
 * word into t, 1; 0 when there is none (or it names another test). */
static int observation(struct lit_test *t, const char *text, const char *path)
{
	int line = 1;
	for (const char *s = text; *s; line++) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		char name[LIT_TEST_NAME], word[16];
		if (n > 12 && !strncmp(s, "Observation ", 12) &&
		    sscanf(s + 12, "%255s %15s", name, word) == 2 && !strcmp(name, t->name) &&
		    (!strcmp(word, "Never") || !strcmp(word, "Sometimes") ||
		     !strcmp(word, "Always"))) {
			xsnprintf(t->result, sizeof t->result, "%s", word);
			t->result_line = line;
			char *f = arena_alloc(t->arena, strlen(path) + 1);
			if (!f)
				return 0;
			strcpy(f, path);
			t->result_file = f;
			return 1;
		}
		s = e ? e + 1 : s + n;
	}
	return 0;
}

void lit_read_expected(struct lit_test *t)
{
	size_t n = strlen(t->file);
	char *paths[2] = { xasprintf("%s.expected", t->file), NULL };
	if (n > 7 && !strcmp(t->file + n - 7, ".litmus"))
		paths[1] = xasprintf("%.*s.expected", (int)(n - 7), t->file);
	for (int k = 0; k < 2 && !t->result[0]; k++) {
		char *text = paths[k] ? read_file_max(paths[k], (size_t)1 << 24, NULL) : NULL;
		if (text)
			observation(t, text, paths[k]);
		free(text);
	}
	free(paths[0]);
	free(paths[1]);
}
