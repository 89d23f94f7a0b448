/*
 * image.c - reads a linked cell with libelf and libdw (see image.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "image.h"

#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <unicorn/unicorn.h>

#include "util.h"

static int load_segments(struct image *im, Elf *e, int fd, char *err, size_t errlen)
{
	size_t n;
	if (elf_getphdrnum(e, &n) != 0) {
		fmt_msg(err, errlen, "no program headers: %s", elf_errmsg(-1));
		return -1;
	}
	im->segs = xcalloc(n, sizeof *im->segs);
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr p;
		if (!gelf_getphdr(e, (int)i, &p) || p.p_type != PT_LOAD || p.p_memsz == 0)
			continue;
		struct image_seg *s = &im->segs[im->nsegs++];
		s->addr = p.p_vaddr;
		s->size = p.p_memsz;
		s->prot = (p.p_flags & PF_R ? UC_PROT_READ : 0) |
			  (p.p_flags & PF_W ? UC_PROT_WRITE : 0) |
			  (p.p_flags & PF_X ? UC_PROT_EXEC : 0);
		s->bytes = xcalloc(1, p.p_memsz);
		if (p.p_filesz > p.p_memsz ||
		    pread(fd, s->bytes, p.p_filesz, (off_t)p.p_offset) != (ssize_t)p.p_filesz) {
			fmt_msg(err, errlen, "cannot read a segment at 0x%llx",
				(unsigned long long)p.p_vaddr);
			return -1;
		}
	}
	return 0;
}

static int by_addr(const void *a, const void *b)
{
	const struct image_sym *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return y->func - x->func; /* functions first */
}

/* Calls fn(name, sym) for each named function or object symbol of e. */
static void each_symbol(Elf *e, void (*fn)(void *ctx, const char *name, const GElf_Sym *s),
			void *ctx)
{
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			if (!gelf_getsym(d, (int)i, &s))
				continue;
			int type = GELF_ST_TYPE(s.st_info);
			const char *name = elf_strptr(e, sh.sh_link, s.st_name);
			if ((type == STT_FUNC || type == STT_OBJECT) && name && *name &&
			    s.st_shndx != SHN_UNDEF)
				fn(ctx, name, &s);
		}
	}
}

static void add_image_sym(void *ctx, const char *name, const GElf_Sym *s)
{
	struct image *im = ctx;
	im->syms = xrealloc(im->syms, (size_t)(im->nsyms + 1) * sizeof *im->syms);
	im->syms[im->nsyms++] = (struct image_sym){ xstrdup(name), s->st_value, s->st_size,
						    GELF_ST_TYPE(s->st_info) == STT_FUNC,
						    s->st_value };
}

static void set_listing(void *ctx, const char *name, const GElf_Sym *s)
{
	struct image *im = ctx;
	if (GELF_ST_TYPE(s->st_info) != STT_FUNC)
		return;
	for (int i = 0; i < im->nsyms; i++)
		if (im->syms[i].func && !strcmp(im->syms[i].name, name))
			im->syms[i].listing = s->st_value;
}

static void load_sections(struct image *im, Elf *e)
{
	size_t shstrndx;
	if (elf_getshdrstrndx(e, &shstrndx) != 0)
		return;
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC) || sh.sh_size == 0)
			continue;
		const char *name = elf_strptr(e, shstrndx, sh.sh_name);
		struct image_range r = { sh.sh_addr, sh.sh_addr + sh.sh_size };
		if (name && !strcmp(name, "course_shared"))
			im->shared = r;
		else if (name && !strcmp(name, "course_observed"))
			im->observed = r;
		if (sh.sh_flags & SHF_WRITE) {
			im->writable = xrealloc(im->writable,
						(size_t)(im->nwritable + 1) * sizeof *im->writable);
			im->writable[im->nwritable++] = r;
		}
	}
}

/* Object symbols are read from the object itself: their values are its listing's addresses. */
static int load_listing(struct image *im, const char *obj_path, char *err, size_t errlen)
{
	int fd = open(obj_path, O_RDONLY);
	if (fd < 0) {
		fmt_msg(err, errlen, "%s: %s", obj_path, strerror(errno));
		return -1;
	}
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e) {
		fmt_msg(err, errlen, "%s: %s", obj_path, elf_errmsg(-1));
		close(fd);
		return -1;
	}
	each_symbol(e, set_listing, im);
	elf_end(e);
	close(fd);
	return 0;
}

static int load(struct image *im, const char *elf_path, const char *obj_path, char *err,
		size_t errlen)
{
	memset(im, 0, sizeof *im);
	im->fd = -1;
	elf_version(EV_CURRENT);
	im->fd = open(elf_path, O_RDONLY);
	if (im->fd < 0) {
		fmt_msg(err, errlen, "%s: %s", elf_path, strerror(errno));
		return -1;
	}
	Elf *e = elf_begin(im->fd, ELF_C_READ, NULL);
	im->elf = e;
	if (!e || elf_kind(e) != ELF_K_ELF) {
		fmt_msg(err, errlen, "%s: not an ELF file", elf_path);
		return -1;
	}
	if (load_segments(im, e, im->fd, err, errlen) != 0)
		return -1;
	load_sections(im, e);
	each_symbol(e, add_image_sym, im);
	if (load_listing(im, obj_path, err, errlen) != 0)
		return -1;
	qsort(im->syms, (size_t)im->nsyms, sizeof *im->syms, by_addr);
	im->dwarf =
		dwarf_begin_elf(e, DWARF_C_READ, NULL); /* NULL without debug info: lines are 0 */
	return 0;
}

int image_load(struct image *im, const char *elf_path, const char *obj_path, char *err,
	       size_t errlen)
{
	int rc = load(im, elf_path, obj_path, err, errlen);
	if (rc != 0)
		image_free(im);
	return rc;
}

void image_free(struct image *im)
{
	for (int i = 0; i < im->nsegs; i++)
		free(im->segs[i].bytes);
	for (int i = 0; i < im->nsyms; i++)
		free(im->syms[i].name);
	free(im->segs);
	free(im->syms);
	free(im->writable);
	if (im->dwarf)
		dwarf_end(im->dwarf);
	if (im->elf)
		elf_end(im->elf);
	if (im->fd >= 0)
		close(im->fd);
	memset(im, 0, sizeof *im);
	im->fd = -1;
}

const struct image_sym *image_find(const struct image *im, const char *name)
{
	for (int i = 0; i < im->nsyms; i++)
		if (!strcmp(im->syms[i].name, name))
			return &im->syms[i];
	return NULL;
}

const struct image_sym *image_at(const struct image *im, uint64_t addr)
{
	const struct image_sym *best = NULL;
	for (int i = 0; i < im->nsyms; i++) {
		const struct image_sym *s = &im->syms[i];
		if (addr >= s->addr && addr < s->addr + (s->size ? s->size : 1) &&
		    (!best || (s->func && !best->func)))
			best = s;
	}
	return best;
}

/* The compile unit holding pc: scanned, since clang emits no .debug_aranges. */
static int cu_of(Dwarf *dw, uint64_t pc, Dwarf_Die *cu)
{
	Dwarf_Off off = 0, next;
	size_t hsize;
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		if (dwarf_offdie(dw, off + hsize, cu) && dwarf_haspc(cu, pc) == 1)
			return 1;
		off = next;
	}
	return 0;
}

int image_line(const struct image *im, uint64_t pc)
{
	Dwarf_Die cu;
	if (!im->dwarf || !cu_of(im->dwarf, pc, &cu))
		return 0;
	Dwarf_Line *l = dwarf_getsrc_die(&cu, pc);
	int line = 0;
	if (!l || dwarf_lineno(l, &line) != 0)
		return 0;
	return line;
}
