/*
 * proctree.h - the processes a step started, seen through /proc: their CPU time, memory and
 * number, and a way to kill them all. A tree is every descendant of a root pid; the runner makes
 * itself a child subreaper (prctl), so a process that double-forks stays in its tree.
 */
#ifndef SBX_PROCTREE_H
#define SBX_PROCTREE_H

#include <sys/types.h>

struct proc_usage {
	long long cpu_ms; /* user+system time of live and zombie descendants, with their reaped children */
	long long rss_kb; /* resident memory summed over live descendants (shared pages count twice) */
	int count;	  /* live (not zombie) descendants */
};

/* Samples the descendants of root. Returns 0, or -1 if /proc cannot be read (usage is zeroed). */
int proctree_sample(pid_t root, struct proc_usage *u);

/* Sends SIGKILL to every descendant of root, each checked to be the process the scan saw (a pidfd
 * opened, then its start time read again), so a recycled pid is never signalled. Returns how many
 * processes were signalled. */
int proctree_kill(pid_t root);

#endif
