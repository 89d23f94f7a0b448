/*
 * asm.c - a litmus test's threads assembled, linked and loaded (see asm.h).
 *
 * Thread i is the function a64_P<i>; its labels become .La64_<i>_<label> (labels are per thread in
 * herd's format, one assembly file has one namespace) and location x the object a64_loc_x. Every
 * instruction is checked to assemble to exactly 4 bytes, so instruction k of a thread is at its
 * entry + 4k and maps back to its litmus line.
 */
#define _GNU_SOURCE
#include "asm.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "buf.h"
#include "fileio.h"
#include "insn.h"
#include "link.h"
#include "workdir.h"

extern char **environ;

#define AS "aarch64-linux-gnu-as"

struct gen {
	struct buf s;
	int line; /* lines written so far */
	int *lit; /* lit[k]: the litmus line of assembly line k + 1 (0: none) */
	int cap;
};

static void emit(struct gen *g, int litline, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void emit(struct gen *g, int litline, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *text;
	if (vasprintf(&text, fmt, ap) < 0)
		abort();
	va_end(ap);
	for (const char *p = text;; p++) /* one entry per line written */
		if (*p == '\n' || !*p) {
			if (g->line == g->cap) {
				g->cap = g->cap ? 2 * g->cap : 64;
				g->lit = xrealloc(g->lit, (size_t)g->cap * sizeof *g->lit);
			}
			g->lit[g->line++] = litline;
			if (!*p)
				break;
		}
	buf_puts(&g->s, text);
	buf_putc(&g->s, '\n');
	free(text);
}

static int is_label(const struct a64_thread *th, const char *id, size_t n)
{
	for (int i = 0; i < th->ncells; i++)
		if (th->cells[i].label && strlen(th->cells[i].label) == n &&
		    !strncmp(th->cells[i].label, id, n))
			return 1;
	return 0;
}

/* The instruction with the thread's labels and the test's locations renamed. */
static char *renamed(const struct a64_test *t, int th, const char *insn)
{
	struct buf b = { 0 };
	for (const char *p = insn; *p;) {
		if (!(isalpha((unsigned char)*p) || *p == '_') ||
		    (p > insn && (isalnum((unsigned char)p[-1]) || p[-1] == '.'))) {
			buf_putc(&b, *p++);
			continue;
		}
		size_t n = 0;
		while (isalnum((unsigned char)p[n]) || p[n] == '_')
			n++;
		char *id = xstrndup(p, n);
		if (is_label(&t->threads[th], p, n))
			buf_printf(&b, ".La64_%d_%s", th, id);
		else if (a64_loc_find(t, id) >= 0)
			buf_printf(&b, "a64_loc_%s", id);
		else
			buf_puts(&b, id);
		free(id);
		p += n;
	}
	return buf_take(&b);
}

static void gen_thread(const struct a64_test *t, int th, struct gen *g)
{
	const struct a64_thread *c = &t->threads[th];
	emit(g, 0, "\t.globl a64_P%d\n\t.type a64_P%d, %%function\n\t.p2align 2\na64_P%d:", th, th,
	     th);
	int k = 0;
	for (int i = 0; i < c->ncells; i++) {
		const struct a64_cell *cell = &c->cells[i];
		if (cell->label)
			emit(g, cell->line, ".La64_%d_%s:", th, cell->label);
		if (!cell->insn)
			continue;
		char *s = renamed(t, th, cell->insn);
		emit(g, cell->line, ".La64_i%d_%d:", th, k);
		emit(g, cell->line, "\t%s", s);
		emit(g, cell->line, "\t.if (. - .La64_i%d_%d) != 4", th, k);
		emit(g, cell->line,
		     "\t.error \"this is not one instruction (a macro or a "
		     "pseudo-instruction?)\"");
		emit(g, cell->line, "\t.endif");
		free(s);
		k++;
	}
	emit(g, 0, "\tret\n\t.size a64_P%d, .-a64_P%d", th, th);
}

static void gen_source(const struct a64_test *t, struct gen *g)
{
	emit(g, 0, "\t.text");
	for (int i = 0; i < t->nthreads; i++)
		gen_thread(t, i, g);
	emit(g, 0, "\t.section course_shared,\"aw\"");
	emit(g, 0, "\t.p2align 3");
	for (int i = 0; i < t->nlocs; i++)
		emit(g, 0,
		     "\t.globl a64_loc_%s\n\t.type a64_loc_%s, %%object\na64_loc_%s:\n\t.quad "
		     "%llu\n\t.size a64_loc_%s, 8",
		     t->locs[i].name, t->locs[i].name, t->locs[i].name,
		     (unsigned long long)t->locs[i].init, t->locs[i].name);
}

/* Runs the assembler on src into obj; its diagnostics go to log. 0 when it succeeded, 1 when it
 * failed, -1 when it could not run (errno). */
static int assemble(const char *src, const char *obj, const char *log)
{
	char *argv[] = { AS,   "-march=armv8.4-a", "--fatal-warnings",
			 "-o", (char *)obj,	   (char *)src,
			 NULL };
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int e = posix_spawnp(&pid, AS, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0) {
		errno = e;
		return -1;
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

/* The assembler's first "<src>:<line>: Error: <msg>" as a litmus file:line error. */
static char *as_error(const struct a64_test *t, const struct gen *g, const char *log)
{
	char *text = read_file(log, NULL), *msg = NULL;
	int line = t->threads_line;
	for (char *p = text; p && *p && !msg; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
		char *m = strstr(p, ".s:");
		int n;
		if (!m || sscanf(m + 3, "%d", &n) != 1)
			continue;
		char *e = strstr(m, ": Error: "), *w = strstr(m, ": Warning: ");
		char *what = e ? e + 9 : w ? w + 11 : NULL;
		if (!what)
			continue;
		if (n >= 1 && n <= g->line && g->lit[n - 1])
			line = g->lit[n - 1];
		msg = xstrndup(what, strcspn(what, "\n"));
	}
	char *out = xasprintf("%s:%d: the assembler: %s", t->file, line,
			      msg ? msg : "failed without a message");
	free(msg);
	free(text);
	return out;
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
		snprintf(name, sizeof name, "a64_P%d", i);
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
	char *src = xasprintf("%s/t.s", dir), *obj = xasprintf("%s/t.o", dir),
	     *elf = xasprintf("%s/t.elf", dir), *log = xasprintf("%s/as.err", dir), *err = NULL;
	char msg[1024];
	gen_source(t, &g);
	int rc = write_file_atomic(src, buf_str(&g.s), g.s.len) != 0 ? -1 : assemble(src, obj, log);
	if (rc < 0)
		err = xasprintf("%s:%d: cannot run %s: %s (install binutils-aarch64-linux-gnu)",
				t->file, t->threads_line, AS, strerror(errno));
	else if (rc > 0)
		err = as_error(t, &g, log);
	else if (link_object(arch_find("aarch64"), obj, elf, dir, msg, sizeof msg) != 0)
		err = xasprintf("%s:%d: the linker: %s", t->file, t->threads_line, msg);
	else if (image_load(&out->im, elf, obj, msg, sizeof msg) != 0)
		err = xasprintf("%s:%d: the linked image: %s", t->file, t->threads_line, msg);
	else if (!(err = locate(t, out)))
		err = classify(t, out);
	buf_free(&g.s);
	free(g.lit);
	free(src), free(obj), free(elf), free(log);
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
