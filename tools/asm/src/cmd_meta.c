/*
 * cmd_meta.c - `asm-tool meta`: validate an example's metadata, write build/data/meta/<id>.json.
 */
#include <stdio.h>

#include "cmds.h"
#include "meta.h"
#include "util.h"

int cmd_meta(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: asm-tool meta CONF EXAMPLE.c ID SRC_DIR OUT.json\n");
		return 2;
	}
	char err[1024];
	struct conf conf;
	if (conf_load(&conf, argv[0], err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	static struct meta m;
	if (meta_parse(&m, argv[1], argv[2], &conf, err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	json_t *j = meta_json(&m, argv[3]);
	int r = write_json(argv[4], j);
	json_decref(j);
	/* one line per variant for meta.sh: "<variant> <all flags> <variant flags>" */
	for (int i = 0; i < m.nvariants && !r; i++) {
		int v = m.variants[i];
		printf("%s %s %s\n", meta_variant_names[v], m.cflags[0], m.cflags[1 + v]);
	}
	return r ? 1 : 0;
}
