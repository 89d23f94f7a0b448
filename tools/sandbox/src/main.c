/*
 * main.c - the sandbox tool: `sandbox run` runs one grading step on untrusted input under
 * bubblewrap and limits, `sandbox check` checks a submission's preprocessed view, `sandbox probe`
 * says whether bubblewrap can create a sandbox here (tools/sandbox/README.md).
 */
#include "bwrap.h"
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_probe(int argc, char **argv)
{
	(void)argc, (void)argv;
	struct buf why = { 0 };
	int ok = bwrap_probe(getenv("SANDBOX_BWRAP"), &why) == 0;
	if (!ok)
		printf("bubblewrap cannot create a sandbox on this machine: %s\n", buf_str(&why));
	buf_free(&why);
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "run"))
		return cli_run(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "check"))
		return cli_check(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "probe"))
		return cli_probe(argc - 1, argv + 1);
	fprintf(stderr, "usage: sandbox run|check|probe ... (tools/sandbox/README.md)\n");
	return 2;
}
