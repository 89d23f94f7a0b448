/* testutil: fixture copies, running the binary, tree digests. */
#define _GNU_SOURCE
#include "testutil.h"

#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fsutil.h"
#include "util.h"

const char *test_env_path(const char *var)
{
	static char paths[4][PATH_MAX];
	static const char *names[4];
	for (int i = 0; i < 4; i++) {
		if (names[i] && !strcmp(names[i], var))
			return paths[i];
		if (!names[i]) {
			const char *v = getenv(var);
			if (!v || !realpath(v, paths[i])) {
				fprintf(stderr, "test: set %s (to an existing path)\n", var);
				abort();
			}
			names[i] = var;
			return paths[i];
		}
	}
	abort();
}

static void sh(const char *cmd)
{
	if (system(cmd) != 0) {
		fprintf(stderr, "test: command failed: %s\n", cmd);
		abort();
	}
}

char *test_copy_fixture(const char *name)
{
	char *dir = xstrdup("/tmp/gen-test-XXXXXX");
	if (!mkdtemp(dir))
		abort();
	char *cmd = xasprintf("cp -a '%s/%s/.' '%s/'", test_env_path("GEN_FIXTURES"), name, dir);
	sh(cmd);
	free(cmd);
	return dir;
}

void test_overlay(const char *overlay, const char *dir)
{
	char *cmd = xasprintf("cp -a '%s/%s/.' '%s/'", test_env_path("GEN_FIXTURES"), overlay, dir);
	sh(cmd);
	free(cmd);
}

static char *slurp_fd(int fd)
{
	struct buf b = { 0 };
	char chunk[4096];
	ssize_t n;
	while ((n = read(fd, chunk, sizeof chunk)) > 0)
		buf_put(&b, chunk, (size_t)n);
	return buf_take(&b);
}

struct run_result test_run_sitegen(const char *dir)
{
	return test_run_sitegen_paths(dir, 0);
}

struct run_result test_run_args(const char *dir, const char *const *args)
{
	struct run_result r = { 0 };
	char out_tmpl[] = "/tmp/gen-test-out-XXXXXX", err_tmpl[] = "/tmp/gen-test-err-XXXXXX";
	int fo = mkstemp(out_tmpl), fe = mkstemp(err_tmpl);
	if (fo < 0 || fe < 0)
		abort();
	const char *bin =
		test_env_path("SITEGEN"); /* resolved before the child changes directory */
	size_t n = 0;
	while (args[n])
		n++;
	pid_t pid = fork();
	if (pid == 0) {
		if (chdir(dir) != 0)
			_exit(126);
		dup2(fo, 1);
		dup2(fe, 2);
		setenv("SITEGEN_COMMIT", "test", 1);
		setenv("ASAN_OPTIONS", "detect_leaks=1", 1);
		alarm(300); /* a run that hangs (say, a template loop nothing stops) fails the test instead */
		char **argv = xcalloc(n + 2, sizeof *argv);
		argv[0] = "sitegen";
		memcpy(argv + 1, args, n * sizeof *argv);
		execv(bin, argv);
		_exit(127);
	}
	int st;
	waitpid(pid, &st, 0);
	r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	lseek(fo, 0, SEEK_SET);
	lseek(fe, 0, SEEK_SET);
	r.out = slurp_fd(fo);
	r.err = slurp_fd(fe);
	close(fo);
	close(fe);
	unlink(out_tmpl);
	unlink(err_tmpl);
	return r;
}

struct run_result test_run_sitegen_paths(const char *dir, int absolute)
{
	static const char *const opts[] = { "--content",   "content",
					    "--templates", "templates",
					    "--static",	   "static",
					    "--data",	   "data",
					    "--config",	   "config.lua",
					    "--out",	   "out/site",
					    "--state",	   "out/cache/sitegen.state" };
	const char *args[15];
	char *owned[14] = { 0 };
	for (int i = 0; i < 14; i++)
		args[i] = i % 2 && absolute ? (owned[i] = xasprintf("%s/%s", dir, opts[i])) :
					      opts[i];
	args[14] = NULL;
	struct run_result r = test_run_args(dir, args);
	for (int i = 0; i < 14; i++)
		free(owned[i]);
	return r;
}

void run_result_free(struct run_result *r)
{
	free(r->out);
	free(r->err);
}

char *test_tree_digest(const char *dir)
{
	struct file_list l;
	struct buf b = { 0 };
	if (fs_list_files(dir, &l) != 0) {
		fs_file_list_free(&l);
		return xstrdup("(unreadable)");
	}
	for (size_t i = 0; i < l.n; i++) {
		char *p = xasprintf("%s/%s", dir, l.paths[i]);
		struct stat st;
		stat(p, &st);
		buf_printf(&b, "%s %lld %llu %016" PRIx64 "\n", l.paths[i], (long long)st.st_size,
			   (unsigned long long)st.st_ino, hash_file(p));
		free(p);
	}
	fs_file_list_free(&l);
	return buf_take(&b);
}

static void write_mode(const char *dir, const char *rel, const char *text, const char *mode)
{
	char *p = xasprintf("%s/%s", dir, rel);
	mkdir_p(p, 1);
	FILE *f = fopen(p, mode);
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
	free(p);
}

void test_write(const char *dir, const char *rel, const char *text)
{
	write_mode(dir, rel, text, "w");
}

void test_append(const char *dir, const char *rel, const char *text)
{
	write_mode(dir, rel, text, "a");
}

char *test_read(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);
	char *s = read_file(p, NULL);
	free(p);
	return s;
}

void test_rm_rf(const char *dir)
{
	fs_remove_tree(dir);
}
