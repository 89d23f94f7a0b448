/*
 * util.c - error texts and a JSON lookup (see util.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void errf(char *err, size_t errlen, const char *fmt, ...)
{
	if (!err || !errlen)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n >= errlen && errlen > 4)
		memcpy(err + errlen - 4, "...", 4);
}

json_t *json_find(json_t *array, const char *field, const char *value)
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
