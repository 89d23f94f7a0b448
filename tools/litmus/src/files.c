/*
 * files.c - see files.h.
 */
#define _POSIX_C_SOURCE 200809L
#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

char **files_list(const char *dir, const char *suffix, int *n)
{
	*n = 0;
	DIR *d = opendir(dir);
	if (!d)
		return NULL;
	char **names = malloc(sizeof *names);
	int cap = 1, ok = names != NULL;
	size_t sl = strlen(suffix);
	for (struct dirent *e; ok && (e = readdir(d));) {
		size_t l = strlen(e->d_name);
		if (l <= sl || strcmp(e->d_name + l - sl, suffix) || e->d_name[0] == '.')
			continue;
		if (*n == cap) {
			cap *= 2;
			char **nn = realloc(names, (size_t)cap * sizeof *nn);
			ok = nn != NULL;
			if (!ok)
				break;
			names = nn;
		}
		ok = (names[*n] = strdup(e->d_name)) != NULL;
		*n += ok;
	}
	closedir(d);
	if (!ok) {
		files_list_free(names, *n);
		*n = 0;
		return NULL;
	}
	qsort(names, (size_t)*n, sizeof *names, by_name);
	return names;
}
