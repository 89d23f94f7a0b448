/* build: one run of the generator: lists every output of the site, decides from the state file which are
 * out of date, renders those into a hard-linked copy of the current site (build/site.tmp-XXXXXX), removes
 * outputs that no longer exist, swaps the copy in with renameat2(RENAME_EXCHANGE) and saves the state.
 * Prints `[i/N] <source>` for each output rendered. Nothing to do: no output, no swap. */
#ifndef GEN_BUILD_H
#define GEN_BUILD_H
#include "site.h"

/* Returns 0, or -1 with `path:line: message` in diag (the current site and the state are left as they were). */
int build_site(const struct options *opt, const char *date, const char *commit);

#endif
