/*
 * test_runner.c - cmocka tests of the runner with real processes: every limit ends in its
 * verdict (and a step under its limits does not), the whole process tree is accounted and killed,
 * the sandbox shows only what it is given (no host file, no network, no environment, uid 65534),
 * and a machine where bubblewrap cannot run gets REFUSED, not an unsandboxed run.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner.h"

static char dir[] = "/tmp/sbx-test-XXXXXX";
static char secret[256], rwdir[256];

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(secret, sizeof secret, "%s/secret.txt", dir);
	snprintf(rwdir, sizeof rwdir, "%s/rw", dir);
	mkdir(rwdir, 0777);
	FILE *f = fopen(secret, "w");
	if (!f)
		return -1;
	fputs("PLANTED-SECRET-5f1c\n", f);
	fclose(f);
	setenv("SBX_TEST_HOST_ONLY", "host-environment-value", 1);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[512];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Runs sh -c script with the given limits (0: default) and sandbox setting. */
static void run(struct sbx_result *r, const char *script, struct sbx_limits lim, int unsandboxed,
		const char **ro, int nro)
{
	char *argv[] = { "sh", "-c", (char *)script, NULL };
	const char *rw[] = { rwdir };
	struct sbx_spec s = {
		.step = "test",
		.argv = argv,
		.ro = ro,
		.nro = nro,
		.rw = rw,
		.nrw = 1,
		.cwd = dir,
		.unsandboxed = unsandboxed,
		.bwrap = getenv("SANDBOX_TEST_BWRAP"),
		.out_fd = -1,
		.err_fd = -1,
		.lim = { lim.cpu_sec ? lim.cpu_sec : 20, lim.wall_sec ? lim.wall_sec : 30,
			 lim.mem_kb ? lim.mem_kb : 512 * 1024,
			 lim.output_bytes ? lim.output_bytes : 1 << 20,
			 lim.file_bytes ? lim.file_bytes : 16 << 20, lim.procs ? lim.procs : 32 },
	};
	sbx_run(&s, r);
}

#define NOLIM ((struct sbx_limits){ 0 })

static void test_ok_and_fail(void **state)
{
	(void)state;
	for (int unsandboxed = 0; unsandboxed < 2; unsandboxed++) {
		struct sbx_result r;
		run(&r, "echo out; echo err >&2", NOLIM, unsandboxed, NULL, 0);
		assert_string_equal(sbx_verdict_name(r.verdict), "OK");
		assert_non_null(strstr(buf_str(&r.output), "out\n"));
		assert_non_null(strstr(buf_str(&r.output), "err\n"));
		sbx_result_free(&r);
		run(&r, "exit 3", NOLIM, unsandboxed, NULL, 0);
		assert_string_equal(sbx_verdict_name(r.verdict), "FAIL");
		assert_int_equal(r.exit_code, 3);
		assert_null(r.limit);
		sbx_result_free(&r);
	}
}

static void test_wall(void **state)
{
	(void)state;
	struct sbx_result r;
	run(&r, "sleep 30", (struct sbx_limits){ .wall_sec = 0.5 }, 0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "TIMEOUT");
	assert_string_equal(r.limit, "wall");
	assert_true(r.wall_ms >= 500 && r.wall_ms < 5000);
	assert_non_null(strstr(buf_str(&r.message), "wall-clock limit of 0.5 s"));
	sbx_result_free(&r);
}

static void test_cpu_whole_tree(void **state)
{
	(void)state;
	/* two busy processes: each stays under the limit, together they exceed it */
	struct sbx_result r;
	run(&r, "(while :; do :; done) & while :; do :; done",
	    (struct sbx_limits){ .cpu_sec = 1, .wall_sec = 60 }, 0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "TIMEOUT");
	assert_string_equal(r.limit, "cpu");
	assert_true(r.cpu_ms >= 1000);
	sbx_result_free(&r);
}

static void test_output(void **state)
{
	(void)state;
	struct sbx_result r;
	run(&r, "yes", (struct sbx_limits){ .output_bytes = 1000 }, 0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "OUTPUT");
	assert_string_equal(r.limit, "output");
	assert_int_equal(r.output.len, 1000);
	sbx_result_free(&r);
	run(&r, "head -c 1000 /dev/zero", (struct sbx_limits){ .output_bytes = 1000 }, 0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "OK"); /* exactly at the limit */
	sbx_result_free(&r);
}

static void test_file(void **state)
{
	(void)state;
	char script[512];
	struct sbx_result r;
	snprintf(script, sizeof script, "head -c 5000000 /dev/zero > %s/big", rwdir);
	run(&r, script, (struct sbx_limits){ .file_bytes = 1000000 }, 0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "OUTPUT");
	assert_string_equal(r.limit, "file");
	sbx_result_free(&r);
	/* many files, each under the limit: the directory's growth is */
	snprintf(
		script, sizeof script,
		"for i in 1 2 3 4 5 6 7 8; do head -c 400000 /dev/urandom > %s/f$i; sleep 0.2; done",
		rwdir);
	run(&r, script, (struct sbx_limits){ .file_bytes = 1000000 }, 0, NULL, 0);
	assert_string_equal(r.limit, "file");
	sbx_result_free(&r);
	/* the private /tmp is bounded too */
	run(&r, "for i in 1 2 3 4 5; do head -c 400000 /dev/zero > /tmp/f$i || exit 1; done",
	    (struct sbx_limits){ .file_bytes = 1000000 }, 0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "OUTPUT");
	sbx_result_free(&r);
}

static void test_memory(void **state)
{
	(void)state;
	struct sbx_result r;
	/* one allocation over the limit: the rlimit backstop, recognised by the tool's message */
	run(&r, "exec python3 -c 'a = bytearray(300 << 20)'",
	    (struct sbx_limits){ .mem_kb = 100 * 1024 }, 0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "MEMORY");
	assert_string_equal(r.limit, "memory");
	sbx_result_free(&r);
	/* three processes, each under the limit, together over it: the sampler */
	const char *touch =
		"python3 -c 'import time; a = bytearray(60 << 20); a[::4096] = b\"x\" * len(a[::4096]); "
		"time.sleep(20)'";
	char script[512];
	snprintf(script, sizeof script, "%s & %s & %s & wait", touch, touch, touch);
	run(&r, script, (struct sbx_limits){ .mem_kb = 150 * 1024, .wall_sec = 60 }, 0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "MEMORY");
	assert_true(r.peak_rss_kb > 150 * 1024);
	assert_true(r.wall_ms < 20000);
	sbx_result_free(&r);
}

static void test_processes(void **state)
{
	(void)state;
	struct sbx_result r;
	run(&r, "for i in $(seq 40); do sleep 20 & done; wait", (struct sbx_limits){ .procs = 10 },
	    0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "MEMORY");
	assert_string_equal(r.limit, "processes");
	sbx_result_free(&r);
}

/* Whether any process runs with this exact argument. */
static int running(const char *arg)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int found = 0;
	while (d && (e = readdir(d)) && !found) {
		char path[300], buf[4096];
		snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
		int fd = open(path, O_RDONLY);
		if (fd < 0)
			continue;
		ssize_t n = read(fd, buf, sizeof buf - 1);
		close(fd);
		for (ssize_t i = 0; i < n && !found; i += (ssize_t)strlen(buf + i) + 1) {
			buf[n] = '\0';
			found = !strcmp(buf + i, arg);
		}
	}
	if (d)
		closedir(d);
	return found;
}

static void test_no_survivors(void **state)
{
	(void)state;
	for (int unsandboxed = 0; unsandboxed < 2; unsandboxed++) {
		struct sbx_result r;
		run(&r, "(sleep 31.4159 &); echo started", NOLIM, unsandboxed, NULL, 0);
		assert_string_equal(sbx_verdict_name(r.verdict), "OK");
		assert_true(r.wall_ms < 10000);
		sbx_result_free(&r);
		usleep(100000);
		assert_false(running("31.4159"));
	}
}

static void test_visibility(void **state)
{
	(void)state;
	struct sbx_result r;
	char script[1024];
	snprintf(script, sizeof script, "cat %s", secret);
	run(&r, script, NOLIM, 0, NULL, 0);
	assert_string_equal(sbx_verdict_name(r.verdict), "FAIL");
	assert_null(strstr(buf_str(&r.output), "PLANTED-SECRET"));
	sbx_result_free(&r);
	const char *ro[] = { secret };
	run(&r, script, NOLIM, 0, ro, 1);
	assert_string_equal(sbx_verdict_name(r.verdict), "OK");
	assert_non_null(strstr(buf_str(&r.output), "PLANTED-SECRET"));
	sbx_result_free(&r);
	snprintf(script, sizeof script, "echo x >> %s", secret);
	run(&r, script, NOLIM, 0, ro, 1);
	assert_string_equal(sbx_verdict_name(r.verdict), "FAIL"); /* read-only */
	sbx_result_free(&r);
	snprintf(
		script, sizeof script,
		"echo x > %s/w && test ! -e /etc/passwd && test ! -e /home && test ! -e /root && "
		"test \"$(id -u)\" = 65534 && ! grep -v '^ *lo:' /proc/net/dev | grep -q : ; echo rc=$?; env",
		rwdir);
	run(&r, script, NOLIM, 0, NULL, 0);
	assert_non_null(strstr(buf_str(&r.output), "rc=0"));
	assert_null(strstr(buf_str(&r.output), "host-environment-value"));
	sbx_result_free(&r);
	/* the opt-out has no sandbox, but still no host environment */
	run(&r, "env", NOLIM, 1, NULL, 0);
	assert_null(strstr(buf_str(&r.output), "host-environment-value"));
	sbx_result_free(&r);
}

static void test_refused_and_error(void **state)
{
	(void)state;
	struct sbx_result r;
	char fake[300];
	snprintf(fake, sizeof fake, "%s/fake-bwrap", dir);
	FILE *f = fopen(fake, "w");
	assert_non_null(f);
	fputs("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n", f);
	fclose(f);
	chmod(fake, 0755);
	char *argv[] = { "true", NULL };
	const char *bad[] = { "/nonexistent/x" };
	const char *bins[] = { "/nonexistent/bwrap", fake };
	for (int i = 0; i < 2; i++) {
		struct sbx_spec s = { .step = "t",
				      .argv = argv,
				      .cwd = dir,
				      .bwrap = bins[i],
				      .out_fd = -1,
				      .err_fd = -1,
				      .lim = { 5, 5, 100000, 1000, 1000, 5 } };
		sbx_run(&s, &r);
		assert_string_equal(sbx_verdict_name(r.verdict), "REFUSED");
		assert_non_null(strstr(buf_str(&r.message), "refusing to run untrusted code"));
		sbx_result_free(&r);
	}
	struct sbx_spec s = { .step = "t",
			      .argv = argv,
			      .cwd = dir,
			      .ro = bad,
			      .nro = 1,
			      .out_fd = -1,
			      .err_fd = -1,
			      .lim = { 5, 5, 100000, 1000, 1000, 5 } };
	sbx_run(&s, &r);
	assert_string_equal(sbx_verdict_name(r.verdict), "ERROR");
	assert_non_null(strstr(buf_str(&r.message), "/nonexistent/x"));
	sbx_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ok_and_fail),    cmocka_unit_test(test_wall),
		cmocka_unit_test(test_cpu_whole_tree), cmocka_unit_test(test_output),
		cmocka_unit_test(test_file),	       cmocka_unit_test(test_memory),
		cmocka_unit_test(test_processes),      cmocka_unit_test(test_no_survivors),
		cmocka_unit_test(test_visibility),     cmocka_unit_test(test_refused_and_error),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
