/* printcache: lets print.html re-render only the bodies of pages that changed. The print body of a page
 * whose own output is up to date is read back from <state dir>/print/<id>.html: a header (the page's key,
 * then the files the body's render read, each with its content hash, then an empty line) and the body.
 * An entry is used only while its key is the page's and every one of those files still hashes the same,
 * so a file only the print body reads (a template included in print.html alone) is a dependency too.
 * Bodies rendered in a run are written there only after that run's site was swapped in, so the cache
 * never runs ahead of the state file. */
#ifndef GEN_PRINTCACHE_H
#define GEN_PRINTCACHE_H
#include <stddef.h>
#include <stdint.h>

#include "state.h"

/* state_path: the --state file; the cache lives in its directory. hash: a file's current content hash
 * (0 when missing), as the up-to-date checks compute it. */
void printcache_init(const char *state_path, uint64_t (*hash)(const char *path));
/* The cached body for (print_id, key), malloc'd, or NULL (none, another key, a file of it changed).
 * On success deps gets the files the body was rendered from (the caller frees them with
 * state_output_free_deps). */
char *printcache_get(const char *print_id, uint64_t key, struct state_output *deps);
/* Remembers a freshly rendered body and the files its render read, to be written by printcache_commit. */
void printcache_put(const char *print_id, uint64_t key, const struct state_output *deps,
		    const char *html, size_t len);
/* Writes the remembered bodies (best effort: a failed write only costs a re-render later). */
void printcache_commit(void);
void printcache_free(void);

#endif
