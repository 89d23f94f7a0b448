/*
 * workdir.c - scratch directories (see workdir.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "workdir.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

char *workdir_new(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/native-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		perror("native-tool: mkdtemp");
		exit(1);
	}
	return dir;
}

void workdir_free(char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		char *p = xasprintf("%s/%s", dir, e->d_name);
		unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	free(dir);
}
