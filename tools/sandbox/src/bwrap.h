/*
 * bwrap.h - the bubblewrap command line for one step (the sandbox's layout), and the probe that
 * tells whether bubblewrap can create a sandbox on this machine at all.
 *
 * Layout inside: /usr read-only (the toolchain: compilers, binutils, emscripten, node) with the
 * host's /bin /lib* /sbin links or directories; a new /proc and a minimal /dev; a private /tmp
 * (tmpfs of the file limit's size); the caller's read-only paths and writable directories, each
 * at its own path; nothing else: no /etc, no /home, no /root, no network (every namespace is
 * new), no capabilities, uid and gid 65534, no further user namespaces, a new session (no
 * terminal), killed with its parent.
 */
#ifndef SBX_BWRAP_H
#define SBX_BWRAP_H

#include "buf.h"
#include "runner.h"

/* The fd bubblewrap writes its JSON status to (child-pid, then exit-code). */
#define SBX_STATUS_FD 3

/* The argv to exec: bwrap, its options, "--", the step's argv. NULL-terminated; the array and
 * every string are malloc'd: free with argv_free. */
char **bwrap_argv(const struct sbx_spec *s);
void argv_free(char **argv);

/* Runs a minimal sandbox (`true` inside). Returns 0 if it ran, else -1 with the reason in *why. */
int bwrap_probe(const char *bwrap, struct buf *why);

#endif
