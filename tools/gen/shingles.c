/* shingles: 12-word runs, their hashes and hash lists. */
#include "shingles.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

static int word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* A ring of the last SHINGLE_WORDS words: start offset, length and line of each. */
struct ring {
	size_t start[SHINGLE_WORDS], len[SHINGLE_WORDS];
	int line[SHINGLE_WORDS];
	size_t n; /* words seen so far */
};

void shingles_each(const char *text, size_t len, shingle_fn fn, void *ctx)
{
	struct ring r = { .n = 0 };
	struct buf run = { 0 };
	int line = 1;
	size_t i = 0;
	while (i < len) {
		if (!word_byte((unsigned char)text[i])) {
			line += text[i] == '\n';
			i++;
			continue;
		}
		size_t s = i;
		while (i < len && word_byte((unsigned char)text[i]))
			i++;
		size_t k = r.n % SHINGLE_WORDS;
		r.start[k] = s;
		r.len[k] = i - s;
		r.line[k] = line;
		if (++r.n < SHINGLE_WORDS)
			continue;
		run.len = 0;
		for (size_t w = 0; w < SHINGLE_WORDS; w++) {
			size_t j = (r.n + w) % SHINGLE_WORDS; /* oldest first */
			if (w)
				buf_putc(&run, ' ');
			for (size_t c = 0; c < r.len[j]; c++) {
				char ch = text[r.start[j] + c];
				buf_putc(&run,
					 ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch);
			}
		}
		fn(ctx, hash_bytes(run.data, run.len), r.line[r.n % SHINGLE_WORDS], run.data);
	}
	buf_free(&run);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void sort_unique(struct shingle_set *set)
{
	if (!set->n)
		return;
	qsort(set->hashes, set->n, sizeof *set->hashes, cmp_u64);
	size_t k = 1;
	for (size_t i = 1; i < set->n; i++)
		if (set->hashes[i] != set->hashes[k - 1])
			set->hashes[k++] = set->hashes[i];
	set->n = k;
}

int shingle_set_load(struct shingle_set *set, const char *path)
{
	char *text = read_file(path, NULL);
	if (!text)
		return diag_at(path, 0, "cannot read the shingle hash list: %s", strerror(errno));
	int line = 0, rc = 0;
	for (char *p = text; *p && rc == 0;) {
		char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		line++;
		if (n && p[0] != '#') {
			char *end;
			uint64_t h = strtoull(p, &end, 16);
			if (n != 16 || end != p + 16)
				rc = diag_at(path, line, "not a 16-digit hex hash: '%.*s'", (int)n,
					     p);
			set->hashes = xrealloc(set->hashes, (set->n + 1) * sizeof *set->hashes);
			set->hashes[set->n++] = h;
		}
		p += n + (e != NULL);
	}
	free(text);
	sort_unique(set);
	return rc;
}

int shingle_set_contains(const struct shingle_set *set, uint64_t hash)
{
	return set->n && bsearch(&hash, set->hashes, set->n, sizeof hash, cmp_u64) != NULL;
}

void shingle_set_free(struct shingle_set *set)
{
	free(set->hashes);
	memset(set, 0, sizeof *set);
}

static void collect(void *ctx, uint64_t hash, int line, const char *words)
{
	struct shingle_set *set = ctx;
	(void)line;
	(void)words;
	set->hashes = xrealloc(set->hashes, (set->n + 1) * sizeof *set->hashes);
	set->hashes[set->n++] = hash;
}

int shingles_write_list(const char *path, FILE *out)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text)
		return diag_at(path, 0, "cannot read the source text: %s", strerror(errno));
	struct shingle_set set = { 0 };
	shingles_each(text, len, collect, &set);
	free(text);
	sort_unique(&set);
	fprintf(out,
		"# XXH3-64 hashes of every normalised %d-word run of a source text (tools/gen/shingles.h);\n"
		"# regenerate: sitegen --shingle-hashes SOURCE > this file. %zu hashes.\n",
		SHINGLE_WORDS, set.n);
	for (size_t i = 0; i < set.n; i++)
		fprintf(out, "%016" PRIx64 "\n", set.hashes[i]);
	shingle_set_free(&set);
	return ferror(out) ? diag_at(path, 0, "cannot write the hash list") : 0;
}
