/*
 * outcome.h - outcomes of a run in the WebAssembly explorer's format (tools/wasm/README.md):
 * the values of the example's outcome variables, the threads that do not terminate, a crash;
 * and the key text "r1=0 y=1; t1 does not terminate; crash in t1: BUG_ON at line 12" that
 * outcome sets are compared by (tools/lib/outkey.h, the one C implementation of its grammar).
 */
#ifndef NATIVE_OUTCOME_H
#define NATIVE_OUTCOME_H

#include <jansson.h>
#include <stdint.h>

#include "image.h"
#include "machine.h"
#include "nmeta.h"

struct ovar {
	const char *name;
	uint64_t addr;
	int size; /* 0: a static variable the compiler deleted */
	int is_signed, is_float;
};

/* How to read and name the outcome of one cell. */
struct oview {
	const struct nmeta *meta;
	const struct image *im;
	struct ovar *vars; /* the outcome variables, in the metadata's order */
	int nvars;
	struct ovar *all; /* every shared and observed variable (for traces) */
	int nall;
	char **lines; /* the variant's source, to tell a BUG_ON from another trap */
	int nlines;
};

/* Resolves the outcome variables in the image. source may be NULL (then every trap reads
 * "trap: unreachable"). Returns 0, or -1 with a message (a variable missing that the
 * compiler may not delete). */
int oview_init(struct oview *ov, const struct nmeta *meta, const struct image *im,
	       const char *source, char *err, size_t errlen);
void oview_free(struct oview *ov);

/* Reads n bytes of memory at addr into buf: 0, or -1 if not mapped. */
typedef int (*mem_reader)(const void *mem, uint64_t addr, void *buf, size_t n);

/* "r1=0 y=1" for the machine's memory now; *values (if not NULL) gets {"r1": 0, "y": 1}
 * (null for a deleted variable; a value beyond 2^53 is a decimal string). Caller frees. */
char *outcome_values(const struct oview *ov, const struct machine *m, json_t **values);
/* The same from any memory (the Armv8 exploration's final memory: armv8.c). */
char *outcome_values_from(const struct oview *ov, mem_reader read, const void *mem,
			  json_t **values);

/* {"x": 1, "r1": 0, ...}: every shared and observed variable now (null: deleted). */
json_t *memory_json(const struct oview *ov, const struct machine *m);

/* The crash's message as the WebAssembly explorer words it. Caller frees. */
char *crash_message(const struct oview *ov, const struct crash *c);

/* The outcome key (tools/lib/outkey.h): values text, then hung threads (bit t of hang), then the
 * crash (crash_thread NULL: none). Caller frees. */
char *outcome_key(const struct oview *ov, const char *values, unsigned hang,
		  const char *crash_thread, const char *crash_msg);

/* The variable (or other symbol) at addr as "name" or "name+off", else "0x..." (caller frees). */
char *addr_name(const struct image *im, uint64_t addr);

#endif
