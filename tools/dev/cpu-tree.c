// cpu-tree.c - runs a command and prints the CPU seconds (user, sys) of it and of every process it
// started, those reparented away from their parents included (chromium's renderers, the kit's
// compilers): the tool makes itself the child subreaper (prctl PR_SET_CHILD_SUBREAPER), so every
// orphan of the command's tree is reparented to it and reaped by it, and getrusage(RUSAGE_CHILDREN)
// then holds the whole tree's CPU. Unlike tools/dev/cpu-of.sh it does not count other work on the
// machine, so before/after figures can be taken while other jobs run (their wall times still vary).
//   cc -O2 -o build/cpu-tree tools/dev/cpu-tree.c && build/cpu-tree node --test tools/lab/tests/x.test.js
// Prints "cpu-tree: rc=N wall W s, user U s, sys S s, cpu U+S s" on stderr (the command's output is its own).
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double secs(struct timeval tv)
{
	return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: cpu-tree COMMAND [ARG...]\n");
		return 2;
	}
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
		perror("cpu-tree: prctl");
		return 2;
	}
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t pid = fork();
	if (pid < 0) {
		perror("cpu-tree: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		perror("cpu-tree: exec");
		_exit(127);
	}
	int rc = -1, st;
	for (;;) { // every descendant, the orphans reparented here included
		pid_t w = wait(&st);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			break;
		if (w == pid)
			rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	struct rusage ru;
	getrusage(RUSAGE_CHILDREN, &ru);
	double u = secs(ru.ru_utime), s = secs(ru.ru_stime);
	double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	fprintf(stderr, "cpu-tree: rc=%d wall %.1f s, user %.1f s, sys %.1f s, cpu %.1f s\n", rc,
		wall, u, s, u + s);
	return rc < 0 ? 2 : rc;
}
