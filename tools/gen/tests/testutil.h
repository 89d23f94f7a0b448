/* testutil: helpers shared by the generator's cmocka tests: temporary copies of fixture trees, running the
 * sitegen binary with captured output, and a digest of a directory tree (paths, bytes, inodes). */
#ifndef GEN_TESTUTIL_H
#define GEN_TESTUTIL_H
#include <stddef.h>

struct run_result {
	int status;	 /* exit status, or 128+signal */
	char *out, *err; /* captured stdout / stderr (malloc'd) */
};

/* Absolute path of an environment variable's directory/file (SITEGEN, GEN_FIXTURES), or aborts. */
const char *test_env_path(const char *var);
/* A fresh directory under /tmp with a copy of fixture `name` (fixtures dir + "/" + name). Malloc'd path. */
char *test_copy_fixture(const char *name);
/* Copies the files of fixture `overlay` over dir (cp -a overlay/. dir). */
void test_overlay(const char *overlay, const char *dir);
/* Runs $SITEGEN in dir with args (NULL-terminated, argv[0] not included). */
struct run_result test_run_args(const char *dir, const char *const *args);
/* Runs sitegen in dir with the standard arguments of a fixture tree. */
struct run_result test_run_sitegen(const char *dir);
/* The same with every path argument absolute (dir + "/content", ...) when absolute is non-zero. */
struct run_result test_run_sitegen_paths(const char *dir, int absolute);
void run_result_free(struct run_result *r);
/* Text listing every file under dir with its size, inode and content hash; malloc'd. */
char *test_tree_digest(const char *dir);
void test_write(const char *dir, const char *rel, const char *text);
void test_append(const char *dir, const char *rel, const char *text);
char *test_read(const char *dir, const char *rel);
void test_rm_rf(const char *dir);

#endif
