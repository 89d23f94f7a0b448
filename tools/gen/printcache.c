/* printcache: per-page print bodies kept between runs (see printcache.h). */
#include "printcache.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "util.h"

struct pending {
	char *path;
	char *data; /* header line + body */
	size_t len;
};

static char *cache_dir;
static struct pending *pending;
static size_t npending;
static uint64_t (*current_hash)(const char *path);

void printcache_init(const char *state_path, uint64_t (*hash)(const char *path))
{
	free(cache_dir);
	current_hash = hash;
	const char *slash = strrchr(state_path, '/');
	cache_dir = slash ? xasprintf("%.*s/print", (int)(slash - state_path), state_path) :
			    xstrdup("print");
}

static char *entry_path(const char *print_id)
{
	return xasprintf("%s/%s.html", cache_dir, print_id);
}

/* "sitegen-print 2 <key>\n", a line "D <hash> <path>\n" per file, "\n" */
static void header(struct buf *b, uint64_t key)
{
	buf_printf(b, "sitegen-print 2 %016" PRIx64 "\n", key);
}

/* Parses the dependency lines of an entry at p (after its first line) into deps; returns the body
 * (after the empty line), or NULL when the header is malformed or a file's hash changed. */
static const char *check_deps(const char *p, struct state_output *deps)
{
	while (*p != '\n') {
		uint64_t h;
		int off = 0;
		const char *nl = strchr(p, '\n');
		if (!nl || sscanf(p, "D %" SCNx64 " %n", &h, &off) != 1 || !off || p + off >= nl)
			return NULL;
		char *path = xstrndup(p + off, (size_t)(nl - p - off));
		int same = current_hash && current_hash(path) == h;
		if (same)
			state_add_dep(deps, path, h);
		free(path);
		if (!same)
			return NULL;
		p = nl + 1;
	}
	return p + 1;
}

char *printcache_get(const char *print_id, uint64_t key, struct state_output *deps)
{
	if (!cache_dir)
		return NULL;
	char *path = entry_path(print_id);
	size_t len;
	char *text = read_file(path, &len);
	free(path);
	if (!text)
		return NULL;
	struct buf want = { 0 };
	header(&want, key);
	char *body = NULL;
	if (len >= want.len && !memcmp(text, want.data, want.len)) {
		const char *b = check_deps(text + want.len, deps);
		if (b)
			body = xstrndup(b, len - (size_t)(b - text));
		else
			state_output_free_deps(deps);
	}
	buf_free(&want);
	free(text);
	return body;
}

void printcache_put(const char *print_id, uint64_t key, const struct state_output *deps,
		    const char *html, size_t len)
{
	if (!cache_dir)
		return;
	struct buf b = { 0 };
	header(&b, key);
	for (size_t i = 0; i < deps->ndeps; i++)
		buf_printf(&b, "D %016" PRIx64 " %s\n", deps->deps[i].hash, deps->deps[i].path);
	buf_putc(&b, '\n');
	buf_put(&b, html, len);
	pending = xrealloc(pending, (npending + 1) * sizeof *pending);
	pending[npending].path = entry_path(print_id);
	pending[npending].len = b.len;
	pending[npending].data = buf_take(&b);
	npending++;
}

void printcache_commit(void)
{
	for (size_t i = 0; i < npending; i++)
		write_file_atomic(pending[i].path, pending[i].data, pending[i].len);
}

void printcache_free(void)
{
	for (size_t i = 0; i < npending; i++) {
		free(pending[i].path);
		free(pending[i].data);
	}
	free(pending);
	pending = NULL;
	npending = 0;
	free(cache_dir);
	cache_dir = NULL;
	current_hash = NULL;
}
