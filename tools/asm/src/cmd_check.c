/*
 * cmd_check.c - `asm-tool check`: the evidence test. Prints every failure collect found, as
 * file:line: message, and fails when there is one: a variant's evidence that does not hold where it
 * must (fixed and transformed: every cell; plain: the cells of its evidence-on, or every cell
 * without one), a plain variant's evidence that holds on a cell its evidence-on does not list, a
 * transformation not seen in the transformed variant's code or seen in the fixed variant's.
 */
#include <stdio.h>

#include "cmds.h"
#include "util.h"

int cmd_check(int argc, char **argv)
{
	if (argc != 1) {
		fprintf(stderr, "usage: asm-tool check EVIDENCE.json\n");
		return 2;
	}
	json_t *ev = asm_load_json(argv[0]);
	if (!ev)
		return 1;
	json_t *failures = json_object_get(ev, "failures");
	size_t i, nres = 0, nexp = 0;
	json_t *f, *ex;
	json_array_foreach(json_object_get(ev, "examples"), i, ex) {
		size_t k;
		json_t *r;
		json_array_foreach(json_object_get(ex, "results"), k, r) {
			nres++;
			nexp += json_is_true(json_object_get(r, "expected"));
		}
	}
	json_array_foreach(failures, i, f)
		fprintf(stderr, "%s:%d: %s (example %s)\n",
			json_string_value(json_object_get(f, "file")),
			(int)json_integer_value(json_object_get(f, "line")),
			json_string_value(json_object_get(f, "message")),
			json_string_value(json_object_get(f, "id")));
	int bad = json_array_size(failures) > 0 || nres == 0;
	if (nres == 0)
		fprintf(stderr, "%s: no evidence results\n", argv[0]);
	if (!bad)
		printf("evidence-test: %zu results, %zu expected to hold, all hold\n", nres, nexp);
	json_decref(ev);
	return bad;
}
