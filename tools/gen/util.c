/* util: file helpers and content hashes shared by the generator's modules (buffers and allocation:
 * buf.c). */
#define _GNU_SOURCE
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>

int file_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

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

uint64_t hash_bytes(const void *data, size_t len)
{
	return XXH3_64bits(data, len);
}

uint64_t hash_file(const char *path)
{
	size_t len;
	char *s = read_file(path, &len);
	if (!s)
		return 0;
	uint64_t h = hash_bytes(s, len);
	free(s);
	return h ? h : 1;
}

uint64_t hash_mix(uint64_t h, const char *s, size_t len)
{
	uint64_t parts[2] = { h, (uint64_t)len };
	uint64_t hs = XXH3_64bits_withSeed(s, len, parts[0] ^ (parts[1] * 0x9E3779B97F4A7C15ull));
	return hs;
}

uint64_t hash_mix_str(uint64_t h, const char *s)
{
	return s ? hash_mix(h, s, strlen(s)) : hash_mix(h, "\x01nil", 4);
}
