/*
 * workdir.h - a private scratch directory (under $TMPDIR) for the linker's files.
 */
#ifndef NATIVE_WORKDIR_H
#define NATIVE_WORKDIR_H

/* Creates the directory; aborts with a message if it cannot. workdir_free removes it and
 * everything in it (one level: the explorer writes only plain files there). */
char *workdir_new(void);
void workdir_free(char *dir);

#endif
