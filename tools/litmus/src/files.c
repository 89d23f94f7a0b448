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
#include <sys/stat.h>

static int make_parents(const char *path)
{
	char *d = strdup(path);
	if (!d)
		return -1;
	for (char *s = strchr(d + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(d, 0777) != 0 && errno != EEXIST) {
			free(d);
			return -1;
		}
		*s = '/';
	}
	free(d);
	return 0;
}

int files_write(const char *path, const char *data, size_t len)
{
	size_t n = strlen(path) + 5;
	char *tmp = malloc(n);
	if (!tmp || make_parents(path) != 0) {
		fprintf(stderr, "%s: cannot create its folder: %s\n", path, strerror(errno));
		free(tmp);
		return -1;
	}
	snprintf(tmp, n, "%s.tmp", path);
	FILE *f = fopen(tmp, "wb");
	int ok = f && fwrite(data, 1, len, f) == len;
	if (f)
		ok &= fclose(f) == 0;
	if (!ok || rename(tmp, path) != 0) {
		fprintf(stderr, "%s: cannot write: %s\n", path, strerror(errno));
		remove(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
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
