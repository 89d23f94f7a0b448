/*
 * conf.h - examples/targets.conf: the compile matrix (targets, -O levels, flags, default).
 */
#ifndef ASM_CONF_H
#define ASM_CONF_H

#include <stddef.h>

#define CONF_MAX_TARGETS 32
#define CONF_MAX_OPTS 8

/* Names are held in fixed fields: a longer one in the file is an error at its line, never cut short.
 * The flags and a target's command are free text of any length. */
struct conf_target {
	char name[64];	  /* compiler/arch, e.g. gcc-12/x86_64 */
	char package[64]; /* Debian package providing the compiler */
	char arch[16];	  /* x86_64 i386 aarch64 riscv64 */
	char *command;	  /* compiler command and its target flags (owned by the conf) */
};

struct conf {
	struct conf_target targets[CONF_MAX_TARGETS];
	int ntargets;
	char opts[CONF_MAX_OPTS][8];
	int nopts;
	char *flags;		 /* flags of every compile, "" when none (owned by the conf) */
	char default_target[80]; /* compiler/arch/opt */
	char source_counts[80];	 /* compiler/arch/opt that keeps every access */
};

/* Reads the matrix from path (lines of any length). Returns 0, or -1 with "path:line: message" (or
 * "path: cannot open") in err, nothing left to free. On success the caller frees with conf_free. */
int conf_load(struct conf *c, const char *path, char *err, size_t errlen);
void conf_free(struct conf *c);
const struct conf_target *conf_target(const struct conf *c, const char *name);
int conf_has_opt(const struct conf *c, const char *opt);
/* Does "compiler/arch/opt" match pattern (components may be "any" or comma lists)? */
int conf_pattern_match(const char *pattern, const char *target_opt);
/* Is the pattern well formed and does it match at least one cell of the matrix? */
int conf_pattern_valid(const struct conf *c, const char *pattern);

#endif
