/* state: the incremental-build record (build/cache/sitegen.state). Per output: a key hash of its own
 * inputs (source text, site-wide nav data, config, ...) and the files it read while rendering (templates,
 * data files) with their content hashes. An output is up to date when its key matches and every
 * recorded file still hashes the same. Text format, one record per line:
 *   sitegen-state 1
 *   O <key-hex> <output path>
 *   D <hash-hex> <file path>      (dependencies of the O line above)
 *   S <path>                      (outputs its render added with write_output: sideout.h)
 *   F <hash-hex> <size>:<mtime-s>:<mtime-ns>:<inode> <file path>
 * F lines cache content hashes of input files by their stat data, so an unchanged file (same size,
 * mtime and inode) is not read again; build/data/site alone is thousands of files. */
#ifndef GEN_STATE_H
#define GEN_STATE_H
#include <stddef.h>
#include <stdint.h>

#include "sideout.h"

struct state_dep {
	char *path;
	uint64_t hash;
};

struct state_output {
	char *path;
	uint64_t key;
	struct state_dep *deps;
	size_t ndeps;
	struct sideouts sides;
};

struct state_filehash {
	char *path;
	char *stamp; /* "<size>:<mtime-s>:<mtime-ns>:<inode>" */
	uint64_t hash;
};

struct state {
	struct state_output *outputs;
	size_t n;
	struct state_filehash *files;
	size_t nfiles;
	size_t rehashed; /* files state_hash_file had to read (their stat data changed) */
	size_t *index;	 /* outputs sorted by path, built on the first state_find after a change */
};

/* A missing or unreadable/garbled file loads as an empty state (everything is rebuilt). */
void state_load(const char *path, struct state *s);
int state_save(const char *path, const struct state *s);
struct state_output *state_find(const struct state *s, const char *output_path);
struct state_output *state_add(struct state *s, const char *output_path, uint64_t key);
void state_add_dep(struct state_output *o, const char *path,
		   uint64_t hash); /* ignores duplicates */
void state_free(struct state *s);
/* Frees o's dependency list (o itself is the caller's: a record outside a state, as printcache's). */
void state_output_free_deps(struct state_output *o);
/* Content hash of path (0 when missing), taken from old's F records when the file's stat data is
 * unchanged, else computed; the result is recorded in next for the next run. */
uint64_t state_hash_file(const struct state *old, struct state *next, const char *path);

#endif
