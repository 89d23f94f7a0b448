/*
 * runner.c - one step under the sandbox and its limits (see runner.h for the contract).
 *
 * The runner forks the step (bwrap, or the command itself when the teacher opted out) with its
 * stdout and stderr on pipes, then loops: relay output up to the output limit; every tick, reap
 * what exited, check the wall clock, and sample the process tree (CPU time, resident memory,
 * process count) and the growth of the writable directories. The first limit crossed kills the
 * whole tree and becomes the verdict. A step that ends on its own is OK (exit 0), or FAIL, unless
 * its signal or its last words show that an rlimit backstop stopped it (verdict.h).
 */
#define _GNU_SOURCE
#include "runner.h"

#include "bwrap.h"
#include "proctree.h"
#include "verdict.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define EXEC_ERR_FD 4	    /* the child reports a failed exec here (close-on-exec) */
#define SAMPLE_EVERY_MS 100 /* process-tree sample */
#define DU_EVERY_MS 500	    /* writable-directory usage */
#define STATUS_MAX 65536    /* bubblewrap's JSON status kept */

const char *sbx_verdict_name(enum sbx_verdict v)
{
	static const char *const names[] = { "OK",     "FAIL",	  "TIMEOUT", "MEMORY",
					     "OUTPUT", "REFUSED", "ERROR" };
	return (unsigned)v < sizeof names / sizeof *names ? names[v] : "ERROR";
}

void sbx_result_free(struct sbx_result *r)
{
	buf_free(&r->message);
	buf_free(&r->output);
}

static long long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The step's environment: a clean one, then the caller's NAME=VALUE entries (a later entry
 * replaces an earlier one of the same name). NULL-terminated; free the array only. */
static char **make_env(const struct sbx_spec *s)
{
	static const char *const base[] = { "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp",
					    "TMPDIR=/tmp", "LANG=C.UTF-8" };
	size_t nb = sizeof base / sizeof *base, n = 0;
	char **env = calloc(nb + (size_t)s->nenv + 1, sizeof *env);
	if (!env)
		abort();
	for (size_t i = 0; i < nb + (size_t)s->nenv; i++) {
		const char *e = i < nb ? base[i] : s->env[i - nb];
		const char *eq = strchr(e, '=');
		size_t klen = eq ? (size_t)(eq - e) + 1 : strlen(e);
		size_t j = 0;
		while (j < n && strncmp(env[j], e, klen) != 0)
			j++;
		env[j] = (char *)e;
		if (j == n)
			n++;
	}
	return env;
}

static long long du_total;
static int du_add(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)path, (void)flag, (void)ftw;
	du_total += (long long)st->st_blocks * 512;
	return 0;
}

/* Bytes allocated under the writable directories. */
static long long rw_usage(const struct sbx_spec *s)
{
	du_total = 0;
	for (int i = 0; i < s->nrw; i++)
		nftw(s->rw[i], du_add, 16, FTW_PHYS);
	return du_total;
}

static void set_limit(int resource, rlim_t soft, rlim_t hard)
{
	struct rlimit rl = { soft, hard };
	setrlimit(resource, &rl);
}

/* In the forked child: stdio onto the pipes, bubblewrap's status fd, limits, exec. */
static void __attribute__((noreturn))
child(const struct sbx_spec *s, char **argv, char **env, int out, int err, int status, int exec_err)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	setpgid(0, 0);
	int fds[4] = { out, err, status, exec_err };
	for (int i = 0; i < 4; i++)
		if (fds[i] >= 0)
			fds[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, 100);
	int null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (null < 0 || fds[0] < 0 || fds[1] < 0 || fds[3] < 0)
		_exit(127);
	dup2(null, 0);
	dup2(fds[0], 1);
	dup2(fds[1], 2);
	if (fds[2] >= 0)
		dup2(fds[2], SBX_STATUS_FD);
	else
		close(SBX_STATUS_FD);
	dup3(fds[3], EXEC_ERR_FD, O_CLOEXEC);
	if (syscall(SYS_close_range, EXEC_ERR_FD + 1, ~0U, 0) != 0)
		for (int fd = EXEC_ERR_FD + 1; fd < 1024; fd++)
			close(fd);
	set_limit(RLIMIT_CORE, 0, 0);
	if (s->lim.cpu_sec > 0) {
		rlim_t cpu = (rlim_t)ceil(s->lim.cpu_sec) + 1;
		set_limit(RLIMIT_CPU, cpu, cpu + 1);
	}
	if (s->lim.mem_kb > 0)
		set_limit(RLIMIT_DATA, (rlim_t)s->lim.mem_kb * 1024, (rlim_t)s->lim.mem_kb * 1024);
	if (s->lim.file_bytes > 0)
		set_limit(RLIMIT_FSIZE, (rlim_t)s->lim.file_bytes, (rlim_t)s->lim.file_bytes);
	if (s->unsandboxed && chdir(s->cwd) != 0) {
		int e = errno;
		(void)!write(EXEC_ERR_FD, &e, sizeof e);
		_exit(127);
	}
	environ = env;
	execvp(argv[0], argv);
	int e = errno;
	(void)!write(EXEC_ERR_FD, &e, sizeof e);
	_exit(127);
}

struct run {
	const struct sbx_spec *s;
	struct sbx_result *r;
	pid_t pid;
	int fd[3]; /* stdout, stderr, bubblewrap status; -1 once closed */
	struct buf status;
	const char *tripped;
	int main_done, main_status;
	long long t0, killed_at, peak_rss_kb, seen_cpu_ms; /* seen: the last sample's total */
	struct rusage before;
};

static void trip(struct run *x, const char *limit)
{
	if (!x->tripped)
		x->tripped = limit;
}

static void relay(struct run *x, int which, const char *p, size_t n)
{
	struct sbx_result *r = x->r;
	if (which == 2) {
		if (x->status.len < STATUS_MAX)
			buf_put(&x->status, p, n);
		return;
	}
	if (x->tripped)
		return; /* drain only */
	long long room = x->s->lim.output_bytes > 0 ? x->s->lim.output_bytes - r->output_bytes :
						      (long long)n;
	size_t keep = n <= (size_t)(room > 0 ? room : 0) ? n : (size_t)(room > 0 ? room : 0);
	int to = which == 0 ? x->s->out_fd : x->s->err_fd;
	if (keep && to >= 0)
		(void)!write(to, p, keep);
	buf_put(&r->output, p, keep);
	r->output_bytes += (long long)n;
	if (keep < n)
		trip(x, "output");
}

static void read_pipes(struct run *x, int timeout_ms)
{
	struct pollfd pf[3];
	int which[3], n = 0;
	for (int i = 0; i < 3; i++) {
		if (x->fd[i] < 0)
			continue;
		pf[n] = (struct pollfd){ .fd = x->fd[i], .events = POLLIN };
		which[n++] = i;
	}
	if (poll(pf, (nfds_t)n, timeout_ms) <= 0)
		return;
	for (int k = 0; k < n; k++) {
		if (!(pf[k].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		char chunk[65536];
		ssize_t got = read(pf[k].fd, chunk, sizeof chunk);
		if (got > 0) {
			relay(x, which[k], chunk, (size_t)got);
		} else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
			close(pf[k].fd);
			x->fd[which[k]] = -1;
		}
	}
}

static long long reaped_cpu_ms(const struct run *x)
{
	struct rusage ru;
	getrusage(RUSAGE_CHILDREN, &ru);
	long long us = (ru.ru_utime.tv_sec - x->before.ru_utime.tv_sec) * 1000000LL +
		       (ru.ru_utime.tv_usec - x->before.ru_utime.tv_usec) +
		       (ru.ru_stime.tv_sec - x->before.ru_stime.tv_sec) * 1000000LL +
		       (ru.ru_stime.tv_usec - x->before.ru_stime.tv_usec);
	return us / 1000;
}

static void reap(struct run *x)
{
	int st;
	pid_t w;
	while ((w = waitpid(-1, &st, WNOHANG)) > 0) {
		if (w == x->pid && !x->main_done) {
			x->main_done = 1;
			x->main_status = st;
			/* The step is over when its main process is: nothing of it may outlive it. */
			proctree_kill(getpid());
		}
	}
}

static void check_tree(struct run *x)
{
	const struct sbx_limits *l = &x->s->lim;
	struct proc_usage u;
	if (proctree_sample(getpid(), &u) != 0)
		return;
	long long cpu = u.cpu_ms + reaped_cpu_ms(x);
	if (cpu > x->seen_cpu_ms)
		x->seen_cpu_ms = cpu;
	if (u.rss_kb > x->peak_rss_kb)
		x->peak_rss_kb = u.rss_kb;
	if (l->cpu_sec > 0 && cpu >= (long long)(l->cpu_sec * 1000))
		trip(x, "cpu");
	else if (l->mem_kb > 0 && u.rss_kb > l->mem_kb)
		trip(x, "memory");
	else if (l->procs > 0 && u.count > l->procs)
		trip(x, "processes");
}

/* The monitor loop: until the main process is reaped and every pipe is closed. */
static void monitor(struct run *x)
{
	const struct sbx_limits *l = &x->s->lim;
	long long next_sample = x->t0, next_du = x->t0 + DU_EVERY_MS, base_du = rw_usage(x->s);
	while (!x->main_done || x->fd[0] >= 0 || x->fd[1] >= 0 || x->fd[2] >= 0) {
		long long now = now_ms();
		int timeout = SBX_TICK_MS;
		if (!x->tripped && l->wall_sec > 0) {
			long long left = x->t0 + (long long)(l->wall_sec * 1000) - now;
			timeout = left < timeout ? (left > 0 ? (int)left : 0) : timeout;
		}
		read_pipes(x, timeout);
		reap(x);
		now = now_ms();
		if (!x->main_done && l->wall_sec > 0 &&
		    now - x->t0 >= (long long)(l->wall_sec * 1000))
			trip(x, "wall");
		if (!x->main_done && now >= next_sample) {
			check_tree(x);
			next_sample = now + SAMPLE_EVERY_MS;
		}
		if (!x->main_done && x->s->nrw && now >= next_du) {
			if (l->file_bytes > 0 && rw_usage(x->s) - base_du > l->file_bytes)
				trip(x, "file");
			next_du = now + DU_EVERY_MS;
		}
		if (x->tripped && (!x->killed_at || now - x->killed_at >= SBX_TICK_MS)) {
			if (!x->main_done)
				kill(x->pid, SIGKILL); /* not reaped yet: the pid is still ours */
			proctree_kill(getpid());
			x->killed_at = now;
		}
	}
	/* anything left (a process that closed its pipes) was killed when the main process ended */
	for (int i = 0; i < 100; i++) {
		pid_t w = waitpid(-1, NULL, WNOHANG);
		if (w < 0)
			break;
		if (w == 0) {
			proctree_kill(getpid());
			usleep(10000);
		}
	}
}

/* The first "bwrap: ..." line of the output, for a sandbox that could not be set up. */
static void bwrap_error(const struct buf *out, struct buf *msg)
{
	const char *p = strstr(buf_str(out), "bwrap: ");
	if (!p) {
		buf_puts(msg, "bubblewrap exited before starting the command");
		return;
	}
	const char *end = strchr(p, '\n');
	buf_put(msg, p, end ? (size_t)(end - p) : strlen(p));
}

/* How a step that was not killed by the monitor ended. */
static void classify(struct run *x)
{
	struct sbx_result *r = x->r;
	const struct sbx_spec *s = x->s;
	int code = 0, sig = 0;
	if (s->unsandboxed) {
		if (WIFEXITED(x->main_status))
			code = WEXITSTATUS(x->main_status);
		else
			sig = WTERMSIG(x->main_status);
	} else {
		const char *ec = strstr(buf_str(&x->status), "\"exit-code\"");
		if (!ec) {
			struct buf why = { 0 };
			if (bwrap_probe(s->bwrap, &why) != 0) {
				r->verdict = SBX_REFUSED;
				buf_printf(
					&r->message,
					"bubblewrap cannot create a sandbox on this machine (%s): refusing to run "
					"untrusted code; a teacher who trusts every file may opt out explicitly",
					buf_str(&why));
			} else {
				r->verdict = SBX_ERROR;
				bwrap_error(&r->output, &r->message);
			}
			buf_free(&why);
			return;
		}
		ec = strchr(ec, ':');
		code = ec ? atoi(ec + 1) : 1;
		if (code > 128 && code < 128 + 65) {
			sig = code - 128;
			code = 0;
		}
	}
	r->exit_code = sig ? -1 : code;
	r->signal = sig;
	if (!sig && code == 0) {
		r->verdict = SBX_OK;
		return;
	}
	const char *limit = verdict_backstop(buf_str(&r->output), sig);
	if (!limit && s->lim.cpu_sec > 0 && r->cpu_ms >= (long long)(s->lim.cpu_sec * 1000))
		limit = "cpu";
	if (limit)
		verdict_limit(r, limit, &s->lim);
	else
		r->verdict = SBX_FAIL;
}

static int open_pipes(int out[2], int err[2], int st[2], int ex[2], int sandboxed)
{
	if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC) || pipe2(ex, O_CLOEXEC))
		return -1;
	if (sandboxed)
		return pipe2(st, O_CLOEXEC);
	st[0] = st[1] = -1;
	return 0;
}

int sbx_run(const struct sbx_spec *s, struct sbx_result *r)
{
	memset(r, 0, sizeof *r);
	r->exit_code = -1;
	struct run x = { .s = s, .r = r, .fd = { -1, -1, -1 } };
	char **argv = s->unsandboxed ? NULL : bwrap_argv(s);
	char **env = make_env(s);
	int out[2], err[2], st[2], ex[2];
	if (open_pipes(out, err, st, ex, !s->unsandboxed) != 0) {
		r->verdict = SBX_ERROR;
		buf_printf(&r->message, "cannot create pipes: %s", strerror(errno));
		goto done;
	}
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	getrusage(RUSAGE_CHILDREN, &x.before);
	x.t0 = now_ms();
	x.pid = fork();
	if (x.pid == 0)
		child(s, argv ? argv : s->argv, env, out[1], err[1], st[1], ex[1]);
	close(out[1]), close(err[1]), close(ex[1]);
	if (st[1] >= 0)
		close(st[1]);
	x.fd[0] = out[0], x.fd[1] = err[0], x.fd[2] = st[0];
	int e = 0;
	ssize_t got = x.pid > 0 ? read(ex[0], &e, sizeof e) : 0;
	close(ex[0]);
	if (x.pid < 0 || got == (ssize_t)sizeof e) {
		if (x.pid > 0)
			waitpid(x.pid, NULL, 0);
		for (int i = 0; i < 3; i++)
			if (x.fd[i] >= 0)
				close(x.fd[i]);
		const char *what = argv ? argv[0] : s->argv[0];
		r->verdict = !s->unsandboxed && e == ENOENT ? SBX_REFUSED : SBX_ERROR;
		if (r->verdict == SBX_REFUSED)
			buf_printf(
				&r->message,
				"bubblewrap (%s) is not installed: refusing to run untrusted code; "
				"a teacher who trusts every file may opt out explicitly",
				what);
		else
			buf_printf(&r->message, "cannot run %s: %s", what,
				   strerror(x.pid < 0 ? errno : e));
		goto done;
	}
	monitor(&x);
	r->wall_ms = now_ms() - x.t0;
	/* a killed pid namespace takes its processes' times with it: keep what the samples saw */
	r->cpu_ms = reaped_cpu_ms(&x);
	if (x.seen_cpu_ms > r->cpu_ms)
		r->cpu_ms = x.seen_cpu_ms;
	struct rusage ru;
	getrusage(RUSAGE_CHILDREN, &ru);
	r->peak_rss_kb = ru.ru_maxrss > x.peak_rss_kb ? ru.ru_maxrss : x.peak_rss_kb;
	if (x.tripped) {
		verdict_limit(r, x.tripped, &s->lim);
		r->signal = SIGKILL;
	} else {
		classify(&x);
	}
done:
	buf_free(&x.status);
	argv_free(argv);
	free(env);
	return 0;
}
