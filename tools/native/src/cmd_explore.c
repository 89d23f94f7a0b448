/*
 * cmd_explore.c - `native-tool explore [--tso] [--armv8] [--model=M] META.json VARIANT TARGET OPT
 * OBJ`: one cell, its result JSON (indented) on stdout; for debugging and for the tests. TARGET
 * is compiler/arch; --tso (x86 targets) adds the cell under x86-TSO ("tso", with traces);
 * --armv8 (aarch64 targets) under the Armv8 model ("armv8"), --model=M under model M of
 * tools/model (a broken one, for the tests).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cell.h"
#include "cmds.h"
#include "util.h"
#include "workdir.h"

int cmd_explore(int argc, char **argv)
{
	int tso = 0, armv8 = 0, model = MM_ARMV8;
	for (; argc > 0 && !strncmp(argv[0], "--", 2); argc--, argv++) {
		enum mm_model_id m;
		if (!strcmp(argv[0], "--tso"))
			tso = 1;
		else if (!strcmp(argv[0], "--armv8"))
			armv8 = 1;
		else if (!strncmp(argv[0], "--model=", 8) && mm_model_parse(argv[0] + 8, &m) == 0)
			model = m, armv8 = 1;
		else
			argc = -1;
	}
	if (argc != 5) {
		fputs("usage: native-tool explore [--tso] [--armv8] [--model=M] META.json VARIANT "
		      "TARGET OPT OBJ\n",
		      stderr);
		return 2;
	}
	char err[512];
	struct nmeta meta;
	if (nmeta_load(&meta, argv[0], err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	const char *slash = strchr(argv[2], '/');
	const struct arch *a = slash ? arch_find(slash + 1) : NULL;
	if (!a) {
		fprintf(stderr, "native-tool: target '%s' is not compiler/arch with a known arch\n",
			argv[2]);
		nmeta_free(&meta);
		return 2;
	}
	char *dir = workdir_new();
	struct cell c = { .meta = &meta,
			  .variant = argv[1],
			  .target = argv[2],
			  .opt = argv[3],
			  .arch = a,
			  .obj = argv[4],
			  .workdir = dir };
	cell_defaults(&c);
	c.tso = c.tso_traces = tso;
	c.armv8 = armv8;
	c.a8.model = (enum mm_model_id)model;
	json_t *r = cell_run(&c);
	char *s = json_dumps(r, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	puts(s);
	int rc = strcmp(json_string_value(json_object_get(r, "status")), "ok") ? 1 : 0;
	free(s);
	json_decref(r);
	workdir_free(dir);
	nmeta_free(&meta);
	return rc;
}
