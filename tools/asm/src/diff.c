/*
 * diff.c - LCS line diff of two small files (see diff.h).
 */
#include "diff.h"

#include <stdlib.h>
#include <string.h>

static const char *line(json_t *a, size_t i)
{
	return json_string_value(json_array_get(a, i));
}

json_t *diff_lines(json_t *a, json_t *b)
{
	size_t n = json_array_size(a), m = json_array_size(b);
	int *t = calloc((n + 1) * (m + 1), sizeof *t);
	json_t *out = json_array();
	if (!t)
		return out;
#define T(i, j) t[(i) * (m + 1) + (j)]
	for (size_t i = n; i-- > 0;)
		for (size_t j = m; j-- > 0;)
			T(i, j) = strcmp(line(a, i), line(b, j)) == 0 ?
					  T(i + 1, j + 1) + 1 :
					  (T(i + 1, j) > T(i, j + 1) ? T(i + 1, j) : T(i, j + 1));
	size_t i = 0, j = 0;
	while (i < n || j < m) {
		if (i < n && j < m && strcmp(line(a, i), line(b, j)) == 0) {
			json_array_append_new(out, json_pack("{s:s, s:i, s:i, s:s}", "op", " ", "a",
							     (int)i + 1, "b", (int)j + 1, "text",
							     line(a, i)));
			i++, j++;
		} else if (j < m && (i == n || T(i, j + 1) >= T(i + 1, j))) {
			json_array_append_new(out,
					      json_pack("{s:s, s:i, s:i, s:s}", "op", "+", "a", 0,
							"b", (int)j + 1, "text", line(b, j)));
			j++;
		} else {
			json_array_append_new(out,
					      json_pack("{s:s, s:i, s:i, s:s}", "op", "-", "a",
							(int)i + 1, "b", 0, "text", line(a, i)));
			i++;
		}
	}
#undef T
	free(t);
	return out;
}
