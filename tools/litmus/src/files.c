/*
 * files.c - see files.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "files.h"

#include <dirent.h>
#include <sys/stat.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fileio.h"

int files_write(const char *path, const char *data, size_t len)
{
	if (mkdir_p(path, 1) != 0) {
		fprintf(stderr, "%s: cannot create its folder: %s\n", path, strerror(errno));
		return -1;
	}
	if (write_file_atomic(path, data, len) != 0) {
		fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

void files_list_free(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct walk {
	char **names;
	int n, cap, ok;
	const char *suffix;
};

static void add_name(struct walk *w, const char *name)
{
	if (w->n == w->cap) {
		int cap = w->cap ? 2 * w->cap : 16;
		char **nn = realloc(w->names, (size_t)cap * sizeof *nn);
		if (!nn) {
			w->ok = 0;
			return;
		}
		w->names = nn;
		w->cap = cap;
	}
	if (!(w->names[w->n] = strdup(name)))
		w->ok = 0;
	else
		w->n++;
}

/* The files under root/rel (rel "" for root itself), depth folders deep at most. */
static void walk_dir(struct walk *w, const char *root, const char *rel, int depth)
{
	char *path = *rel ? xasprintf("%s/%s", root, rel) : xstrdup(root);
	DIR *d = opendir(path);
	free(path);
	if (!d) {
		w->ok = *rel !=
			0; /* the root must be readable; a subfolder that is not is skipped */
		return;
	}
	size_t sl = strlen(w->suffix);
	for (struct dirent *e; w->ok && (e = readdir(d));) {
		size_t l = strlen(e->d_name);
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		char *sub = *rel ? xasprintf("%s/%s", rel, e->d_name) : xstrdup(e->d_name);
		char *full = xasprintf("%s/%s", root, sub);
		if (stat(full, &st) == 0 && S_ISDIR(st.st_mode) && depth > 0)
			walk_dir(w, root, sub, depth - 1);
		else if (stat(full, &st) == 0 && S_ISREG(st.st_mode) && l > sl &&
			 !strcmp(e->d_name + l - sl, w->suffix))
			add_name(w, sub);
		free(full);
		free(sub);
	}
	closedir(d);
}

char **files_list(const char *dir, const char *suffix, int *n)
{
	struct walk w = { .suffix = suffix, .ok = 1 };
	walk_dir(&w, dir, "", 32);
	*n = w.n;
	if (!w.ok || !w.names) {
		files_list_free(w.names, w.n);
		*n = 0;
		return w.ok ? calloc(1, sizeof(char *)) : NULL;
	}
	qsort(w.names, (size_t)w.n, sizeof *w.names, by_name);
	return w.names;
}
