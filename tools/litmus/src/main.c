/*
 * main.c - litmus-tool: Linux kernel C litmus tests checked, run by the reference enumerator
 * under SC and x86-TSO, and converted into course examples (tools/litmus/README.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmds.h"

static const char usage[] = /* a format: the default budget */
	"usage: litmus-tool check FILE...\n"
	"       litmus-tool run [--model sc|tso] [--max-states N] FILE\n"
	"       litmus-tool json [--max-states N] FILE ID OUT.json\n"
	"       litmus-tool convert [--page SLUG] [--source NAME] [--max-states N] FILE OUT.c\n"
	"       litmus-tool import [--page SLUG] [--max-states N] [--jobs N] DIR OUT_DIR\n"
	"       litmus-tool examples [--page SLUG] [--max-states N] DIR LIST OUT_DIR\n"
	"--max-states N: the reference's search stops after N states (default %llu) and its\n"
	"result is partial, never a verdict; --jobs N: files imported in N processes at once\n";

static void print_usage(void)
{
	fprintf(stderr, usage, LIT_DEFAULT_MAX_STATES);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		print_usage();
		return 2;
	}
	static const struct {
		const char *name;
		int (*fn)(int, char **);
	} cmds[] = { { "check", cmd_check },   { "run", cmd_run },
		     { "json", cmd_json },     { "convert", cmd_convert },
		     { "import", cmd_import }, { "examples", cmd_examples } };
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (!strcmp(argv[1], cmds[i].name)) {
			int rc = cmds[i].fn(argc - 2, argv + 2);
			if (rc == 2)
				print_usage();
			return rc;
		}
	print_usage();
	return 2;
}
