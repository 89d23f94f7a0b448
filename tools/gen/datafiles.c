/* datafiles: JSON data files read while rendering (parsed once per run) and the recorder that adds every
 * file a render reads to the output's dependencies in the state. */
#include "datafiles.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "scriptjson.h"
#include "util.h"

struct json_entry {
	char *path;
	json_t *json; /* NULL: absent */
	struct json_entry *next;
};

static struct json_entry *json_cache;
static struct state_output *deps_out, *capture_out;

void datafiles_add_dep(const char *path, uint64_t hash)
{
	if (deps_out)
		state_add_dep(deps_out, path, hash);
	if (capture_out)
		state_add_dep(capture_out, path, hash);
}

static void dep_cb(void *ctx, const char *path, uint64_t hash)
{
	(void)ctx;
	datafiles_add_dep(path, hash);
}

void datafiles_capture_deps(struct state_output *o)
{
	capture_out = o;
}

void datafiles_record_deps(struct engine *e, struct state_output *o)
{
	deps_out = o;
	engine_set_deps(e, dep_cb, NULL);
}

/* Loads path once per run (script: a data script's payload) and records it as a dependency. */
static int load(const char *path, int script, json_t **json)
{
	struct json_entry *e;
	for (e = json_cache; e; e = e->next)
		if (!strcmp(e->path, path))
			break;
	if (!e) {
		size_t len;
		char *text = read_file(path, &len);
		e = xcalloc(1, sizeof *e);
		e->path = xstrdup(path);
		if (text) {
			json_error_t err;
			e->json = script ? script_json_data_read(text, len, &err) :
					   json_loadb(text, len, 0, &err);
			free(text);
			if (!e->json) {
				free(e->path);
				free(e);
				return diag_at(path, err.line, "invalid %s: %s",
					       script ? "data script" : "JSON", err.text);
			}
		}
		e->next = json_cache;
		json_cache = e;
	}
	dep_cb(NULL, path, hash_file(path));
	*json = e->json;
	return 0;
}

int datafiles_load(const char *path, json_t **json)
{
	return load(path, 0, json);
}

int datafiles_load_script(const char *path, json_t **json)
{
	return load(path, 1, json);
}

void datafiles_free(void)
{
	while (json_cache) {
		struct json_entry *e = json_cache;
		json_cache = e->next;
		json_decref(e->json);
		free(e->path);
		free(e);
	}
	deps_out = NULL;
	capture_out = NULL;
}
