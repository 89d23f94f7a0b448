/*
 * util.c - a JSON lookup, a JSON number and a subcommand's JSON file (see util.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

json_t *native_json_find(json_t *array, const char *field, const char *value)
{
	size_t i;
	json_t *o;
	json_array_foreach(array, i, o) {
		const char *v = json_string_value(json_object_get(o, field));
		if (v && !strcmp(v, value))
			return o;
	}
	return NULL;
}

json_t *native_json_u64(uint64_t v)
{
	if (v <= (1ull << 53))
		return json_integer((json_int_t)v);
	char s[32];
	xsnprintf(s, sizeof s, "%" PRIu64, v);
	return json_string(s);
}

int native_write_doc(const char *path, json_t *doc, int rc)
{
	if (rc == 0 && write_json_file(path, doc, NATIVE_JSON_FLAGS) != 0) {
		fprintf(stderr, "%s: cannot write\n", path);
		rc = 1;
	}
	json_decref(doc);
	return rc;
}
