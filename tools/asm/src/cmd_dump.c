/*
 * cmd_dump.c - `asm-tool dump`: print a classified listing as text (debugging, fixtures).
 * One line per instruction: address, L (in a loop) or space, source line, text, accesses.
 * With THREAD VAR USE: then the value flow of VAR's loads in THREAD to USE (evidence.h), a line
 * "loads_to N first_load_to P last_load_to P stale_loads_to N".
 */
#include <stdio.h>
#include <stdlib.h>

#include "classify.h"
#include "cmds.h"
#include "dis.h"
#include "evidence.h"
#include "util.h"

int cmd_dump(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: asm-tool dump ARCH MAIN_FILE DIS [THREAD VAR USE]\n");
		return 2;
	}
	char *text = read_file(argv[2], NULL);
	if (!text) {
		fprintf(stderr, "%s: cannot read\n", argv[2]);
		return 1;
	}
	struct dis d;
	char err[512];
	int rc = dis_parse(&d, arch_from_name(argv[0]), text, argv[2], argv[1], err, sizeof err);
	free(text);
	if (rc) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	for (int f = 0; f < d.nfuncs; f++) {
		struct func *fn = &d.funcs[f];
		classify_func(&d, fn);
		printf("%s:\n", fn->name);
		for (int i = 0; i < fn->n; i++) {
			const struct insn *in = &fn->insns[i];
			printf("  %4lx %c%c %3d  %-40s", in->addr, in->in_loop ? 'L' : ' ',
			       in->is_target ? '>' : ' ', in->line, in->text);
			for (int a = 0; a < in->nacc; a++)
				printf(" [%s %s+%ld w%d]", acc_kind_name(in->acc[a].kind),
				       d.syms[in->acc[a].var].name, in->acc[a].offset,
				       in->acc[a].width);
			printf("\n");
		}
	}
	if (argc >= 6) {
		struct flows fl;
		if (flows_thread(&d, argv[3], argv[4], argv[5], &fl, err, sizeof err)) {
			fprintf(stderr, "%s: %s\n", argv[2], err);
			dis_free(&d);
			return 1;
		}
		printf("loads_to %d first_load_to %d last_load_to %d stale_loads_to %d\n",
		       fl.loads_to, fl.first_load_to, fl.last_load_to, fl.stale_loads_to);
	}
	dis_free(&d);
	return 0;
}
