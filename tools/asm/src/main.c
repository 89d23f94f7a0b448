/*
 * main.c - asm-tool: metadata, disassembly analysis, evidence and page data for the examples.
 */
#include <stdio.h>
#include <string.h>

#include "cmds.h"

static const char usage[] =
	"usage: asm-tool meta CONF EXAMPLE.c ID SRC_DIR OUT.json [CELL...]\n"
	"       asm-tool matrix CONF --make|--json\n"
	"       asm-tool pred outcome|evidence NAMES-JSON EXPR...\n"
	"       asm-tool linemap META.json\n"
	"       asm-tool plan CONF META.json [TARGET...]\n"
	"       asm-tool analyze META.json TARGET ARCH VERSION OUT.json OPT:VARIANT:DIS[:INTEL]...\n"
	"       asm-tool collect CONF DATA_DIR [--no-evidence] ID...\n"
	"       asm-tool check EVIDENCE.json\n"
	"       asm-tool dump ARCH MAIN_FILE DIS [SHARED...]\n";

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs(usage, stderr);
		return 2;
	}
	const char *c = argv[1];
	if (!strcmp(c, "meta"))
		return cmd_meta(argc - 2, argv + 2);
	if (!strcmp(c, "analyze"))
		return cmd_analyze(argc - 2, argv + 2);
	if (!strcmp(c, "collect"))
		return cmd_collect(argc - 2, argv + 2);
	if (!strcmp(c, "check"))
		return cmd_check(argc - 2, argv + 2);
	if (!strcmp(c, "matrix"))
		return cmd_matrix(argc - 2, argv + 2);
	if (!strcmp(c, "plan"))
		return cmd_plan(argc - 2, argv + 2);
	if (!strcmp(c, "pred"))
		return cmd_pred(argc - 2, argv + 2);
	if (!strcmp(c, "linemap"))
		return cmd_linemap(argc - 2, argv + 2);
	if (!strcmp(c, "dump"))
		return cmd_dump(argc - 2, argv + 2);
	fputs(usage, stderr);
	return 2;
}
