/*
 * cpu.c - one thread on Unicorn, one instruction at a time (see cpu.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

#include "buf.h"
#include "insn.h"
#include "link.h"

#define MAGIC_RET 0x3fff0000u /* the thread returns here; never mapped */
#define STACK_LO 0x40000000u
#define STACK_SIZE 0x10000u

struct region {
	uint64_t addr, size;
	uint8_t *host, *init; /* init: the bytes to restore on reset (NULL: zeros) */
};

struct ucpu {
	uc_engine *uc;
	uc_context *fresh;
	struct region *regions;
	int nregions;
	struct ucpu_hooks hooks;
	uc_hook h[2];
	int fault;
	uint64_t fault_addr;
};

uint8_t *ucpu_host(const struct ucpu *c, uint64_t addr, size_t n)
{
	for (int i = 0; i < c->nregions; i++) {
		const struct region *r = &c->regions[i];
		if (addr >= r->addr && addr - r->addr + n <= r->size)
			return r->host + (addr - r->addr);
	}
	return NULL;
}

static int map(struct ucpu *c, uint64_t addr, uint64_t size, uint32_t prot)
{
	uint8_t *host = aligned_alloc(LINK_ALIGN, size);
	if (!host)
		return -1;
	memset(host, 0, size);
	if (uc_mem_map_ptr(c->uc, addr, size, prot, host) != UC_ERR_OK) {
		free(host);
		return -1;
	}
	c->regions = xrealloc(c->regions, (size_t)(c->nregions + 1) * sizeof *c->regions);
	c->regions[c->nregions++] = (struct region){ addr, size, host, NULL };
	return 0;
}

static uint64_t page_down(uint64_t a)
{
	return a & ~(uint64_t)(LINK_ALIGN - 1);
}

static uint64_t page_up(uint64_t a)
{
	return page_down(a + LINK_ALIGN - 1);
}

/* Each segment's pages (segments sharing a page are mapped together, readable and writable:
 * the model does not need the image's protections), with a copy of the bytes for resets. */
static int map_image(struct ucpu *c, const struct image *im)
{
	for (int i = 0; i < im->nsegs;) {
		uint64_t lo = page_down(im->segs[i].addr),
			 hi = page_up(im->segs[i].addr + im->segs[i].size);
		int j = i + 1;
		for (; j < im->nsegs && page_down(im->segs[j].addr) < hi; j++)
			if (page_up(im->segs[j].addr + im->segs[j].size) > hi)
				hi = page_up(im->segs[j].addr + im->segs[j].size);
		if (lo < LINK_TEXT_BASE || hi > MAGIC_RET || map(c, lo, hi - lo, UC_PROT_ALL) != 0)
			return -1;
		struct region *r = &c->regions[c->nregions - 1];
		for (; i < j; i++)
			memcpy(r->host + (im->segs[i].addr - lo), im->segs[i].bytes,
			       im->segs[i].size);
		r->init = memcpy(xmalloc(r->size), r->host, r->size);
	}
	return 0;
}

static void hook_mem(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value,
		     void *data)
{
	struct ucpu *c = data;
	(void)uc;
	uint8_t *host = ucpu_host(c, addr, (size_t)size);
	if (type == UC_MEM_READ && c->hooks.read && host)
		c->hooks.read(c->hooks.ctx, addr, size, host);
	else if (type == UC_MEM_WRITE && c->hooks.write)
		c->hooks.write(c->hooks.ctx, addr, size,
			       size >= 8 ? (uint64_t)value :
					   (uint64_t)value & ((1ull << (8 * size)) - 1));
}

static bool hook_invalid(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value,
			 void *data)
{
	struct ucpu *c = data;
	(void)uc, (void)size, (void)value;
	if (!c->fault) {
		c->fault = type;
		c->fault_addr = addr;
	}
	return false;
}

void ucpu_set_hooks(struct ucpu *c, const struct ucpu_hooks *h)
{
	c->hooks = *h;
}

int ucpu_new(struct ucpu **out, const struct image *im, char *err, size_t errlen)
{
	struct ucpu *c = xcalloc(1, sizeof *c);
	*out = c;
	if (uc_open(UC_ARCH_ARM64, UC_MODE_ARM, &c->uc) != UC_ERR_OK) {
		c->uc = NULL;
		fmt_msg(err, errlen, "cannot open the emulator");
		return -1;
	}
	uint64_t cpacr = 3u << 20; /* FP and SIMD usable, as under an operating system */
	if (uc_ctl_set_cpu_model(c->uc, UC_CPU_ARM64_MAX) != UC_ERR_OK ||
	    uc_reg_write(c->uc, UC_ARM64_REG_CPACR_EL1, &cpacr) != UC_ERR_OK ||
	    uc_context_alloc(c->uc, &c->fresh) != UC_ERR_OK ||
	    uc_context_save(c->uc, c->fresh) != UC_ERR_OK || map_image(c, im) != 0 ||
	    map(c, STACK_LO, STACK_SIZE, UC_PROT_READ | UC_PROT_WRITE) != 0 ||
	    uc_hook_add(c->uc, &c->h[0], UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, (void *)hook_mem, c,
			1, 0) != UC_ERR_OK ||
	    uc_hook_add(c->uc, &c->h[1], UC_HOOK_MEM_INVALID, (void *)hook_invalid, c, 1, 0) !=
		    UC_ERR_OK) {
		fmt_msg(err, errlen, "cannot set up the emulator for the image");
		return -1;
	}
	return 0;
}

void ucpu_free(struct ucpu *c)
{
	if (!c)
		return;
	if (c->fresh)
		uc_context_free(c->fresh);
	if (c->uc)
		uc_close(c->uc);
	for (int i = 0; i < c->nregions; i++) {
		free(c->regions[i].host);
		free(c->regions[i].init);
	}
	free(c->regions);
	free(c);
}

void ucpu_reset(struct ucpu *c, uint64_t entry, const uint64_t x[31])
{
	uc_context_restore(c->uc, c->fresh);
	for (int i = 0; i < c->nregions; i++) {
		struct region *r = &c->regions[i];
		if (r->init)
			memcpy(r->host, r->init, r->size);
		else
			memset(r->host, 0, r->size);
	}
	for (int r = 0; r < 31; r++)
		ucpu_set_reg(c, r, x[r]);
	ucpu_set_reg(c, 30, MAGIC_RET);
	ucpu_set_reg(c, A64_SP, STACK_LO + STACK_SIZE - 64);
	ucpu_set_pc(c, entry);
}

enum ucpu_stop ucpu_step(struct ucpu *c, char *err, size_t errlen)
{
	uint64_t pc = ucpu_pc(c);
	if (pc == MAGIC_RET)
		return UCPU_DONE;
	c->fault = 0;
	uc_err e = uc_emu_start(c->uc, pc, MAGIC_RET, 0, 1);
	if (c->fault) {
		fmt_msg(err, errlen, "an access to unmapped memory at 0x%llx",
			(unsigned long long)c->fault_addr);
		return UCPU_FAULT;
	}
	if (e != UC_ERR_OK) {
		fmt_msg(err, errlen, "the emulator stopped: %s", uc_strerror(e));
		return UCPU_FAULT;
	}
	return UCPU_OK;
}

static int uc_id(int r)
{
	if (r == A64_SP)
		return UC_ARM64_REG_SP;
	if (r == A64_NZCV)
		return UC_ARM64_REG_NZCV;
	return r == 29 ? UC_ARM64_REG_X29 : r == 30 ? UC_ARM64_REG_X30 : UC_ARM64_REG_X0 + r;
}

uint64_t ucpu_reg(const struct ucpu *c, int r)
{
	uint64_t v = 0;
	uc_reg_read(c->uc, uc_id(r), &v);
	return v;
}

void ucpu_set_reg(struct ucpu *c, int r, uint64_t v)
{
	uc_reg_write(c->uc, uc_id(r), &v);
}

uint64_t ucpu_pc(const struct ucpu *c)
{
	uint64_t v = 0;
	uc_reg_read(c->uc, UC_ARM64_REG_PC, &v);
	return v;
}

int ucpu_done(const struct ucpu *c)
{
	return ucpu_pc(c) == MAGIC_RET;
}

void ucpu_set_pc(struct ucpu *c, uint64_t pc)
{
	uc_reg_write(c->uc, UC_ARM64_REG_PC, &pc);
}

uint32_t ucpu_fetch(const struct ucpu *c, uint64_t pc)
{
	const uint8_t *p = ucpu_host(c, pc, 4);
	return p ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
			       (uint32_t)p[3] << 24 :
		   0;
}

int ucpu_fault_addr(const struct ucpu *c, uint64_t *addr)
{
	*addr = c->fault_addr;
	return c->fault != 0;
}

void ucpu_keep_memory(struct ucpu *c)
{
	for (int i = 0; i < c->nregions; i++) {
		struct region *r = &c->regions[i];
		if (r->init)
			memcpy(r->init, r->host, r->size);
	}
}

void ucpu_stack(const struct ucpu *c, uint64_t *lo, uint64_t *hi)
{
	(void)c;
	*lo = STACK_LO;
	*hi = STACK_LO + STACK_SIZE;
}
