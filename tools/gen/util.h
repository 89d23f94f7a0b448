/* util: file helpers and content hashes; buffers, allocation and reading come from buf.h, making
 * folders and atomic writes from fileio.h (tools/lib). Every other module of the generator builds on
 * these. */
#ifndef GEN_UTIL_H
#define GEN_UTIL_H
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "fileio.h"

int file_exists(const char *path);

/* Content hash (XXH3 64-bit). */
uint64_t hash_bytes(const void *data, size_t len);
/* Hash of a file's bytes, or 0 when it does not exist / cannot be read. */
uint64_t hash_file(const char *path);
/* Mixes a string (with its length) into a running hash. */
uint64_t hash_mix(uint64_t h, const char *s, size_t len);
uint64_t hash_mix_str(uint64_t h, const char *s);

#endif
