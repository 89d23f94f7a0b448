/*
 * cmd_meta.c - `asm-tool meta`: validate an example, write build/data/meta/<id>.json.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmds.h"
#include "example.h"
#include "util.h"

int cmd_meta(int argc, char **argv)
{
	if (argc < 5) {
		fprintf(stderr,
			"usage: asm-tool meta CONF EXAMPLE.c ID SRC_DIR OUT.json [CELL...]\n");
		return 2;
	}
	char err[1200];
	static struct conf conf;
	if (conf_load(&conf, argv[0], err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	struct meta_opts o = { argv[3], (const char *const *)argv + 5, argc - 5 };
	json_t *m = meta_parse(argv[1], argv[2], &conf, &o, err, sizeof err);
	if (!m) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	int r = write_json_file(argv[4], m, ASM_JSON_FLAGS);
	if (r)
		fprintf(stderr, "%s: cannot write: %s\n", argv[4], strerror(errno));
	/* the variants meta.sh cuts from the file with unifdef, one per line */
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(m, "variants"), i, v)
		if (!r && !meta_single(m))
			printf("%s\n", json_string_value(v));
	json_decref(m);
	conf_free(&conf);
	return r ? 1 : 0;
}
