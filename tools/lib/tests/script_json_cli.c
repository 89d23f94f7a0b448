/*
 * script_json_cli.c - for tools/lib/tests/script-json.test.js: prints script_json() (members in
 * their order) of each case's "value" in the fixture FILE (tests/fixtures/script-json.json), one
 * line each (the text has no raw newline), so that node can compare it with the JavaScript copy.
 */
#include <stdio.h>
#include <stdlib.h>

#include "scriptjson.h"

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: script-json FIXTURE\n");
		return 2;
	}
	json_error_t e;
	json_t *f = json_load_file(argv[1], JSON_ALLOW_NUL, &e);
	if (!f) {
		fprintf(stderr, "%s:%d: %s\n", argv[1], e.line, e.text);
		return 2;
	}
	json_t *c;
	size_t i;
	int rc = 0;
	json_array_foreach(json_object_get(f, "cases"), i, c) {
		char *s = script_json(json_object_get(c, "value"), 0);
		if (s)
			printf("%s\n", s);
		else
			rc = 1;
		free(s);
	}
	json_decref(f);
	return rc;
}
