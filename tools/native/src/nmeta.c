/*
 * nmeta.c - reads an example's metadata JSON (see nmeta.h).
 */
#include "nmeta.h"

#include <string.h>

#include "util.h"

static char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? xstrdup(s) : NULL;
}

static int add_vars(struct nmeta *m, json_t *list, int shared)
{
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v) {
		struct nvar *x = &m->vars[m->nvars++];
		x->name = str(v, "name");
		x->type = str(v, "type");
		x->shared = shared;
		x->is_static = json_is_true(json_object_get(v, "static"));
		x->line = (int)json_integer_value(json_object_get(v, "line"));
		if (!x->name || !x->type)
			return -1;
	}
	return 0;
}

/* The variant's "lines" map into m->lines[k]: -1 when it is not an array of line numbers. */
static int load_lines(struct nmeta *m, int k, json_t *map)
{
	if (!json_is_array(map))
		return -1;
	m->nlines[k] = (int)json_array_size(map);
	m->lines[k] = xcalloc((size_t)m->nlines[k] + 1, sizeof *m->lines[k]);
	size_t i;
	json_t *n;
	json_array_foreach(map, i, n) {
		if (!json_is_integer(n) || json_integer_value(n) < 0 ||
		    json_integer_value(n) > 1000000)
			return -1;
		m->lines[k][i] = (int)json_integer_value(n);
	}
	return 0;
}

static int load(struct nmeta *m, json_t *j)
{
	m->id = str(j, "id");
	m->file = str(j, "file");
	json_t *threads = json_object_get(j, "threads"), *outcome = json_object_get(j, "outcome");
	json_t *shared = json_object_get(j, "shared"), *observed = json_object_get(j, "observed");
	json_t *variants = json_object_get(j, "variants"), *sources = json_object_get(j, "sources");
	if (!m->id || !m->file || !json_is_array(threads) || !json_is_array(outcome) ||
	    !json_is_array(shared) || !json_is_array(observed) || !json_is_array(variants) ||
	    !json_is_object(sources))
		return -1;
	if (json_array_size(threads) < 1 || json_array_size(threads) > MACHINE_MAX_THREADS ||
	    json_array_size(variants) > 3)
		return -1;
	size_t i;
	json_t *v;
	json_array_foreach(threads, i, v) {
		if (!json_is_string(v))
			return -1;
		m->threads[m->nthreads++] = xstrdup(json_string_value(v));
	}
	m->vars = xcalloc(json_array_size(shared) + json_array_size(observed) + 1, sizeof *m->vars);
	if (add_vars(m, shared, 1) != 0 || add_vars(m, observed, 0) != 0)
		return -1;
	m->outcome = xcalloc(json_array_size(outcome) + 1, sizeof *m->outcome);
	json_array_foreach(outcome, i, v) {
		if (!json_is_string(v) || !nmeta_var(m, json_string_value(v)))
			return -1;
		m->outcome[m->noutcome++] = xstrdup(json_string_value(v));
	}
	json_t *lines = json_object_get(j, "lines");
	json_array_foreach(variants, i, v) {
		if (!json_is_string(v))
			return -1;
		int k = m->nvariants++;
		m->variants[k] = xstrdup(json_string_value(v));
		m->sources[k] = str(sources, json_string_value(v));
		if (lines && load_lines(m, k, json_object_get(lines, m->variants[k])) != 0)
			return -1;
	}
	m->has_init = json_is_true(json_object_get(j, "has_init"));
	m->has_check = json_is_true(json_object_get(j, "has_check"));
	return 0;
}

int nmeta_load(struct nmeta *m, const char *path, char *err, size_t errlen)
{
	memset(m, 0, sizeof *m);
	json_error_t e;
	json_t *j = json_load_file(path, 0, &e);
	if (!j) {
		fmt_msg(err, errlen, "%s:%d: %s", path, e.line, e.text);
		return -1;
	}
	int rc = load(m, j);
	json_decref(j);
	if (rc != 0) {
		fmt_msg(err, errlen, "%s: not the metadata of an example (see examples/README.md)",
			path);
		nmeta_free(m);
	}
	return rc;
}

void nmeta_free(struct nmeta *m)
{
	free(m->id);
	free(m->file);
	for (int i = 0; i < m->nthreads; i++)
		free(m->threads[i]);
	for (int i = 0; i < m->nvars; i++) {
		free(m->vars[i].name);
		free(m->vars[i].type);
	}
	free(m->vars);
	for (int i = 0; i < m->noutcome; i++)
		free(m->outcome[i]);
	free(m->outcome);
	for (int i = 0; i < m->nvariants; i++) {
		free(m->variants[i]);
		free(m->sources[i]);
		free(m->lines[i]);
	}
	memset(m, 0, sizeof *m);
}

const struct nvar *nmeta_var(const struct nmeta *m, const char *name)
{
	for (int i = 0; i < m->nvars; i++)
		if (!strcmp(m->vars[i].name, name))
			return &m->vars[i];
	return NULL;
}

const char *nmeta_source(const struct nmeta *m, const char *variant)
{
	for (int i = 0; i < m->nvariants; i++)
		if (!strcmp(m->variants[i], variant))
			return m->sources[i];
	return NULL;
}

int nmeta_file_line(const struct nmeta *m, const char *variant, int line)
{
	for (int i = 0; i < m->nvariants; i++) {
		if (strcmp(m->variants[i], variant) != 0)
			continue;
		if (!m->lines[i])
			return line > 0 ? line : 0;
		return line > 0 && line <= m->nlines[i] ? m->lines[i][line - 1] : 0;
	}
	return 0;
}
