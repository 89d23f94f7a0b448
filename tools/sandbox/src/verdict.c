/*
 * verdict.c - limit verdicts and their messages; recognising rlimit hits (see verdict.h).
 */
#define _GNU_SOURCE
#include "verdict.h"

#include <signal.h>
#include <string.h>

struct pattern {
	const char *text;
	const char *limit;
};

/* What the toolchain prints when an rlimit stops it (gcc, clang/LLVM, binutils, python/emcc,
 * node/V8, the C++ runtime). Each must start a line, optionally after "<program>: ". */
static const struct pattern patterns[] = {
	{ "out of memory", "memory" },
	{ "virtual memory exhausted", "memory" },
	{ "memory exhausted", "memory" },
	{ "Cannot allocate memory", "memory" },
	{ "LLVM ERROR: out of memory", "memory" },
	{ "terminate called after throwing an instance of 'std::bad_alloc'", "memory" },
	{ "MemoryError", "memory" },
	{ "FATAL ERROR: Reached heap limit", "memory" },
	{ "FATAL ERROR: Ineffective mark-compacts near heap limit", "memory" },
	{ "# Fatal process out of memory", "memory" },
	{ "RangeError: WebAssembly.Memory(): could not allocate memory", "memory" },
	{ "RangeError: WebAssembly.Instance(): Out of memory", "memory" },
	{ "RangeError: Array buffer allocation failed", "memory" },
	{ "CPU time limit exceeded", "cpu" },
	{ "File size limit exceeded", "file" },
	{ "File too large", "file" },
	{ "No space left on device", "file" },
};

/* strerror texts, matched at the end of a line that starts with "<program>: " (as perror and
 * error(3) print them: "head: error writing 'x': No space left on device"). */
static const struct pattern errno_texts[] = {
	{ ": No space left on device", "file" },
	{ ": File too large", "file" },
	{ ": Cannot allocate memory", "memory" },
};

/* The start of the message part of a line: after "<word>: " if the line starts with a word
 * without spaces or colons (a program name), else the line itself. */
static const char *message_start(const char *line, const char *end)
{
	const char *p = line;
	while (p < end && *p != ' ' && *p != ':' && *p != '\t')
		p++;
	if (p > line && p + 1 < end && p[0] == ':' && p[1] == ' ')
		return p + 2;
	return line;
}

/* The gcc driver reports a pass that a signal ended: "gcc: internal compiler error: File size
 * limit exceeded signal terminated program as" (also "fatal error: ... signal terminated"). */
static const struct pattern driver_signals[] = {
	{ "File size limit exceeded signal terminated program", "file" },
	{ "CPU time limit exceeded signal terminated program", "cpu" },
};

static const char *match_line(const char *line, const char *end)
{
	const char *starts[2] = { line, message_start(line, end) };
	for (size_t i = 0; starts[1] != line && i < sizeof driver_signals / sizeof *driver_signals;
	     i++)
		if (memmem(starts[1], (size_t)(end - starts[1]), driver_signals[i].text,
			   strlen(driver_signals[i].text)))
			return driver_signals[i].limit;
	if (starts[1] != line) {
		for (size_t i = 0; i < sizeof errno_texts / sizeof *errno_texts; i++) {
			size_t n = strlen(errno_texts[i].text);
			if ((size_t)(end - line) >= n &&
			    memcmp(end - n, errno_texts[i].text, n) == 0)
				return errno_texts[i].limit;
		}
	}
	for (int k = 0; k < 2; k++) {
		for (size_t i = 0; i < sizeof patterns / sizeof *patterns; i++) {
			size_t n = strlen(patterns[i].text);
			if ((size_t)(end - starts[k]) >= n &&
			    memcmp(starts[k], patterns[i].text, n) == 0)
				return patterns[i].limit;
		}
	}
	return NULL;
}

const char *verdict_backstop(const char *output, int signal)
{
	if (signal == SIGXCPU)
		return "cpu";
	if (signal == SIGXFSZ)
		return "file";
	for (const char *line = output; line && *line;) {
		const char *end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		const char *limit = match_line(line, end);
		if (limit)
			return limit;
		line = *end ? end + 1 : end;
	}
	return NULL;
}

void verdict_limit(struct sbx_result *r, const char *limit, const struct sbx_limits *lim)
{
	r->limit = limit;
	buf_free(&r->message);
	if (!strcmp(limit, "cpu")) {
		r->verdict = SBX_TIMEOUT;
		r->limit_value = lim->cpu_sec;
		r->limit_unit = "s";
		buf_printf(&r->message, "used more than the CPU-time limit of %g s", lim->cpu_sec);
	} else if (!strcmp(limit, "wall")) {
		r->verdict = SBX_TIMEOUT;
		r->limit_value = lim->wall_sec;
		r->limit_unit = "s";
		buf_printf(&r->message, "ran longer than the wall-clock limit of %g s",
			   lim->wall_sec);
	} else if (!strcmp(limit, "memory")) {
		r->verdict = SBX_MEMORY;
		r->limit_value = (double)lim->mem_kb / 1024;
		r->limit_unit = "MB";
		buf_printf(&r->message, "needed more than the memory limit of %g MB",
			   r->limit_value);
	} else if (!strcmp(limit, "processes")) {
		r->verdict = SBX_MEMORY;
		r->limit_value = lim->procs;
		r->limit_unit = "processes";
		buf_printf(&r->message, "started more than the limit of %d processes at once",
			   lim->procs);
	} else if (!strcmp(limit, "output")) {
		r->verdict = SBX_OUTPUT;
		r->limit_value = (double)lim->output_bytes;
		r->limit_unit = "bytes";
		buf_printf(&r->message, "printed more than the output limit of %lld bytes",
			   lim->output_bytes);
	} else {
		r->verdict = SBX_OUTPUT;
		r->limit_value = (double)lim->file_bytes;
		r->limit_unit = "bytes";
		buf_printf(&r->message, "wrote more than the file-size limit of %lld bytes",
			   lim->file_bytes);
	}
}
