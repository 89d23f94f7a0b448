/* sideout: the outputs a page's render adds with write_output(path, text) (engine.h): which paths are
 * allowed, and the set of those a build has (each path once in a run). A path is relative to the site
 * root: segments of letters, digits, '.', '_' and '-' joined by single '/', none of them "." or "..",
 * no leading or trailing '/', at most SIDEOUT_MAX bytes; so it can never leave the site. */
#ifndef GEN_SIDEOUT_H
#define GEN_SIDEOUT_H
#include <stddef.h>

#define SIDEOUT_MAX 200

/* NULL when path is allowed, else why not (a static string). */
const char *sideout_bad_path(const char *path);

/* A set of paths (unsorted: a site has a few dozen). */
struct sideouts {
	char **paths;
	size_t n;
};

int sideouts_has(const struct sideouts *s, const char *path);
void sideouts_add(struct sideouts *s, const char *path); /* ignores a path already there */
void sideouts_free(struct sideouts *s);

#endif
