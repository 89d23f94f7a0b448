/*
 * bwrap.c - the sandbox's layout as a bubblewrap command line, and the probe (see bwrap.h).
 */
#define _GNU_SOURCE
#include "bwrap.h"
#include "buf.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

struct args {
	char **v;
	size_t n, cap;
};

static void add(struct args *a, const char *s)
{
	if (a->n + 2 > a->cap) {
		a->cap = a->cap ? a->cap * 2 : 64;
		a->v = xrealloc(a->v, a->cap * sizeof *a->v);
	}
	a->v[a->n] = xstrdup(s);
	a->v[++a->n] = NULL;
}

static void add2(struct args *a, const char *x, const char *y)
{
	add(a, x);
	add(a, y);
}

static void add3(struct args *a, const char *x, const char *y, const char *z)
{
	add(a, x);
	add(a, y);
	add(a, z);
}

void argv_free(char **argv)
{
	if (!argv)
		return;
	for (char **p = argv; *p; p++)
		free(*p);
	free(argv);
}

/* The namespaces, identity and process options every sandbox gets (also the probe's). */
static void base_options(struct args *a)
{
	add(a, "--unshare-all"); /* user, ipc, pid, net, uts, cgroup: no network */
	add(a, "--unshare-user");
	add2(a, "--uid", "65534");
	add2(a, "--gid", "65534");
	add(a, "--disable-userns");
	add2(a, "--hostname", "sandbox");
	add2(a, "--cap-drop", "ALL");
	add(a, "--new-session");
	add(a, "--die-with-parent");
}

/* /usr, and each top-level link or directory a merged-/usr or classic system runs programs from. */
static void toolchain(struct args *a)
{
	static const char *const top[] = { "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32" };
	add3(a, "--ro-bind", "/usr", "/usr");
	for (size_t i = 0; i < sizeof top / sizeof *top; i++) {
		struct stat st;
		if (lstat(top[i], &st) != 0)
			continue;
		if (S_ISLNK(st.st_mode)) {
			char target[PATH_MAX];
			ssize_t n = readlink(top[i], target, sizeof target - 1);
			if (n <= 0)
				continue;
			target[n] = '\0';
			add3(a, "--symlink", target, top[i]);
		} else if (S_ISDIR(st.st_mode)) {
			add3(a, "--ro-bind", top[i], top[i]);
		}
	}
	add2(a, "--proc", "/proc");
	add2(a, "--dev", "/dev");
}

static int inside(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	return strncmp(path, dir, n) == 0 &&
	       (path[n] == '\0' || path[n] == '/' || (n == 1 && dir[0] == '/'));
}

char **bwrap_argv(const struct sbx_spec *s)
{
	struct args a = { 0 };
	add(&a, s->bwrap ? s->bwrap : "bwrap");
	base_options(&a);
	char num[32];
	xsnprintf(num, sizeof num, "%lld", s->lim.file_bytes > 0 ? s->lim.file_bytes : 64LL << 20);
	toolchain(&a);
	add2(&a, "--size", num);
	add2(&a, "--tmpfs", "/tmp");
	for (int i = 0; i < s->nro; i++)
		add3(&a, "--ro-bind", s->ro[i], s->ro[i]);
	for (int i = 0; i < s->nrw; i++)
		add3(&a, "--bind", s->rw[i], s->rw[i]);
	int covered = inside(s->cwd, "/usr");
	for (int i = 0; i < s->nrw && !covered; i++)
		covered = inside(s->cwd, s->rw[i]);
	for (int i = 0; i < s->nro && !covered; i++)
		covered = inside(s->cwd, s->ro[i]);
	if (!covered)
		add2(&a, "--dir", s->cwd); /* an empty directory: the step's paths are absolute */
	add2(&a, "--chdir", s->cwd);
	char fd[16];
	xsnprintf(fd, sizeof fd, "%d", SBX_STATUS_FD);
	add2(&a, "--json-status-fd", fd);
	add(&a, "--");
	for (char **p = s->argv; *p; p++)
		add(&a, *p);
	return a.v;
}

int bwrap_probe(const char *bwrap, struct buf *why)
{
	struct args a = { 0 };
	add(&a, bwrap ? bwrap : "bwrap");
	base_options(&a);
	toolchain(&a);
	add(&a, "--");
	add(&a, "true");
	int p[2];
	if (pipe2(p, O_CLOEXEC) != 0) {
		buf_printf(why, "pipe: %s", strerror(errno));
		argv_free(a.v);
		return -1;
	}
	pid_t pid = fork();
	if (pid == 0) {
		dup2(p[1], 2);
		int null = open("/dev/null", O_RDWR);
		dup2(null, 0);
		dup2(null, 1);
		execvp(a.v[0], a.v);
		dprintf(2, "cannot run %s: %s", a.v[0], strerror(errno));
		_exit(127);
	}
	close(p[1]);
	struct buf err = { 0 };
	char chunk[512];
	ssize_t n;
	while ((n = read(p[0], chunk, sizeof chunk)) > 0 && err.len < 4096)
		buf_put(&err, chunk, (size_t)n);
	close(p[0]);
	int st = 0;
	int ok = pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
	if (!ok) {
		while (err.len && (err.data[err.len - 1] == '\n' || err.data[err.len - 1] == ' '))
			err.data[--err.len] = '\0';
		buf_puts(why, err.len ? buf_str(&err) :
			      pid < 0 ? "fork failed" :
					"bubblewrap failed");
	}
	buf_free(&err);
	argv_free(a.v);
	return ok ? 0 : -1;
}
