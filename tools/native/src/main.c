/*
 * main.c - native-tool: explores the real machine code of each matrix cell (see README.md).
 */
#include <stdio.h>
#include <string.h>

#include "cmds.h"

static const char usage[] =
	"usage: native-tool explore META.json VARIANT TARGET OPT OBJ            one cell, its JSON on stdout\n"
	"       native-tool cells META.json TARGET ARCH OBJS OUT.json CACHE_DIR  one example x target (make)\n"
	"       native-tool collect DATA_DIR ID TARGET...                         one example's data and page scripts\n"
	"       native-tool crosscheck DATA_DIR GAPS ID...                        native against WebAssembly outcomes\n"
	"       native-tool behaviour DATA_DIR ID...                              bad outcomes and the cells that reach them\n";

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs(usage, stderr);
		return 2;
	}
	const char *c = argv[1];
	if (!strcmp(c, "explore"))
		return cmd_explore(argc - 2, argv + 2);
	if (!strcmp(c, "cells"))
		return cmd_cells(argc - 2, argv + 2);
	if (!strcmp(c, "collect"))
		return cmd_collect(argc - 2, argv + 2);
	if (!strcmp(c, "crosscheck"))
		return cmd_crosscheck(argc - 2, argv + 2);
	if (!strcmp(c, "behaviour"))
		return cmd_behaviour(argc - 2, argv + 2);
	fputs(usage, stderr);
	return 2;
}
