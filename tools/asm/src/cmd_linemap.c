/*
 * cmd_linemap.c - `asm-tool linemap META.json`: after meta.sh has cut the variants of a course
 * example, add to its metadata "lines": {variant: [file line of each of the variant's lines]}
 * (diff_line_map). Every later step numbers lines by the example file through this map: the
 * disassembly's "src", the source pane (which lines a variant has), the explorer's engine and
 * its outcomes. A single-variant example is compiled as it is: no map (its lines are the file's).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmds.h"
#include "diff.h"
#include "example.h"
#include "util.h"

int cmd_linemap(int argc, char **argv)
{
	if (argc != 1) {
		fprintf(stderr, "usage: asm-tool linemap META.json\n");
		return 2;
	}
	json_t *meta = asm_load_json(argv[0]);
	if (!meta)
		return 1;
	int rc = 0;
	if (!meta_single(meta)) {
		const char *file = json_string_value(json_object_get(meta, "file"));
		json_t *original = read_lines(file), *lines = json_object();
		const char *v;
		json_t *src;
		if (!original) {
			fprintf(stderr, "%s:1: cannot read\n", file);
			rc = 1;
		}
		json_object_foreach(json_object_get(meta, "sources"), v, src) {
			json_t *vl = original ? read_lines(json_string_value(src)) : NULL;
			if (!vl) {
				if (original)
					fprintf(stderr,
						"%s:1: cannot read the %s variant's source %s\n",
						file, v, json_string_value(src));
				rc = 1;
				continue;
			}
			json_object_set_new(lines, v, diff_line_map(original, vl));
			json_decref(vl);
		}
		json_object_set_new(meta, "lines", lines);
		json_decref(original);
		if (!rc && write_json_file(argv[0], meta, ASM_JSON_FLAGS) != 0) {
			fprintf(stderr, "%s: cannot write: %s\n", argv[0], strerror(errno));
			rc = 1;
		}
	}
	json_decref(meta);
	return rc;
}
