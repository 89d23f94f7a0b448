/*
 * runner.h - runs one step of grading (preprocess, compile, assemble, link, disassemble, explore)
 * on untrusted input: inside bubblewrap, where only the toolchain (/usr) and the paths the caller
 * names are visible, with no network and a private /tmp, under CPU-time, wall-time, memory and
 * output limits; and says how the step ended. Every limit ends in a verdict naming the limit.
 *
 * Limits are enforced twice: the runner samples the step's whole process tree through /proc
 * (proctree.h) every SBX_TICK_MS and kills it at a limit, which makes the verdict certain; and
 * each process carries rlimits (CPU, data, file size, no core) as a backstop between samples,
 * whose hits are recognised by signal or by the tool's own out-of-memory message (verdict.h).
 */
#ifndef SBX_RUNNER_H
#define SBX_RUNNER_H

#include "buf.h"

#define SBX_TICK_MS 50

enum sbx_verdict {
	SBX_OK,	     /* the command exited 0 */
	SBX_FAIL,    /* the command exited non-zero on its own (a compile error, say) */
	SBX_TIMEOUT, /* limit "cpu" or "wall" */
	SBX_MEMORY,  /* limit "memory" or "processes" */
	SBX_OUTPUT,  /* limit "output" (stdout + stderr) or "file" (files written) */
	SBX_REFUSED, /* bubblewrap cannot create a sandbox here, and the caller did not opt out */
	SBX_ERROR,   /* the runner could not start the step (a missing path, no such command) */
};

struct sbx_limits {
	double cpu_sec;	 /* CPU time of every process of the step together */
	double wall_sec; /* wall-clock time from start to end */
	long long mem_kb; /* resident memory of the processes together; also each one's RLIMIT_DATA */
	long long output_bytes; /* stdout and stderr together */
	long long file_bytes; /* each file written (RLIMIT_FSIZE), the private /tmp, and the growth of
				   the writable directories together */
	int procs;	      /* processes alive at once */
};

struct sbx_spec {
	const char *step; /* named in verdicts: "compile", "explore", ... */
	char **argv;	  /* NULL-terminated; argv[0] is looked up in PATH (/usr/bin:/bin) */
	const char *
		*ro; /* absolute paths (files or directories), visible read-only at the same path */
	int nro;
	const char **rw; /* absolute directories, visible writable at the same path */
	int nrw;
	const char *cwd;  /* absolute; the step's working directory */
	const char **env; /* NAME=VALUE, added to PATH HOME=/tmp TMPDIR=/tmp LANG=C.UTF-8 */
	int nenv;
	int unsandboxed;   /* the teacher's explicit opt-out: same limits, no bubblewrap */
	const char *bwrap; /* the bubblewrap binary ("bwrap" if NULL) */
	struct sbx_limits lim;
	int out_fd,
		err_fd; /* the step's stdout and stderr are relayed here, up to the output limit */
};

struct sbx_result {
	enum sbx_verdict verdict;
	const char *limit; /* the limit that ended the step (see enum sbx_verdict), or NULL */
	double limit_value;
	const char *limit_unit; /* "s", "MB", "bytes", "processes" */
	int exit_code;		/* the command's exit status; -1 if it was killed by a signal */
	int signal;		/* the signal that killed it, or 0 */
	long long cpu_ms, wall_ms, peak_rss_kb, output_bytes;
	struct buf message; /* one line without the step name ("" for OK and FAIL) */
	struct buf output;  /* the relayed stdout and stderr, interleaved, up to the output limit */
};

/* Runs the step. Returns 0 with *r filled in (free with sbx_result_free), whatever the step did. */
int sbx_run(const struct sbx_spec *s, struct sbx_result *r);
void sbx_result_free(struct sbx_result *r);

/* "OK", "FAIL", "TIMEOUT", "MEMORY", "OUTPUT", "REFUSED", "ERROR" */
const char *sbx_verdict_name(enum sbx_verdict v);

#endif
