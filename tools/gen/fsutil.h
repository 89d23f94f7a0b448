/* fsutil: the directory operations of a build: listing a tree, hard-link copies, writing a file as a new
 * inode (never through a hard link), removing a tree, the atomic directory swap (an atomic file write:
 * fileio.h's write_file_atomic, through util.h) and a directory argument without its trailing slashes. */
#ifndef GEN_FSUTIL_H
#define GEN_FSUTIL_H
#include <stddef.h>

struct file_list {
	char **paths; /* relative to the listed root, '/'-separated, sorted */
	size_t n;
	char *bad; /* after a failure: the entry that could not be listed (relative; "" is the root) */
};

/* Lists regular files under root (recursively), following symbolic links. A missing root gives an empty
 * list. 0, or -1 with errno set and out->bad naming the entry: an unreadable directory, a broken link
 * (ENOENT), a link that leads back to a directory containing it (ELOOP). Free with fs_file_list_free either
 * way. */
int fs_list_files(const char *root, struct file_list *out);
/* fs_list_files, with a failure recorded in diag as `<root>/<entry>: <reason>` (a symbolic link loop, a broken
 * symbolic link, or the system's message) and out freed. 0 or -1. */
int fs_list_files_diag(const char *root, struct file_list *out);
void fs_file_list_free(struct file_list *l);

/* Recreates the tree src under dst (which exists) with hard links to src's files. 0 or -1 (errno). */
int fs_hardlink_tree(const char *src, const char *dst);
/* Writes data to path as a new file (unlinking what was there first), so a hard-linked old file is never
 * written through. Only for paths nobody else is reading (the temporary tree). Creates parents. */
int fs_write_new_inode(const char *path, const void *data, size_t len);
/* Removes path and everything under it; a missing path is not an error. */
int fs_remove_tree(const char *path);
/* A copy of the directory path p without its trailing slashes ("/" stays "/"); the caller frees it. */
char *fs_strip_slashes(const char *p);
/* Exchanges two directories atomically (renameat2 RENAME_EXCHANGE). */
int fs_exchange_dirs(const char *a, const char *b);

#endif
