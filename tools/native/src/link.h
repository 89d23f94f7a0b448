/*
 * link.h - links one compiled object at fixed addresses with its target's own GNU ld.
 *
 * The layout (link_script()): nothing below LINK_TEXT_BASE (a NULL dereference faults), .text
 * first at LINK_TEXT_BASE so an instruction of the object's .text is at base + its listing
 * offset, then read-only data, data and bss, then the course_shared section alone on its own
 * pages (the explorer protects them to stop a thread at each shared access), then
 * course_observed.
 */
#ifndef NATIVE_LINK_H
#define NATIVE_LINK_H

#include <stddef.h>

#include "arch.h"

#define LINK_TEXT_BASE 0x100000u
#define LINK_ALIGN 0x1000u /* pages of every architecture's Unicorn are at most this big */

/* The linker script's text. */
const char *link_script(void);

/* Links obj into out_elf with a's linker and the script written under workdir (an existing
 * directory the caller owns). Returns 0, or -1 with the linker's diagnostics (its first lines,
 * or why it could not run) in err. */
int link_object(const struct arch *a, const char *obj, const char *out_elf, const char *workdir,
		char *err, size_t errlen);

#endif
