/*
 * proctree.c - process-tree accounting and killing through /proc (see proctree.h).
 * /proc/<pid>/stat fields used (proc(5)): 4 ppid, 14-17 utime stime cutime cstime (clock ticks),
 * 22 starttime, 24 rss (pages); field 3 is the state ('Z' for a zombie).
 */
#define _GNU_SOURCE
#include "proctree.h"
#include "buf.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

struct pstat {
	pid_t pid, ppid;
	char state;
	long long ticks; /* utime + stime + cutime + cstime */
	long long rss_pages;
	unsigned long long start;
	int in_tree;
};

/* Reads /proc/<pid>/stat. Returns 0, or -1 if the process is gone or the line is malformed. */
static int read_stat(pid_t pid, struct pstat *p)
{
	char path[64], line[4096];
	xsnprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t n = read(fd, line, sizeof line - 1);
	close(fd);
	if (n <= 0)
		return -1;
	line[n] = '\0';
	/* the command name is in parentheses and may contain anything: fields start after the last ')' */
	char *s = strrchr(line, ')');
	if (!s || s[1] != ' ')
		return -1;
	s += 2;
	unsigned long long f[22]; /* f[i] is field i + 3: f[1] ppid ... f[21] rss (field 24) */
	char state = *s;
	s++;
	for (int i = 1; i < 22; i++) {
		char *end;
		errno = 0;
		f[i] = strtoull(s, &end, 10); /* field 8 (tpgid) may be -1: wraps, unused */
		if (end == s || errno)
			return -1;
		s = end;
	}
	p->pid = pid;
	p->state = state;
	p->ppid = (pid_t)f[1];
	p->ticks = (long long)(f[11] + f[12] + f[13] + f[14]);
	p->start = f[19];
	p->rss_pages = (long long)f[21];
	p->in_tree = 0;
	return 0;
}

/* Every process of /proc, with in_tree set for the descendants of root. Caller frees. */
static struct pstat *scan(pid_t root, size_t *np)
{
	DIR *d = opendir("/proc");
	if (!d)
		return NULL;
	size_t n = 0, cap = 256;
	struct pstat *v = malloc(cap * sizeof *v);
	struct dirent *e;
	while (v && (e = readdir(d))) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);
		if (*end || pid <= 0)
			continue;
		if (n == cap) {
			cap *= 2;
			struct pstat *nv = realloc(v, cap * sizeof *v);
			if (!nv) {
				free(v);
				v = NULL;
				break;
			}
			v = nv;
		}
		if (read_stat((pid_t)pid, &v[n]) == 0)
			n++;
	}
	closedir(d);
	if (!v)
		return NULL;
	/* mark descendants: repeat until nothing changes (depth is small) */
	for (int changed = 1; changed;) {
		changed = 0;
		for (size_t i = 0; i < n; i++) {
			if (v[i].in_tree)
				continue;
			int parent_in = v[i].ppid == root;
			for (size_t j = 0; !parent_in && j < n; j++)
				parent_in = v[j].in_tree && v[j].pid == v[i].ppid;
			if (parent_in)
				v[i].in_tree = changed = 1;
		}
	}
	*np = n;
	return v;
}

int proctree_sample(pid_t root, struct proc_usage *u)
{
	memset(u, 0, sizeof *u);
	size_t n;
	struct pstat *v = scan(root, &n);
	if (!v)
		return -1;
	long hz = sysconf(_SC_CLK_TCK);
	long page_kb = sysconf(_SC_PAGESIZE) / 1024;
	long long ticks = 0;
	for (size_t i = 0; i < n; i++) {
		if (!v[i].in_tree)
			continue;
		ticks += v[i].ticks;
		if (v[i].state != 'Z' && v[i].state != 'X') {
			u->rss_kb += v[i].rss_pages * page_kb;
			u->count++;
		}
	}
	u->cpu_ms = hz > 0 ? ticks * 1000 / hz : 0;
	free(v);
	return 0;
}

static int kill_checked(const struct pstat *p)
{
#ifdef SYS_pidfd_open
	int fd = (int)syscall(SYS_pidfd_open, p->pid, 0);
	if (fd >= 0) {
		struct pstat again;
		int same = read_stat(p->pid, &again) == 0 && again.start == p->start;
		int ok = same && syscall(SYS_pidfd_send_signal, fd, SIGKILL, NULL, 0) == 0;
		close(fd);
		return ok;
	}
	if (errno != ENOSYS)
		return 0; /* gone already */
#endif
	struct pstat again;
	if (read_stat(p->pid, &again) != 0 || again.start != p->start)
		return 0;
	return kill(p->pid, SIGKILL) == 0;
}

int proctree_kill(pid_t root)
{
	size_t n;
	struct pstat *v = scan(root, &n);
	if (!v)
		return 0;
	int killed = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].in_tree && v[i].state != 'Z' && v[i].state != 'X')
			killed += kill_checked(&v[i]);
	free(v);
	return killed;
}
