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

void printcache_init(const char *state_path)
{
	free(cache_dir);
	const char *slash = strrchr(state_path, '/');
	cache_dir = slash ? xasprintf("%.*s/print", (int)(slash - state_path), state_path) :
			    xstrdup("print");
}

static char *entry_path(const char *print_id)
{
	return xasprintf("%s/%s.html", cache_dir, print_id);
}

static void header(char *out, size_t n, uint64_t key)
{
	snprintf(out, n, "sitegen-print %016" PRIx64 "\n", key);
}

char *printcache_get(const char *print_id, uint64_t key)
{
	if (!cache_dir)
		return NULL;
	char *path = entry_path(print_id);
	size_t len;
	char *text = read_file(path, &len);
	free(path);
	if (!text)
		return NULL;
	char want[64];
	header(want, sizeof want, key);
	size_t hl = strlen(want);
	char *body = NULL;
	if (len >= hl && !memcmp(text, want, hl))
		body = xstrndup(text + hl, len - hl);
	free(text);
	return body;
}

void printcache_put(const char *print_id, uint64_t key, const char *html, size_t len)
{
	if (!cache_dir)
		return;
	char h[64];
	header(h, sizeof h, key);
	struct buf b = { 0 };
	buf_puts(&b, h);
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
}
