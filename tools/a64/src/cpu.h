/*
 * cpu.h - one AArch64 thread of a linked image on Unicorn 2, run ALONE, one instruction at a time,
 * with every memory access it makes reported to the caller before it completes (a read's bytes
 * may be replaced in the hook: the instruction then reads them).
 *
 * The image (tools/native/src/image.h, linked by tools/native's link.c) is mapped at its own
 * addresses, a private stack above it; the thread returns to a magic address (ucpu_step says
 * "done"). This is the native explorer's layout; its interleaving machine (machine.c) stops only at
 * shared accesses and cannot observe every instruction, which the dependency tracking needs.
 */
#ifndef A64_CPU_H
#define A64_CPU_H

#include <stddef.h>
#include <stdint.h>

#include "image.h"

struct ucpu;

/* Called for each access of the instruction being executed, in the order the emulator makes them.
 * read: host points at the size bytes the instruction is about to read (writable). */
struct ucpu_hooks {
	void (*read)(void *ctx, uint64_t addr, int size, uint8_t *host);
	void (*write)(void *ctx, uint64_t addr, int size, uint64_t value);
	void *ctx;
};

enum ucpu_stop { UCPU_OK, UCPU_DONE, UCPU_FAULT };

/* Maps im. Returns 0, or -1 with a message in err. ucpu_free releases it (NULL is fine). */
int ucpu_new(struct ucpu **out, const struct image *im, char *err, size_t errlen);
void ucpu_free(struct ucpu *c);
/* The hooks of the next steps (none at first). */
void ucpu_set_hooks(struct ucpu *c, const struct ucpu_hooks *h);

/* Memory as the image has it, the stack zeroed, registers zero but X0..X30 := x[0..30], SP the
 * stack's top, the link register the magic return address, PC := entry. */
void ucpu_reset(struct ucpu *c, uint64_t entry, const uint64_t x[31]);

/* Executes the instruction at PC. UCPU_DONE when PC is the return address (nothing executed);
 * UCPU_FAULT with a message in err (an unmapped access, an exception). */
enum ucpu_stop ucpu_step(struct ucpu *c, char *err, size_t errlen);

/* After a step that returned UCPU_FAULT: 1 with *addr the address when it was an access to
 * unmapped memory, 0 when the emulator stopped for another reason. */
int ucpu_fault_addr(const struct ucpu *c, uint64_t *addr);
/* The memory as it is now becomes what ucpu_reset restores (the stack excepted: zeroed), e.g.
 * after an initialisation function ran. */
void ucpu_keep_memory(struct ucpu *c);
/* The stack: [*lo, *hi); a thread starts with SP 64 bytes below hi. */
void ucpu_stack(const struct ucpu *c, uint64_t *lo, uint64_t *hi);

uint64_t ucpu_pc(const struct ucpu *c);
/* The thread has returned (PC is the magic return address). */
int ucpu_done(const struct ucpu *c);
void ucpu_set_pc(struct ucpu *c, uint64_t pc);
/* Register r: 0..30 (X), A64_SP, A64_NZCV (flags in bits 31..28). */
uint64_t ucpu_reg(const struct ucpu *c, int r);
void ucpu_set_reg(struct ucpu *c, int r, uint64_t v);
/* The instruction word at pc; 0 if pc is not mapped (0 is UDF anyway). */
uint32_t ucpu_fetch(const struct ucpu *c, uint64_t pc);
/* Host memory for [addr, addr + n), or NULL if not mapped. */
uint8_t *ucpu_host(const struct ucpu *c, uint64_t addr, size_t n);

#endif
