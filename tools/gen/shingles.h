/* shingles: the originality rule. A text's 12-word runs ("shingles"), normalised so that case,
 * punctuation, markup and line wrapping do not hide a copy: lowercase ASCII letters, digits and '_' make
 * words, every other byte separates them. Each run is known by the 64-bit XXH3 hash of its words joined
 * by single spaces, so a list of a source text's hashes checks pages without holding its text. */
#ifndef GEN_SHINGLES_H
#define GEN_SHINGLES_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SHINGLE_WORDS 12

/* Called for each run in order: its hash, the file line of its first word, and its words (a
 * NUL-terminated string of the 12 words joined by spaces, valid during the call). */
typedef void (*shingle_fn)(void *ctx, uint64_t hash, int line, const char *words);
void shingles_each(const char *text, size_t len, shingle_fn fn, void *ctx);

struct shingle_set {
	uint64_t *hashes; /* sorted, unique */
	size_t n;
};
/* Reads a hash list (one 16-digit hex hash per line; '#' comment lines and blank lines ignored) and adds
 * it to set. 0, or -1 with `path:line: message` in diag. */
int shingle_set_load(struct shingle_set *set, const char *path);
int shingle_set_contains(const struct shingle_set *set, uint64_t hash);
void shingle_set_free(struct shingle_set *set);

/* Writes the hash list of a source text (the file at path) to out: a comment naming what it is, then the
 * sorted unique hashes. 0, or -1 (diag). */
int shingles_write_list(const char *path, FILE *out);

#endif
