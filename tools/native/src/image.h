/*
 * image.h - a linked cell as the explorer loads it: loadable segments, symbols (with their
 * addresses in the object's listing), the shared/observed sections and source lines (DWARF).
 */
#ifndef NATIVE_IMAGE_H
#define NATIVE_IMAGE_H

#include <stddef.h>
#include <stdint.h>

struct image_sym {
	char *name;
	uint64_t addr, size; /* in the linked image */
	int func;	     /* STT_FUNC */
	uint64_t listing; /* functions: the address objdump shows for it in the object's listing */
};

struct image_seg {
	uint64_t addr, size; /* memory size */
	uint8_t *bytes;	     /* size bytes: the file's, then zeros */
	int prot;	     /* UC_PROT_* */
};

struct image_range {
	uint64_t lo, hi; /* [lo, hi); lo == hi: empty */
};

struct image {
	struct image_seg *segs;
	int nsegs;
	struct image_sym *syms; /* sorted by address */
	int nsyms;
	struct image_range shared, observed; /* the course_shared and course_observed sections */
	struct image_range *writable;	     /* every allocated, writable section with bytes */
	int nwritable;
	void *dwarf; /* Dwarf *, for image_line */
	void *elf;   /* Elf * */
	int fd;
};

/* Loads the linked executable elf_path; obj_path is the object it was linked from (for the
 * listing addresses). Returns 0, or -1 with a message in err. image_free releases it. */
int image_load(struct image *im, const char *elf_path, const char *obj_path, char *err,
	       size_t errlen);
void image_free(struct image *im);

/* The symbol called name (a function or an object), or NULL. */
const struct image_sym *image_find(const struct image *im, const char *name);

/* The symbol whose [addr, addr + size) holds addr (functions first), or NULL. */
const struct image_sym *image_at(const struct image *im, uint64_t addr);

/* The source line of the instruction at pc from the object's DWARF line table; 0 if unknown. */
int image_line(const struct image *im, uint64_t pc);

#endif
