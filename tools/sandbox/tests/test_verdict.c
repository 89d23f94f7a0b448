/*
 * test_verdict.c - cmocka tests of how an rlimit hit is recognised: by signal, and by a tool's
 * out-of-memory message at the start of a line, never by text a submission can put in a
 * diagnostic (#error, an identifier, a quoted source line).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <string.h>

#include "verdict.h"

static void test_tool_messages(void **state)
{
	(void)state;
	assert_string_equal(
		verdict_backstop(
			"cc1: out of memory allocating 4096 bytes after a total of 1 bytes\n", 0),
		"memory");
	assert_string_equal(
		verdict_backstop("x\nLLVM ERROR: out of memory\nAllocation failed\n", 0), "memory");
	assert_string_equal(verdict_backstop("Traceback:\nMemoryError\n", 0), "memory");
	assert_string_equal(
		verdict_backstop("RangeError: WebAssembly.Memory(): could not allocate memory\n",
				 0),
		"memory");
	assert_string_equal(
		verdict_backstop("head: error writing 'standard output': No space left on device\n",
				 0),
		"file");
	assert_string_equal(
		verdict_backstop("gcc-12: internal compiler error: File size limit exceeded signal "
				 "terminated program as\n",
				 0),
		"file");
	assert_string_equal(verdict_backstop("anything", SIGXCPU), "cpu");
	assert_string_equal(verdict_backstop("anything", SIGXFSZ), "file");
}

static void test_not_spoofable(void **state)
{
	(void)state;
	assert_null(verdict_backstop(
		"lab.c:1:2: error: #error out of memory\n    1 | #error out of memory\n", 0));
	assert_null(verdict_backstop("lab.c:3:1: error: #error LLVM ERROR: out of memory\n", 0));
	assert_null(verdict_backstop("lab.c:4:2: error: #error x: No space left on device\n", 0));
	assert_null(verdict_backstop("lab.c: In function 'out of memory':\n", 0));
	assert_null(verdict_backstop(
		"lab.c:1:2: error: #error File size limit exceeded signal terminated program\n",
		0));
	assert_null(verdict_backstop("", SIGSEGV));
}

static void test_messages(void **state)
{
	(void)state;
	struct sbx_limits lim = { .cpu_sec = 30,
				  .wall_sec = 60,
				  .mem_kb = 1024 * 1024,
				  .output_bytes = 8192,
				  .file_bytes = 1 << 20,
				  .procs = 16 };
	struct sbx_result r = { 0 };
	verdict_limit(&r, "wall", &lim);
	assert_int_equal(r.verdict, SBX_TIMEOUT);
	assert_string_equal(buf_str(&r.message), "ran longer than the wall-clock limit of 60 s");
	verdict_limit(&r, "memory", &lim);
	assert_int_equal(r.verdict, SBX_MEMORY);
	assert_string_equal(r.limit_unit, "MB");
	assert_string_equal(buf_str(&r.message), "needed more than the memory limit of 1024 MB");
	verdict_limit(&r, "output", &lim);
	assert_int_equal(r.verdict, SBX_OUTPUT);
	verdict_limit(&r, "processes", &lim);
	assert_int_equal(r.verdict, SBX_MEMORY);
	assert_string_equal(r.limit, "processes");
	sbx_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tool_messages),
		cmocka_unit_test(test_not_spoofable),
		cmocka_unit_test(test_messages),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
