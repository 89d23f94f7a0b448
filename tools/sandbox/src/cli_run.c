/*
 * cli_run.c - `sandbox run`: the command line of the runner (runner.h) and its verdict file.
 *
 *   sandbox run [--step NAME] [--ro PATH]... [--rw DIR]... [--cwd DIR] [--env NAME=VALUE]...
 *               [--cpu SEC] [--wall SEC] [--mem MB] [--output BYTES] [--file BYTES] [--procs N]
 *               [--unsandboxed] [--verdict FILE] -- COMMAND [ARG...]
 *
 * The command's stdout and stderr are relayed to the runner's. Exit status: the command's own
 * when the verdict is OK or FAIL, 125 otherwise, with "sandbox: STEP: VERDICT: message" on stderr.
 * The verdict file (schema sandbox-verdict/1, tools/sandbox/README.md) is the authority.
 */
#define _GNU_SOURCE
#include "cli.h"

#include "paths.h"
#include "runner.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_PATHS 64

static int usage(void)
{
	fprintf(stderr,
		"usage: sandbox run [--step NAME] [--ro PATH]... [--rw DIR]... [--cwd DIR] "
		"[--env NAME=VALUE]... [--cpu SEC] [--wall SEC] [--mem MB] [--output BYTES] "
		"[--file BYTES] [--procs N] [--unsandboxed] [--verdict FILE] -- COMMAND [ARG...]\n");
	return 2;
}

static int number(const char *opt, const char *s, double *v)
{
	char *end;
	errno = 0;
	*v = strtod(s, &end);
	if (errno || end == s || *end || *v < 0) {
		fprintf(stderr, "sandbox run: %s needs a number, not '%s'\n", opt, s);
		return -1;
	}
	return 0;
}

static json_t *verdict_json(const struct sbx_spec *s, const struct sbx_result *r, const char *line)
{
	json_t *limit = json_null();
	if (r->limit)
		limit = json_pack("{s:s, s:f, s:s}", "name", r->limit, "value", r->limit_value,
				  "unit", r->limit_unit);
	json_t *j = json_pack("{s:s, s:s, s:s, s:o, s:s, s:b, s:o, s:o}", "schema",
			      "sandbox-verdict/1", "step", s->step, "verdict",
			      sbx_verdict_name(r->verdict), "limit", limit, "message", line,
			      "sandboxed", !s->unsandboxed, "exit_code",
			      r->exit_code >= 0 ? json_integer(r->exit_code) : json_null(),
			      "signal", r->signal ? json_integer(r->signal) : json_null());
	json_object_set_new(j, "usage",
			    json_pack("{s:I, s:I, s:I, s:I}", "cpu_ms", (json_int_t)r->cpu_ms,
				      "wall_ms", (json_int_t)r->wall_ms, "peak_rss_kb",
				      (json_int_t)r->peak_rss_kb, "output_bytes",
				      (json_int_t)r->output_bytes));
	return j;
}

struct opts {
	const char *ro[MAX_PATHS], *rw[MAX_PATHS], *env[MAX_PATHS];
	char *owned[2 * MAX_PATHS + 1];
	int nowned;
	const char *verdict;
};

/* Parses the options into s; returns the index of the command, or -1. */
static int parse(int argc, char **argv, struct sbx_spec *s, struct opts *o)
{
	int i = 1;
	for (; i < argc && strcmp(argv[i], "--"); i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		double d;
		if (!strcmp(a, "--unsandboxed")) {
			s->unsandboxed = 1;
			continue;
		}
		if (!v)
			return usage(), -1;
		i++;
		if (!strcmp(a, "--step")) {
			s->step = v;
		} else if (!strcmp(a, "--ro") || !strcmp(a, "--rw") || !strcmp(a, "--cwd")) {
			char *p = abs_path(v);
			if (!p || o->nowned >= 2 * MAX_PATHS || s->nro >= MAX_PATHS ||
			    s->nrw >= MAX_PATHS) {
				fprintf(stderr,
					"sandbox run: %s %s: too many paths or path too long\n", a,
					v);
				free(p);
				return -1;
			}
			o->owned[o->nowned++] = p;
			if (!strcmp(a, "--ro"))
				o->ro[s->nro++] = p;
			else if (!strcmp(a, "--rw"))
				o->rw[s->nrw++] = p;
			else
				s->cwd = p;
		} else if (!strcmp(a, "--env")) {
			if (!strchr(v, '=') || s->nenv >= MAX_PATHS)
				return fprintf(stderr, "sandbox run: --env needs NAME=VALUE\n"), -1;
			o->env[s->nenv++] = v;
		} else if (!strcmp(a, "--verdict")) {
			o->verdict = v;
		} else if (number(a, v, &d) != 0) {
			return -1;
		} else if (!strcmp(a, "--cpu")) {
			s->lim.cpu_sec = d;
		} else if (!strcmp(a, "--wall")) {
			s->lim.wall_sec = d;
		} else if (!strcmp(a, "--mem")) {
			s->lim.mem_kb = (long long)(d * 1024);
		} else if (!strcmp(a, "--output")) {
			s->lim.output_bytes = (long long)d;
		} else if (!strcmp(a, "--file")) {
			s->lim.file_bytes = (long long)d;
		} else if (!strcmp(a, "--procs")) {
			s->lim.procs = (int)d;
		} else {
			return usage(), -1;
		}
	}
	if (i + 1 >= argc)
		return usage(), -1;
	return i + 1;
}

int cli_run(int argc, char **argv)
{
	struct sbx_spec s = {
		.step = "step",
		.lim = { .cpu_sec = 60,
			 .wall_sec = 120,
			 .mem_kb = 1024 * 1024,
			 .output_bytes = 1 << 20,
			 .file_bytes = 64 << 20,
			 .procs = 64 },
		.out_fd = 1,
		.err_fd = 2,
		.bwrap = getenv("SANDBOX_BWRAP"),
	};
	struct opts o = { 0 };
	int cmd = parse(argc, argv, &s, &o);
	int status = 2;
	if (cmd < 0)
		goto out;
	s.ro = o.ro, s.rw = o.rw, s.env = o.env, s.argv = argv + cmd;
	if (!s.cwd) {
		s.cwd = abs_path(".");
		o.owned[o.nowned++] = (char *)s.cwd;
	}
	struct sbx_result r;
	sbx_run(&s, &r);
	struct buf line = { 0 };
	if (r.verdict != SBX_OK && r.verdict != SBX_FAIL)
		buf_printf(&line, "%s: %s: %s", s.step, sbx_verdict_name(r.verdict),
			   buf_str(&r.message));
	if (line.len)
		fprintf(stderr, "sandbox: %s\n", buf_str(&line));
	status = r.verdict == SBX_OK || r.verdict == SBX_FAIL ? r.exit_code : 125;
	if (r.verdict == SBX_FAIL && r.exit_code < 0)
		status = 128 + r.signal;
	if (o.verdict) {
		json_t *j = verdict_json(&s, &r, buf_str(&line));
		if (json_dump_file(j, o.verdict, JSON_INDENT(1) | JSON_PRESERVE_ORDER) != 0) {
			fprintf(stderr, "sandbox run: %s: cannot write the verdict\n", o.verdict);
			status = 125;
		}
		json_decref(j);
	}
	buf_free(&line);
	sbx_result_free(&r);
out:
	for (int k = 0; k < o.nowned; k++)
		free(o.owned[k]);
	return status;
}
