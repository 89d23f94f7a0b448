/*
 * asm.c - a litmus test's threads assembled, linked and loaded (see asm.h).
 *
 * Thread i is the function a64_P<i>; its labels become .La64_<i>_<label> (labels are per thread in
 * herd's format, one assembly file has one namespace) and location x the object a64_loc_x. Every
 * instruction is checked to assemble to exactly 4 bytes, so instruction k of a thread is at its
 * entry + 4k and maps back to its litmus line.
 */
#define _POSIX_C_SOURCE 200809L
#include "asm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "gen.h"
#include "insn.h"
#include "link.h"
#include "workdir.h"

static void gen_thread(const struct a64_test *t, int th, struct gen *g)
{
	const struct a64_thread *c = &t->threads[th];
	gen_emit(g, 0, "\t.globl a64_P%d\n\t.type a64_P%d, %%function\n\t.p2align 2\na64_P%d:", th,
		 th, th);
	int k = 0;
	for (int i = 0; i < c->ncells; i++) {
		const struct a64_cell *cell = &c->cells[i];
		if (cell->label)
			gen_emit(g, cell->line, ".La64_%d_%s:", th, cell->label);
		if (!cell->insn)
			continue;
		char *s = gen_renamed(t, th, cell->insn, "a64_loc_");
		gen_emit(g, cell->line, ".La64_i%d_%d:", th, k);
		gen_emit(g, cell->line, "\t%s", s);
		gen_emit(g, cell->line, "\t.if (. - .La64_i%d_%d) != 4", th, k);
		gen_emit(g, cell->line,
			 "\t.error \"this is not one instruction (a macro or a "
			 "pseudo-instruction?)\"");
		gen_emit(g, cell->line, "\t.endif");
		free(s);
		k++;
	}
	gen_emit(g, 0, "\tret\n\t.size a64_P%d, .-a64_P%d", th, th);
}

static void gen_source(const struct a64_test *t, struct gen *g)
{
	gen_emit(g, 0, "\t.text");
	for (int i = 0; i < t->nthreads; i++)
		gen_thread(t, i, g);
	gen_emit(g, 0, "\t.section course_shared,\"aw\"");
	gen_emit(g, 0, "\t.p2align 3");
	for (int i = 0; i < t->nlocs; i++)
		gen_emit(g, 0,
			 "\t.globl a64_loc_%s\n\t.type a64_loc_%s, %%object\na64_loc_%s:\n\t.quad "
			 "%llu\n\t.size a64_loc_%s, 8",
			 t->locs[i].name, t->locs[i].name, t->locs[i].name,
			 (unsigned long long)t->locs[i].init, t->locs[i].name);
}

static int image_word(const struct image *im, uint64_t addr, uint32_t *w)
{
	for (int i = 0; i < im->nsegs; i++) {
		const struct image_seg *s = &im->segs[i];
		if (addr >= s->addr && addr + 4 <= s->addr + s->size) {
			const uint8_t *p = s->bytes + (addr - s->addr);
			*w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
			     (uint32_t)p[3] << 24;
			return 0;
		}
	}
	return -1;
}

/* Each thread's entry and cells, each location's address. */
static char *locate(const struct a64_test *t, struct a64_image *ai)
{
	for (int i = 0; i < t->nthreads; i++) {
		char name[32];
		xsnprintf(name, sizeof name, "a64_P%d", i);
		const struct image_sym *s = image_find(&ai->im, name);
		if (!s)
			return xasprintf("%s:%d: P%d is missing from the linked image", t->file,
					 t->threads_line, i);
		ai->entry[i] = s->addr;
		ai->ninsn[i] = (int)(s->size / 4);
		ai->cell[i] = xcalloc((size_t)ai->ninsn[i] + 1, sizeof(int));
		int k = 0;
		for (int c = 0; c < t->threads[i].ncells && k < ai->ninsn[i]; c++)
			if (t->threads[i].cells[c].insn)
				ai->cell[i][k++] = c;
		if (k != ai->ninsn[i] - 1)
			return xasprintf("%s:%d: P%d assembled to %d instructions for %d lines",
					 t->file, t->threads_line, i, ai->ninsn[i] - 1, k);
	}
	ai->loc_addr = xcalloc((size_t)t->nlocs + 1, sizeof *ai->loc_addr);
	for (int i = 0; i < t->nlocs; i++) {
		char *name = xasprintf("a64_loc_%s", t->locs[i].name);
		const struct image_sym *s = image_find(&ai->im, name);
		free(name);
		if (!s)
			return xasprintf("%s:%d: location %s is missing from the linked image",
					 t->file, t->locs[i].line, t->locs[i].name);
		ai->loc_addr[i] = s->addr;
	}
	ai->shared_lo = ai->im.shared.lo;
	ai->shared_hi = ai->im.shared.hi;
	return NULL;
}

/* Every instruction of every thread must be one the model knows. */
static char *classify(const struct a64_test *t, const struct a64_image *ai)
{
	for (int i = 0; i < t->nthreads; i++)
		for (int k = 0; k + 1 < ai->ninsn[i]; k++) {
			uint32_t w;
			struct a64_insn in;
			const struct a64_cell *c = &t->threads[i].cells[ai->cell[i][k]];
			if (image_word(&ai->im, ai->entry[i] + 4u * (uint64_t)k, &w) != 0)
				return xasprintf("%s:%d: P%d: the instruction is not in the image",
						 t->file, c->line, i);
			a64_decode(w, &in);
			if (in.kind == A64_UNKNOWN)
				return xasprintf("%s:%d: P%d: '%s' is %s that the model does not "
						 "know",
						 t->file, c->line, i, c->insn, in.name);
		}
	return NULL;
}

static char *build(const struct a64_test *t, struct a64_image *out, const char *dir)
{
	struct gen g = { 0 };
	char *elf = xasprintf("%s/t.elf", dir), *obj = NULL, *err;
	char msg[1024];
	gen_source(t, &g);
	err = gen_assemble(t, &g, dir, "aarch64-linux-gnu-as", "-march=armv8.4-a",
			   "binutils-aarch64-linux-gnu", &obj);
	if (!err && link_object(arch_find("aarch64"), obj, elf, dir, msg, sizeof msg) != 0)
		err = xasprintf("%s:%d: the linker: %s", t->file, t->threads_line, msg);
	else if (!err && image_load(&out->im, elf, obj, msg, sizeof msg) != 0)
		err = xasprintf("%s:%d: the linked image: %s", t->file, t->threads_line, msg);
	else if (!err && !(err = locate(t, out)))
		err = classify(t, out);
	gen_free(&g);
	free(obj);
	free(elf);
	return err;
}

int a64_image_build(const struct a64_test *t, struct a64_image *out, char **err)
{
	memset(out, 0, sizeof *out);
	out->im.fd = -1;
	out->t = t;
	char *dir = workdir_new();
	*err = build(t, out, dir);
	workdir_free(dir);
	if (*err) {
		a64_image_free(out);
		return -1;
	}
	return 0;
}

void a64_image_free(struct a64_image *ai)
{
	if (ai->im.fd >= 0 || ai->im.segs)
		image_free(&ai->im);
	for (int i = 0; i < A64_MAX_THREADS; i++)
		free(ai->cell[i]);
	free(ai->loc_addr);
	memset(ai, 0, sizeof *ai);
	ai->im.fd = -1;
}

void a64_image_where(const struct a64_image *ai, uint64_t pc, int *line, const char **text)
{
	*line = 0;
	*text = "";
	for (int i = 0; i < ai->t->nthreads; i++) {
		if (pc < ai->entry[i] || pc >= ai->entry[i] + 4u * (uint64_t)ai->ninsn[i])
			continue;
		int k = (int)((pc - ai->entry[i]) / 4);
		if (k + 1 >= ai->ninsn[i]) {
			*text = "(the end of the thread)";
			return;
		}
		const struct a64_cell *c = &ai->t->threads[i].cells[ai->cell[i][k]];
		*line = c->line;
		*text = c->insn;
		return;
	}
}
