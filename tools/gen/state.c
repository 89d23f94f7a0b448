/* state: load, query and save the incremental-build record. */
#define _POSIX_C_SOURCE 200809L
#include "state.h"
#include "buf.h"

#include <inttypes.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "util.h"

static const struct state *sorting;

static int cmp_index(const void *a, const void *b)
{
	return strcmp(sorting->outputs[*(const size_t *)a].path,
		      sorting->outputs[*(const size_t *)b].path);
}

struct state_output *state_find(const struct state *cs, const char *output_path)
{
	struct state *s = (struct state *)cs; /* the index is a cache, not part of the value */
	if (!s->n)
		return NULL;
	if (!s->index) {
		s->index = xmalloc(s->n * sizeof *s->index);
		for (size_t i = 0; i < s->n; i++)
			s->index[i] = i;
		sorting = s;
		qsort(s->index, s->n, sizeof *s->index, cmp_index);
	}
	size_t lo = 0, hi = s->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(s->outputs[s->index[mid]].path, output_path);
		if (c == 0)
			return &s->outputs[s->index[mid]];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

struct state_output *state_add(struct state *s, const char *output_path, uint64_t key)
{
	free(s->index);
	s->index = NULL;
	s->outputs = xrealloc(s->outputs, (s->n + 1) * sizeof *s->outputs);
	struct state_output *o = &s->outputs[s->n++];
	memset(o, 0, sizeof *o);
	o->path = xstrdup(output_path);
	o->key = key;
	return o;
}

void state_add_dep(struct state_output *o, const char *path, uint64_t hash)
{
	for (size_t i = 0; i < o->ndeps; i++)
		if (!strcmp(o->deps[i].path, path))
			return;
	o->deps = xrealloc(o->deps, (o->ndeps + 1) * sizeof *o->deps);
	o->deps[o->ndeps].path = xstrdup(path);
	o->deps[o->ndeps].hash = hash;
	o->ndeps++;
}

void state_output_free_deps(struct state_output *o)
{
	for (size_t j = 0; j < o->ndeps; j++)
		free(o->deps[j].path);
	free(o->deps);
	o->deps = NULL;
	o->ndeps = 0;
}

void state_free(struct state *s)
{
	for (size_t i = 0; i < s->n; i++) {
		for (size_t j = 0; j < s->outputs[i].ndeps; j++)
			free(s->outputs[i].deps[j].path);
		free(s->outputs[i].deps);
		free(s->outputs[i].path);
		sideouts_free(&s->outputs[i].sides);
	}
	free(s->outputs);
	free(s->index);
	for (size_t i = 0; i < s->nfiles; i++) {
		free(s->files[i].path);
		free(s->files[i].stamp);
	}
	free(s->files);
	s->files = NULL;
	s->nfiles = 0;
	s->outputs = NULL;
	s->index = NULL;
	s->n = 0;
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const struct state_filehash *)a)->path,
		      ((const struct state_filehash *)b)->path);
}

static void add_filehash(struct state *s, const char *path, const char *stamp, uint64_t hash)
{
	s->files = xrealloc(s->files, (s->nfiles + 1) * sizeof *s->files);
	s->files[s->nfiles].path = xstrdup(path);
	s->files[s->nfiles].stamp = xstrdup(stamp);
	s->files[s->nfiles].hash = hash;
	s->nfiles++;
}

uint64_t state_hash_file(const struct state *old, struct state *next, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return 0;
	char stamp[96];
	xsnprintf(stamp, sizeof stamp, "%lld:%lld:%ld:%llu", (long long)st.st_size,
		  (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec,
		  (unsigned long long)st.st_ino);
	uint64_t h = 0;
	struct state_filehash key = { (char *)path, NULL, 0 };
	const struct state_filehash *f =
		old->nfiles ? bsearch(&key, old->files, old->nfiles, sizeof *old->files, cmp_file) :
			      NULL;
	if (f && !strcmp(f->stamp, stamp))
		h = f->hash;
	if (!h) {
		h = hash_file(path);
		next->rehashed++;
	}
	if (h)
		add_filehash(next, path, stamp, h);
	return h;
}

void state_load(const char *path, struct state *s)
{
	memset(s, 0, sizeof *s);
	char *text = read_file(path, NULL);
	if (!text)
		return;
	char *save = NULL;
	char *line = strtok_r(text, "\n", &save);
	int ok = line && !strcmp(line, "sitegen-state 1");
	struct state_output *cur = NULL;
	while (ok && (line = strtok_r(NULL, "\n", &save))) {
		char kind;
		uint64_t h;
		int off = 0;
		if (line[0] == 'S' && line[1] == ' ' && line[2] && cur) {
			sideouts_add(&cur->sides, line + 2);
		} else if (sscanf(line, "%c %" SCNx64 " %n", &kind, &h, &off) != 2 || !off ||
			   !line[off]) {
			ok = 0;
		} else if (kind == 'O') {
			cur = state_add(s, line + off, h);
		} else if (kind == 'D' && cur) {
			state_add_dep(cur, line + off, h);
		} else if (kind == 'F') {
			char *sp = strchr(line + off, ' ');
			if (!sp) {
				ok = 0;
			} else {
				*sp = '\0';
				add_filehash(s, sp + 1, line + off, h);
			}
		} else {
			ok = 0;
		}
	}
	free(text);
	if (!ok)
		state_free(s);
	else if (s->nfiles)
		qsort(s->files, s->nfiles, sizeof *s->files,
		      cmp_file); /* for state_hash_file's bsearch */
}

int state_save(const char *path, const struct state *s)
{
	struct buf b = { 0 };
	buf_puts(&b, "sitegen-state 1\n");
	for (size_t i = 0; i < s->n; i++) {
		const struct state_output *o = &s->outputs[i];
		buf_printf(&b, "O %016" PRIx64 " %s\n", o->key, o->path);
		for (size_t j = 0; j < o->ndeps; j++)
			buf_printf(&b, "D %016" PRIx64 " %s\n", o->deps[j].hash, o->deps[j].path);
		for (size_t j = 0; j < o->sides.n; j++)
			buf_printf(&b, "S %s\n", o->sides.paths[j]);
	}
	for (size_t i = 0; i < s->nfiles; i++)
		buf_printf(&b, "F %016" PRIx64 " %s %s\n", s->files[i].hash, s->files[i].stamp,
			   s->files[i].path);
	int rc = write_file_atomic(path, b.data, b.len);
	buf_free(&b);
	return rc;
}
