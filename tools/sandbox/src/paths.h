/*
 * paths.h - lexical path handling: the sandbox shows each path at the same absolute path the
 * caller names, so paths are made absolute without resolving symbolic links.
 */
#ifndef SBX_PATHS_H
#define SBX_PATHS_H

/* path made absolute against the working directory, with "//", "/./" and "dir/../" removed
 * lexically. malloc'd (caller frees); NULL if the working directory cannot be read. */
char *abs_path(const char *path);

#endif
