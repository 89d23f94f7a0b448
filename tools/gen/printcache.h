/* printcache: lets print.html re-render only the bodies of pages that changed. The print body of a page
 * whose own output is up to date is read back from <state dir>/print/<id>.html, whose first line is the
 * page's key; bodies rendered in a run are written there only after that run's site was swapped in, so
 * the cache never runs ahead of the state file. */
#ifndef GEN_PRINTCACHE_H
#define GEN_PRINTCACHE_H
#include <stddef.h>
#include <stdint.h>

/* state_path: the --state file; the cache lives in its directory. */
void printcache_init(const char *state_path);
/* The cached body for (print_id, key), malloc'd, or NULL. */
char *printcache_get(const char *print_id, uint64_t key);
/* Remembers a freshly rendered body, to be written by printcache_commit. */
void printcache_put(const char *print_id, uint64_t key, const char *html, size_t len);
/* Writes the remembered bodies (best effort: a failed write only costs a re-render later). */
void printcache_commit(void);
void printcache_free(void);

#endif
