/*
 * asm.h - a litmus test's threads as machine code: each thread's column written as one assembly
 * function, assembled with binutils (aarch64-linux-gnu-as), linked at fixed addresses by the
 * native explorer's linker script (tools/native/src/link.h) and loaded as its image (image.h).
 * Each location is one 8-byte slot of the course_shared section, holding its initial value.
 */
#ifndef A64_ASM_H
#define A64_ASM_H

#include <stdint.h>

#include "image.h"
#include "test.h"

struct a64_image {
	struct image im;
	uint64_t entry[A64_MAX_THREADS]; /* each thread's first instruction */
	int ninsn[A64_MAX_THREADS];	 /* its instructions (the litmus ones, then a RET) */
	int *cell[A64_MAX_THREADS];	 /* instruction k is the test's cell cell[t][k] */
	uint64_t *loc_addr;		 /* [nlocs] */
	uint64_t shared_lo, shared_hi;
	const struct a64_test *t;
};

/* Assembles, links and loads t, and refuses any instruction the model does not know. Returns 0,
 * or -1 with *err a malloc'd "file:line: message" (an assembler error at the line it names, an
 * unknown instruction by name, a tool that cannot run). a64_image_free releases it. */
int a64_image_build(const struct a64_test *t, struct a64_image *out, char **err);
void a64_image_free(struct a64_image *ai);

/* The litmus line and text of the instruction at pc (0 and "" outside the threads). */
void a64_image_where(const struct a64_image *ai, uint64_t pc, int *line, const char **text);

#endif
