/*
 * diff.c - LCS line diff of two small files (see diff.h).
 */
#include "diff.h"

#include <ctype.h>
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

json_t *diff_line_map(json_t *original, json_t *variant)
{
	size_t n = json_array_size(variant), i;
	json_t *map = json_array(), *d = diff_lines(original, variant), *e;
	for (i = 0; i < n; i++)
		json_array_append_new(map, json_integer(0));
	json_array_foreach(d, i, e) {
		json_int_t a = json_integer_value(json_object_get(e, "a"));
		json_int_t b = json_integer_value(json_object_get(e, "b"));
		if (a && b && (size_t)b <= n)
			json_array_set_new(map, (size_t)b - 1, json_integer(a));
	}
	json_decref(d);
	return map;
}

/* "jne 1c <t1+0x1c>" -> "jne <target>", ".L12" -> ".L": what a diff of two listings should ignore. */
static json_t *normalized(const char *t)
{
	size_t n = strlen(t), k = 0;
	char *s = malloc(n + 1);
	if (!s)
		return json_string("");
	for (size_t i = 0; i < n;) {
		size_t h = i;
		while (h < n && ((t[h] >= '0' && t[h] <= '9') || (t[h] >= 'a' && t[h] <= 'f')))
			h++;
		int word_start = i == 0 || !(isalnum((unsigned char)t[i - 1]) || t[i - 1] == '_');
		if (h > i && word_start && t[h] == ' ' && t[h + 1] == '<' && strchr(t + h, '>')) {
			memcpy(s + k, "<target>", 8);
			k += 8;
			i = (size_t)(strchr(t + h, '>') - t) + 1;
		} else if (t[i] == '.' && t[i + 1] == 'L' && isdigit((unsigned char)t[i + 2])) {
			size_t j = i + 2;
			while (isdigit((unsigned char)t[j]))
				j++;
			if (isalnum((unsigned char)t[j]) || t[j] == '_') {
				s[k++] = t[i++];
				continue;
			}
			memcpy(s + k, ".L", 2);
			k += 2;
			i = j;
		} else {
			s[k++] = t[i++];
		}
	}
	s[k] = '\0';
	json_t *j = json_string(s);
	free(s);
	return j;
}

static json_t *flat_texts(json_t *fns)
{
	json_t *out = json_array();
	size_t i, k;
	json_t *fn, *in;
	json_array_foreach(fns, i, fn)
		json_array_foreach(json_object_get(fn, "insns"), k, in)
			json_array_append_new(
				out, normalized(json_string_value(json_object_get(in, "text"))));
	return out;
}

json_t *diff_insns(json_t *a, json_t *b)
{
	json_t *ta = flat_texts(a), *tb = flat_texts(b), *d = diff_lines(ta, tb),
	       *out = json_array();
	size_t i;
	json_t *e;
	json_array_foreach(d, i, e)
		json_array_append_new(out,
				      json_pack("[O, O, O]", json_object_get(e, "op"),
						json_object_get(e, "a"), json_object_get(e, "b")));
	json_decref(ta);
	json_decref(tb);
	json_decref(d);
	return out;
}
