/*
 * main.c - native-tool: explores the real machine code of each matrix cell (see README.md).
 */
#include <stdio.h>
#include <string.h>

#include "cmds.h"

static const char usage[] =
	"usage: native-tool explore META.json VARIANT TARGET OPT OBJ          one cell, its JSON on stdout\n";

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs(usage, stderr);
		return 2;
	}
	const char *c = argv[1];
	if (!strcmp(c, "explore"))
		return cmd_explore(argc - 2, argv + 2);
	fputs(usage, stderr);
	return 2;
}
