/* fileio.c - making a file's folders and replacing a file atomically (fileio.h). */
#define _GNU_SOURCE
#include "fileio.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"

/* Creates dir, creating missing parents first; tries the directory itself before its parents, so an
 * existing parent costs nothing. */
static int mkdir_rec(char *dir)
{
	if (mkdir(dir, 0777) == 0 || errno == EEXIST)
		return 0;
	if (errno != ENOENT)
		return -1;
	char *slash = strrchr(dir, '/');
	if (!slash || slash == dir)
		return -1;
	*slash = '\0';
	int rc = mkdir_rec(dir);
	*slash = '/';
	if (rc != 0)
		return -1;
	return mkdir(dir, 0777) == 0 || errno == EEXIST ? 0 : -1;
}

int mkdir_p(const char *path, int skip_last)
{
	char *p = xstrdup(path);
	size_t n = strlen(p);
	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	if (skip_last) {
		char *slash = strrchr(p, '/');
		if (!slash) {
			free(p);
			return 0;
		}
		*slash = '\0';
	}
	int rc = *p ? mkdir_rec(p) : 0;
	free(p);
	return rc;
}

int write_file_atomic(const char *path, const void *data, size_t len)
{
	if (mkdir_p(path, 1) != 0)
		return -1;
	char *tmp = xasprintf("%s.new-XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		free(tmp);
		return -1;
	}
	const char *p = data;
	size_t left = len;
	int rc = 0;
	while (left && rc == 0) {
		ssize_t w = write(fd, p, left);
		if (w < 0 && errno != EINTR)
			rc = -1;
		if (w > 0) {
			p += w;
			left -= (size_t)w;
		}
	}
	if (fchmod(fd, 0644) != 0)
		rc = -1;
	if (close(fd) != 0 || rc != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}
