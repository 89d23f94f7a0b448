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
