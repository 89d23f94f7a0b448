/*
 * test_crosscheck.c - the cross-check's rules (crosscheck.h) on small documents: a fixed or
 * transformed cell that differs fails; a plain difference passes only when the cell's evidence
 * tells it apart from the cells that behave as the WebAssembly build, or an evidence-gaps entry for
 * its example and compiler accepts it; error and partial cells fail unless an unexplored entry
 * names them with the text their error says (an entry with other text does not accept them);
 * under x86-TSO, a fixed cell that differs from the WebAssembly x86-TSO outcomes fails, and so
 * does an SC outcome the x86-TSO exploration of the same cell misses; under Armv8, an SC outcome
 * the Armv8 exploration misses (a crash matched by thread and message), an expect-armv8 line that
 * does not hold and an unexplored cell that no entry lists fail.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "crosscheck.h"

static const char *meta_text =
	"{\"id\": \"t/x\", \"file\": \"examples/t/x.c\","
	" \"evidence\": {\"plain\": [{\"line\": 9, \"expr\": \"loads_in_loop(t1, f) == 0\"}],"
	"               \"fixed\": [{\"line\": 10, \"expr\": \"loads_in_loop(t1, f) >= 1\"}]}}";

/* WebAssembly: plain {A}, fixed {A}, transformed {A, B}. */
static const char *wasm_text =
	"{\"variants\": {\"plain\": {\"outcomes\": [{\"key\": \"A\"}]}, \"fixed\": {\"outcomes\": [{\"key\": \"A\"}]},"
	" \"transformed\": {\"outcomes\": [{\"key\": \"B\"}, {\"key\": \"A\"}]}}}";

/* evidence: the plain evidence holds on O1 and O2, not on O0 */
static const char *evidence_text =
	"{\"results\": [{\"target\": \"gcc-12/x86_64\", \"opt\": \"O2\", \"variant\": \"plain\", \"holds\": true},"
	"              {\"target\": \"gcc-12/x86_64\", \"opt\": \"O1\", \"variant\": \"plain\", \"holds\": true},"
	"              {\"target\": \"gcc-12/x86_64\", \"opt\": \"O0\", \"variant\": \"plain\", \"holds\": false}]}";

struct run {
	json_t *diffs, *unexplored, *fails;
	struct xc_stats st;
};

static struct xc_gap *test_gaps; /* gaps for the next check */
static int test_ngaps;
static struct xc_unexplored *test_un; /* unexplored entries for the next check */
static int test_nun;

static void check_with(const char *native_cells, const char *meta_override,
		       const char *wasm_override, struct run *r)
{
	json_error_t e;
	json_t *native = json_loads(native_cells, 0, &e);
	if (!native)
		fail_msg("bad test document: %s", e.text);
	json_t *meta = json_loads(meta_override ? meta_override : meta_text, 0, &e);
	json_t *wasm = json_loads(wasm_override ? wasm_override : wasm_text, 0, &e),
	       *ev = json_loads(evidence_text, 0, &e);
	memset(r, 0, sizeof *r);
	r->diffs = json_array();
	r->fails = json_array();
	r->unexplored = json_array();
	struct xc_lists lists = { test_gaps, test_ngaps, test_un, test_nun };
	crosscheck_example(native, wasm, meta, ev, &lists, r->diffs, r->unexplored, r->fails,
			   &r->st);
	json_decref(native);
	json_decref(meta);
	json_decref(wasm);
	json_decref(ev);
}

static void check(const char *native_cells, const char *meta_override, struct run *r)
{
	check_with(native_cells, meta_override, NULL, r);
}

static void done(struct run *r)
{
	json_decref(r->diffs);
	json_decref(r->unexplored);
	json_decref(r->fails);
}

static const char *fail0(struct run *r)
{
	return json_string_value(json_array_get(r->fails, 0));
}

#define CELL(opt, variant, keys)                              \
	"{\"cells\": {\"gcc-12/x86_64/" opt "\": {\"" variant \
	"\": {\"status\": \"ok\", \"outcomes\": [" keys "]}}}}"
#define K(k) "{\"key\": \"" k "\"}"

static void test_equal(void **state)
{
	(void)state;
	struct run r;
	check(CELL("O2", "fixed", K("A")), NULL, &r);
	assert_int_equal(r.st.equal, 1);
	assert_int_equal(r.st.failures, 0);
	done(&r);
	check(CELL("O2", "transformed", K("A") "," K("B")), NULL, &r); /* order does not matter */
	assert_int_equal(r.st.failures, 0);
	done(&r);
}

static void test_fixed_differs(void **state)
{
	(void)state;
	struct run r;
	check(CELL("O2", "fixed", K("A") "," K("B")), NULL, &r);
	assert_int_equal(r.st.failures, 1);
	assert_non_null(strstr(
		fail0(&r),
		"examples/t/x.c:10: gcc-12/x86_64/O2: variant fixed: native outcomes {A | B}"));
	done(&r);
	check(CELL("O2", "transformed", K("A")), NULL, &r);
	assert_int_equal(r.st.failures, 1);
	done(&r);
}

/* Two plain cells: O2 behaves as the WebAssembly build ({A}), the other one as given. */
#define TWO(opt, keys)                                                                           \
	"{\"cells\": {\"gcc-12/x86_64/O2\": {\"plain\": {\"status\": \"ok\", \"outcomes\": [" K( \
		"A") "]}},"                                                                      \
		     " \"gcc-12/x86_64/" opt                                                     \
		     "\": {\"plain\": {\"status\": \"ok\", \"outcomes\": [" keys "]}}}}"

static void test_plain_explained(void **state)
{
	(void)state;
	struct run r;
	/* O0's evidence differs from O2's (which behaves as WebAssembly) and its outcomes are the
	 * transformed variant's: what the compiler did differently there */
	check(TWO("O0", K("B") "," K("A")), NULL, &r);
	assert_int_equal(r.st.equal, 1);
	assert_int_equal(r.st.differences, 1);
	assert_int_equal(r.st.explained, 1);
	assert_int_equal(r.st.failures, 0);
	assert_true(json_is_true(json_object_get(json_array_get(r.diffs, 0), "explained")));
	done(&r);
}

static void test_plain_unexplained(void **state)
{
	(void)state;
	struct run r;
	/* outcomes of neither variant */
	check(TWO("O0", K("C")), NULL, &r);
	assert_int_equal(r.st.failures, 1);
	assert_non_null(
		strstr(fail0(&r),
		       "examples/t/x.c:9: gcc-12/x86_64/O0: variant plain: native outcomes {C}"));
	done(&r);
	/* the transformed variant's outcomes, but the evidence is the same as on O2, which behaves as
	 * WebAssembly: the evidence does not explain the difference */
	check(TWO("O1", K("A") "," K("B")), NULL, &r);
	assert_int_equal(r.st.failures, 1);
	assert_non_null(strstr(fail0(&r), "plain evidence holds here"));
	done(&r);
}

static void test_plain_as_fixed(void **state)
{
	(void)state;
	struct run r;
	/* WebAssembly's own build transformed the plain code ({A, C}); natively no cell does: every
	 * cell has the fixed variant's {A} */
	const char *wasm = "{\"variants\": {\"plain\": {\"outcomes\": [" K("A") "," K(
		"C") "]},"
		     " \"fixed\": {\"outcomes\": [" K(
			     "A") "]}, \"transformed\": {\"outcomes\": [" K("A") "," K("B") "]}}}";
	/* the plain evidence is not the fixed variant's: nothing tells the cells apart, it fails */
	check_with(CELL("O2", "plain", K("A")), NULL, wasm, &r);
	assert_int_equal(r.st.failures, 1);
	done(&r);
	/* where the plain evidence is the fixed evidence and holds, the code has the fixed shape */
	const char *same =
		"{\"id\": \"t/x\", \"file\": \"examples/t/x.c\", \"evidence\": {\"plain\": [{\"line\": 9,"
		" \"expr\": \"stores(t0, x) == 1\"}], \"fixed\": [{\"line\": 10, \"expr\": \"stores(t0, x) == 1\"}]}}";
	check_with(CELL("O2", "plain", K("A")), same, wasm, &r);
	assert_int_equal(r.st.explained, 1);
	assert_int_equal(r.st.failures, 0);
	done(&r);
	/* ... but not where it does not hold */
	check_with(CELL("O0", "plain", K("A")), same, wasm, &r);
	assert_int_equal(r.st.failures, 1);
	done(&r);
}

static void test_gaps_file(void **state)
{
	(void)state;
	char path[] = "/tmp/native-gaps-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	const char *text =
		"# comment\n\nt/x gcc-12,clang-14: the evidence counts, the order differs\nt/y any: other\n";
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	char err[256];
	assert_int_equal(xc_gaps_load(path, &test_gaps, err, sizeof err), 2);
	test_ngaps = 2;
	assert_int_equal(test_gaps[0].line, 3);
	assert_string_equal(test_gaps[0].reason, "the evidence counts, the order differs");
	struct run r;
	/* the unexplained O1 difference of TWO(): accepted on gcc-12 through the entry */
	check(TWO("O1", K("A") "," K("B")), NULL, &r);
	assert_int_equal(r.st.failures, 0);
	assert_int_equal(r.st.gaps, 1);
	assert_int_equal(test_gaps[0].used, 1);
	assert_int_equal(test_gaps[1].used, 0);
	assert_true(json_is_true(json_object_get(json_array_get(r.diffs, 0), "gap")));
	done(&r);
	xc_gaps_free(test_gaps, test_ngaps);
	/* an entry for other compilers does not accept it */
	FILE *f = fopen(path, "w");
	fputs("t/x clang-14: not gcc\n", f);
	fclose(f);
	assert_int_equal(xc_gaps_load(path, &test_gaps, err, sizeof err), 1);
	test_ngaps = 1;
	check(TWO("O1", K("A") "," K("B")), NULL, &r);
	assert_int_equal(r.st.failures, 1);
	done(&r);
	xc_gaps_free(test_gaps, test_ngaps);
	test_gaps = NULL;
	test_ngaps = 0;
	/* a malformed line is path:line */
	f = fopen(path, "w");
	fputs("t/x gcc-12 no colon\n", f);
	fclose(f);
	assert_int_equal(xc_gaps_load(path, &test_gaps, err, sizeof err), -1);
	assert_non_null(strstr(err, ":1: expected '<example id> <compilers>: <reason>'"));
	unlink(path);
}

static void test_error_and_partial(void **state)
{
	(void)state;
	struct run r;
	check("{\"cells\": {\"gcc-12/x86_64/O2\": {\"plain\": {\"status\": \"error\", \"error\": \"examples/t/x.c:5: gcc-12/x86_64/O2: variant plain: boom\"}}}}",
	      NULL, &r);
	assert_int_equal(r.st.failures, 1);
	assert_string_equal(fail0(&r), "examples/t/x.c:5: gcc-12/x86_64/O2: variant plain: boom");
	done(&r);
	check("{\"cells\": {\"gcc-12/x86_64/O2\": {\"fixed\": {\"status\": \"ok\", \"partial\": true, \"why\": \"more than 9 states\", \"outcomes\": [" K(
		      "A") "]}}}}",
	      NULL, &r);
	assert_int_equal(r.st.failures, 1);
	assert_non_null(strstr(fail0(&r), "partial: more than 9 states"));
	done(&r);
}

static void test_skipped(void **state)
{
	(void)state;
	struct run r;
	/* a cell out of the build's scope is counted apart: neither compared nor a failure */
	check("{\"cells\": {\"gcc-12/x86_64/O1\": {\"fixed\": {\"status\": \"skipped\"}}}}", NULL,
	      &r);
	assert_int_equal(r.st.skipped, 1);
	assert_int_equal(r.st.cells, 0);
	assert_int_equal(r.st.failures, 0);
	done(&r);
	/* any other status without outcomes still fails */
	check("{\"cells\": {\"gcc-12/x86_64/O1\": {\"fixed\": {\"status\": \"skip\"}}}}", NULL, &r);
	assert_int_equal(r.st.failures, 1);
	done(&r);
}

#define ERR_CELL(cell, variant, msg)                                                             \
	"{\"cells\": {\"" cell "\": {\"" variant "\": {\"status\": \"error\", \"error\": \"" msg \
	"\"}}}}"
#define LINK_ERR \
	"examples/t/x.c:1: clang-14/riscv64/O0: variant plain: undefined reference to __atomic_exchange_4"

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_unexplored_file(void **state)
{
	(void)state;
	char path[] = "/tmp/native-unexplored-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	char err[256];
	write_text(
		path,
		"# comment\n\nt/x clang-14/riscv64/O0,O1 any: \"__atomic_exchange_4\" clang 14 calls libatomic\n"
		"t/x any/any/any fixed: \"partial: more than\" a cap\n");
	assert_int_equal(xc_unexplored_load(path, &test_un, err, sizeof err), 2);
	test_nun = 2;
	assert_int_equal(test_un[0].line, 3);
	assert_string_equal(test_un[0].cells, "clang-14/riscv64/O0,O1");
	assert_string_equal(test_un[0].text, "__atomic_exchange_4");
	assert_string_equal(test_un[0].reason, "clang 14 calls libatomic");
	struct run r;
	/* a listed cell whose error says the listed text: accepted, reported with the reason */
	check(ERR_CELL("clang-14/riscv64/O0", "plain", LINK_ERR), NULL, &r);
	assert_int_equal(r.st.failures, 0);
	assert_int_equal(r.st.unexplored, 1);
	assert_int_equal(test_un[0].used, 1);
	assert_string_equal(
		json_string_value(json_object_get(json_array_get(r.unexplored, 0), "reason")),
		"clang 14 calls libatomic");
	done(&r);
	/* the same error on a cell the pattern does not name: a failure */
	check(ERR_CELL("clang-14/riscv64/O2", "plain", LINK_ERR), NULL, &r);
	assert_int_equal(r.st.failures, 1);
	assert_int_equal(r.st.unexplored, 0);
	done(&r);
	/* a listed cell that fails for another reason: the reason is not verified, a failure */
	check(ERR_CELL("clang-14/riscv64/O1", "plain",
		       "examples/t/x.c:1: clang-14/riscv64/O1: variant plain: rep movs"),
	      NULL, &r);
	assert_int_equal(r.st.failures, 1);
	assert_int_equal(r.st.unexplored, 0);
	done(&r);
	/* partial cells: by their "partial: <why>" text, for the listed variants only */
	const char *partial =
		"{\"cells\": {\"gcc-12/x86_64/O2\": {\"%s\": {\"status\": \"ok\", \"partial\": true,"
		" \"why\": \"more than 9 states\", \"outcomes\": [" K("A") "]}}}}";
	char doc[512];
	snprintf(doc, sizeof doc, partial, "fixed");
	check(doc, NULL, &r);
	assert_int_equal(r.st.failures, 0);
	assert_int_equal(r.st.unexplored, 1);
	done(&r);
	snprintf(doc, sizeof doc, partial, "transformed");
	check(doc, NULL, &r);
	assert_int_equal(r.st.failures, 1);
	done(&r);
	xc_unexplored_free(test_un, test_nun);
	test_un = NULL;
	test_nun = 0;
	/* malformed lines are path:line: no quoted text, no reason, no variants */
	static const char *bad[] = { "t/x any/any/any any: no quotes here\n",
				     "t/x any/any/any any: \"text\"\n",
				     "t/x any/any/any: \"text\" reason\n" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		write_text(path, bad[i]);
		assert_int_equal(xc_unexplored_load(path, &test_un, err, sizeof err), -1);
		assert_non_null(strstr(
			err,
			":1: expected '<example id> <cells> <variants>: \"<text of the error>\" <reason>'"));
	}
	unlink(path);
}

/* ---- x86-TSO ------------------------------------------------------------------------------- */

/* WebAssembly under x86-TSO: fixed {A, C}. */
static const char *wasm_tso_text =
	"{\"variants\": {\"fixed\": {\"outcomes\": [{\"key\": \"A\"}]}},"
	" \"tso\": {\"variants\": {\"fixed\": {\"outcomes\": [{\"key\": \"A\"}, {\"key\": \"C\"}]}}}}";

#define TSO_CELL(opt, variant, keys, tso_keys)                                              \
	"{\"cells\": {\"gcc-12/x86_64/" opt "\": {\"" variant                               \
	"\": {\"status\": \"ok\", \"outcomes\": [" keys "], \"tso\": {\"status\": \"ok\", " \
	"\"outcomes\": [" tso_keys "]}}}}}"

static void check_tso(const char *native_cells, const char *wasm, struct run *r)
{
	json_error_t e;
	json_t *native = json_loads(native_cells, 0, &e);
	if (!native)
		fail_msg("bad test document: %s", e.text);
	json_t *meta = json_loads(meta_text, 0, &e), *w = json_loads(wasm, 0, &e),
	       *ev = json_loads(evidence_text, 0, &e);
	memset(r, 0, sizeof *r);
	r->diffs = json_array();
	r->fails = json_array();
	r->unexplored = json_array();
	struct xc_lists lists = { 0 };
	crosscheck_example_tso(native, w, meta, ev, &lists, r->diffs, r->unexplored, r->fails,
			       &r->st);
	json_decref(native);
	json_decref(meta);
	json_decref(w);
	json_decref(ev);
}

static void test_tso_equal(void **state)
{
	(void)state;
	struct run r;
	check_tso(TSO_CELL("O2", "fixed", K("A"), K("C") "," K("A")), wasm_tso_text, &r);
	assert_int_equal(r.st.cells, 1);
	assert_int_equal(r.st.equal, 1);
	assert_int_equal(r.st.sc_in_model, 1);
	assert_int_equal(r.st.failures, 0);
	done(&r);
}

static void test_tso_differs(void **state)
{
	(void)state;
	struct run r;
	check_tso(TSO_CELL("O2", "fixed", K("A"), K("A")), wasm_tso_text, &r);
	assert_int_equal(r.st.failures, 1);
	assert_non_null(strstr(fail0(&r), "examples/t/x.c:10: gcc-12/x86_64/O2 (x86-TSO): variant "
					  "fixed: native outcomes {A} differ from the WebAssembly "
					  "explorer's {A | C} under x86-TSO"));
	done(&r);
}

/* An SC outcome the x86-TSO exploration of the same code misses: the machine is wrong. */
static void test_tso_misses_sc(void **state)
{
	(void)state;
	struct run r;
	check_tso(TSO_CELL("O2", "fixed", K("A") "," K("B"), K("A") "," K("C")),
		  "{\"variants\": {}}", &r); /* no x86-TSO reference: the subset check alone */
	assert_int_equal(r.st.skipped, 1);
	assert_int_equal(r.st.failures, 1);
	assert_non_null(strstr(fail0(&r), "sequentially consistent outcomes {B} are not x86-TSO"));
	done(&r);
	check_tso(TSO_CELL("O2", "fixed", K("A") "," K("B"), K("B") "," K("C") "," K("A")),
		  "{\"variants\": {}}", &r);
	assert_int_equal(r.st.failures, 0);
	assert_int_equal(r.st.sc_in_model, 1);
	done(&r);
}

/* A cell without x86-TSO results (not x86) is not a cell of the x86-TSO check. */
static void test_tso_not_x86(void **state)
{
	(void)state;
	struct run r;
	check_tso(CELL("O2", "fixed", K("A")), wasm_tso_text, &r);
	assert_int_equal(r.st.cells, 0);
	assert_int_equal(r.st.failures, 0);
	done(&r);
}

/* ---- Armv8 ----------------------------------------------------------------------------------- */

#define A8_CELL(keys, armv8)                                                                        \
	"{\"cells\": {\"gcc-12/aarch64/O2\": {\"fixed\": {\"status\": \"ok\", \"outcomes\": [" keys \
	"], \"armv8\": " armv8 "}}}}"

static void check_armv8(const char *native_cells, struct run *r)
{
	json_error_t e;
	json_t *native = json_loads(native_cells, 0, &e);
	if (!native)
		fail_msg("bad test document: %s", e.text);
	json_t *meta = json_loads(meta_text, 0, &e);
	memset(r, 0, sizeof *r);
	r->diffs = json_array();
	r->fails = json_array();
	r->unexplored = json_array();
	struct xc_lists lists = { NULL, 0, test_un, test_nun };
	crosscheck_example_armv8(native, meta, &lists, r->unexplored, r->fails, &r->st);
	json_decref(native);
	json_decref(meta);
}

static void test_armv8_misses_sc(void **state)
{
	(void)state;
	struct run r;
	check_armv8(A8_CELL(K("A") "," K("B"), "{\"status\": \"ok\", \"outcomes\": [" K("A") "]}"),
		    &r);
	assert_int_equal(r.st.cells, 1);
	assert_int_equal(r.st.failures, 1);
	assert_non_null(strstr(fail0(&r),
			       "examples/t/x.c:10: gcc-12/aarch64/O2 (Armv8): variant "
			       "fixed: sequentially consistent outcomes {B} are not Armv8"));
	done(&r);
	check_armv8(A8_CELL(K("A"), "{\"status\": \"ok\", \"outcomes\": [" K("A") "," K("C") "]}"),
		    &r);
	assert_int_equal(r.st.failures, 0);
	assert_int_equal(r.st.sc_in_model, 1);
	assert_int_equal(r.st.equal, 1);
	done(&r);
	/* a crash: the same thread and message, whatever the values */
	const char *crash = "{\"key\": \"r=0; crash in t1: BUG_ON at line 3\", \"crash\": "
			    "{\"thread\": \"t1\", \"message\": \"BUG_ON at line 3\"}}";
	const char *crash7 = "{\"key\": \"r=7; crash in t1: BUG_ON at line 3\", \"crash\": "
			     "{\"thread\": \"t1\", \"message\": \"BUG_ON at line 3\"}}";
	char doc[1024];
	snprintf(doc, sizeof doc,
		 "{\"cells\": {\"gcc-12/aarch64/O2\": {\"fixed\": {\"status\": \"ok\", "
		 "\"outcomes\": [%s], \"armv8\": {\"status\": \"ok\", \"outcomes\": [%s]}}}}}",
		 crash, crash7);
	check_armv8(doc, &r);
	assert_int_equal(r.st.failures, 0);
	done(&r);
}

/* An AArch64 cell explored under SC needs its Armv8 result; another cell has none. */
static void test_armv8_missing(void **state)
{
	(void)state;
	struct run r;
	check_armv8("{\"cells\": {\"gcc-12/aarch64/O2\": {\"fixed\": {\"status\": \"ok\", "
		    "\"outcomes\": [" K("A") "]}}}}",
		    &r);
	assert_int_equal(r.st.failures, 1);
	assert_non_null(
		strstr(fail0(&r), "gcc-12/aarch64/O2 (Armv8): variant fixed: no Armv8 result"));
	done(&r);
	check_armv8(CELL("O2", "fixed", K("A")), &r);
	assert_int_equal(r.st.cells, 0);
	assert_int_equal(r.st.failures, 0);
	done(&r);
}

static void test_armv8_expect(void **state)
{
	(void)state;
	struct run r;
	check_armv8(
		A8_CELL(K("A"),
			"{\"status\": \"ok\", \"outcomes\": [" K(
				"A") "], \"expect\": "
				     "[{\"line\": 12, \"kind\": \"unreachable\", \"expr\": \"r == 1\", "
				     "\"ok\": false, \"witness\": \"t0:5 W r=1\"}, {\"line\": 13, "
				     "\"kind\": \"reachable\", \"expr\": \"r == 0\", \"ok\": true}]}"),
		&r);
	assert_int_equal(r.st.failures, 1);
	assert_string_equal(fail0(&r),
			    "examples/t/x.c:12: gcc-12/aarch64/O2 (Armv8): variant fixed: "
			    "expect-armv8.fixed: unreachable: r == 1 -- but it is "
			    "reachable, e.g. execution t0:5 W r=1");
	done(&r);
}

static void test_armv8_unexplored(void **state)
{
	(void)state;
	struct run r;
	const char *doc = A8_CELL(K("A"),
				  "{\"status\": \"error\", \"error\": \"examples/t/x.c:4: "
				  "gcc-12/aarch64/O2: variant fixed: under Armv8: mixed-size "
				  "accesses: ...\"}");
	check_armv8(doc, &r);
	assert_int_equal(r.st.failures, 1);
	assert_int_equal(r.st.sc_in_model, 0);
	done(&r);
	char path[] = "/tmp/test_crosscheck_a8_XXXXXX", err[256];
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_text(path,
		   "t/x gcc-12/aarch64/any fixed: \"under Armv8: mixed-size\" halves of a word\n");
	test_nun = xc_unexplored_load(path, &test_un, err, sizeof err);
	assert_int_equal(test_nun, 1);
	check_armv8(doc, &r);
	assert_int_equal(r.st.failures, 0);
	assert_int_equal(r.st.unexplored, 1);
	assert_string_equal(
		json_string_value(json_object_get(json_array_get(r.unexplored, 0), "model")),
		"armv8");
	done(&r);
	xc_unexplored_free(test_un, test_nun);
	test_un = NULL;
	test_nun = 0;
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_equal),
		cmocka_unit_test(test_fixed_differs),
		cmocka_unit_test(test_plain_explained),
		cmocka_unit_test(test_plain_unexplained),
		cmocka_unit_test(test_plain_as_fixed),
		cmocka_unit_test(test_gaps_file),
		cmocka_unit_test(test_error_and_partial),
		cmocka_unit_test(test_unexplored_file),
		cmocka_unit_test(test_skipped),
		cmocka_unit_test(test_tso_equal),
		cmocka_unit_test(test_tso_differs),
		cmocka_unit_test(test_tso_misses_sc),
		cmocka_unit_test(test_tso_not_x86),
		cmocka_unit_test(test_armv8_misses_sc),
		cmocka_unit_test(test_armv8_missing),
		cmocka_unit_test(test_armv8_expect),
		cmocka_unit_test(test_armv8_unexplored),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
