/*
 * cli_check.c - `sandbox check`: the submission checks of scan.h on one preprocessor's view.
 *
 *   sandbox check --source FILE [--allow PATH]... [--deps FILE] [--preprocessed FILE]
 *
 * FILE is the submission as the preprocessor was given it; --allow names the files it may read
 * (the submission is always allowed; course.h is given here); --deps is the preprocessor's -MD
 * list, --preprocessed its -E output. Prints one "file:line: message" per finding on stdout.
 * Exit status: 0 clean, 1 findings, 2 usage or unreadable input (nothing is assumed clean).
 */
#define _GNU_SOURCE
#include "cli.h"

#include "buf.h"
#include "scan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ALLOW 16
#define MAX_INPUT (256u << 20)

static int usage(void)
{
	fprintf(stderr,
		"usage: sandbox check --source FILE [--allow PATH]... [--deps FILE] [--preprocessed FILE]\n");
	return 2;
}

static char *load(const char *path, size_t *len)
{
	char *s = read_file_max(path, MAX_INPUT, len);
	if (!s)
		fprintf(stderr, "sandbox check: %s: %s\n", path, strerror(errno));
	return s;
}

int cli_check(int argc, char **argv)
{
	const char *allow[MAX_ALLOW + 1];
	struct scan_opts o = { .allow = allow };
	const char *deps = NULL, *pre = NULL;
	for (int i = 1; i < argc; i += 2) {
		if (i + 1 >= argc)
			return usage();
		if (!strcmp(argv[i], "--source"))
			o.source = argv[i + 1];
		else if (!strcmp(argv[i], "--allow") && o.nallow < MAX_ALLOW)
			allow[o.nallow++] = argv[i + 1];
		else if (!strcmp(argv[i], "--deps"))
			deps = argv[i + 1];
		else if (!strcmp(argv[i], "--preprocessed"))
			pre = argv[i + 1];
		else
			return usage();
	}
	if (!o.source || (!deps && !pre))
		return usage();
	allow[o.nallow++] = o.source;
	char *src = read_file_max(o.source, MAX_INPUT, NULL);
	o.source_text = src;
	struct buf out = { 0 };
	int status = 0, n = 0;
	if (pre) {
		size_t len;
		char *text = load(pre, &len);
		if (!text)
			status = 2;
		else
			n += scan_preprocessed(text, len, &o, &out);
		free(text);
	}
	if (deps && !status) {
		char *text = load(deps, NULL);
		char *reported = strdup(buf_str(&out)); /* out grows while scan_deps reads this */
		o.reported = reported;
		if (!text || !reported)
			status = 2;
		else
			n += scan_deps(text, &o, &out);
		free(reported);
		free(text);
	}
	fputs(buf_str(&out), stdout);
	buf_free(&out);
	free(src);
	return status ? status : n ? 1 : 0;
}
