/*
 * gen.c - writing a litmus test's threads as one assembly file and assembling it with binutils,
 * each assembler error mapped back to its litmus line (see gen.h).
 */
#define _GNU_SOURCE
#include "gen.h"

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

extern char **environ;

void gen_emit(struct gen *g, int litline, const char *fmt, ...)
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
char *gen_renamed(const struct a64_test *t, int th, const char *insn, const char *loc_prefix)
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
			buf_printf(&b, "%s%s", loc_prefix, id);
		else
			buf_puts(&b, id);
		free(id);
		p += n;
	}
	return buf_take(&b);
}

/* Runs argv (the assembler) with its diagnostics into log. 0 when it succeeded, 1 when it
 * failed, -1 when it could not run (errno). */
static int assemble(char *const argv[], const char *log)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int e = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
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

char *gen_assemble(const struct a64_test *t, const struct gen *g, const char *dir, const char *as,
		   const char *flag, const char *package, char **obj)
{
	char *src = xasprintf("%s/t.s", dir), *log = xasprintf("%s/as.err", dir), *err = NULL;
	*obj = xasprintf("%s/t.o", dir);
	char *argv[] = { (char *)as, (char *)flag, "--fatal-warnings", "-o", *obj, src, NULL };
	int rc = write_file_atomic(src, buf_str(&g->s), g->s.len) != 0 ? -1 : assemble(argv, log);
	if (rc < 0)
		err = xasprintf("%s:%d: cannot run %s: %s (install %s)", t->file, t->threads_line,
				as, strerror(errno), package);
	else if (rc > 0)
		err = as_error(t, g, log);
	free(src);
	free(log);
	return err;
}

void gen_free(struct gen *g)
{
	buf_free(&g->s);
	free(g->lit);
}
