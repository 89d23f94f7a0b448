/*
 * example.h - the example format, the one reader of the course's input files (tools/example/README.md):
 * the compile matrix examples/targets.conf (conf.c), the predicate language of the metadata block
 * (pred.c) and an example file itself: the @example block and the markers of its code (meta.c).
 * asm-tool (tools/asm), native-tool (tools/native) and, through asm-tool, the labs (tools/lab)
 * link it; every other step reads the JSON it writes (build/data/meta/<id>.json) or asks asm-tool.
 */
#ifndef EXAMPLE_H
#define EXAMPLE_H

#include <jansson.h>
#include <stddef.h>

/* ==== examples/targets.conf: the compile matrix (targets, -O levels, flags, default); conf.c ==== */

#define CONF_MAX_TARGETS 32
#define CONF_MAX_OPTS 8

/* Names are held in fixed fields: a longer one in the file is an error at its line, never cut short.
 * The flags and a target's command are free text of any length. */
struct conf_target {
	char name[64];	  /* compiler/arch, e.g. gcc-12/x86_64 */
	char package[64]; /* Debian package providing the compiler */
	char arch[16];	  /* x86_64 i386 aarch64 riscv64 */
	char *command;	  /* compiler command and its target flags (owned by the conf) */
};

struct conf {
	struct conf_target targets[CONF_MAX_TARGETS];
	int ntargets;
	char opts[CONF_MAX_OPTS][8];
	int nopts;
	char *flags;		 /* flags of every compile, "" when none (owned by the conf) */
	char default_target[80]; /* compiler/arch/opt */
	char source_counts[80];	 /* compiler/arch/opt that keeps every access */
};

/* Reads the matrix from path (lines of any length). Returns 0, or -1 with "path:line: message" (or
 * "path: cannot open") in err, nothing left to free. On success the caller frees with conf_free. */
int conf_load(struct conf *c, const char *path, char *err, size_t errlen);
void conf_free(struct conf *c);
const struct conf_target *conf_target(const struct conf *c, const char *name);
int conf_has_opt(const struct conf *c, const char *opt);
/* Does "compiler/arch/opt" match pattern (components may be "any" or comma lists)? */
int conf_pattern_match(const char *pattern, const char *target_opt);
/* Is the pattern well formed and does it match at least one cell of the matrix? */
int conf_pattern_valid(const struct conf *c, const char *pattern);

/* ==== the predicate language (pred.c) ========================================================= */
/*
 * The predicate language of the metadata block: one grammar, two vocabularies.
 *
 * Outcome predicates (expect.*, quiz.*) speak of the outcome of a run: outcome variables,
 * hang(t), crash, crash(t), done. Evidence predicates (evidence.*) speak of the disassembly of
 * one target: counts such as loads(t, x). Both share one grammar (C's operators and precedence):
 *
 *   expr    := and ('||' and)*
 *   and     := cmp ('&&' cmp)*
 *   cmp     := sum [('==' | '!=' | '<' | '<=' | '>' | '>=') sum]     one comparison, no chains
 *   sum     := unary (('+' | '-') unary)*
 *   unary   := '!' unary | '-' unary | primary                       binds tighter than '=='
 *   primary := INT | '(' expr ')' | atom
 *   INT     := 0 | [1-9][0-9]* | 0x[0-9a-fA-F]+                      at most 2^53 - 1
 *   atom    := outcome:  NAME | hang(T) | crash | crash(T) | done
 *              evidence: COUNT(T, VAR) | FLOW(T, VAR, USE) | ORDER(T, VAR, VAR)
 *   USE     := deref | branch | a SHARED or OBSERVED variable (the value is stored to it)
 *
 * pred_parse() turns the text into a tree (JSON, schema in examples/README.md, "Predicate
 * trees"). asm-tool writes the trees into build/data/meta/<id>.json; every later step evaluates
 * a tree and never reads the text again: pred_eval() here for evidence, the explorer's engine
 * (tools/wasm/runtime.js, CourseExplorer.predicateHolds) for outcomes.
 */

enum pred_lang { PRED_OUTCOME, PRED_EVIDENCE };

/* The names a predicate may use. */
struct pred_names {
	const char *const *threads; /* thread functions */
	int nthreads;
	const char *const *vars; /* outcome names (outcome) or shared variables (evidence) */
	int nvars;
	int has_init, has_check;     /* crash(init) / crash(check) are allowed */
	const char *const *observed; /* evidence: OBSERVED variables (a use: stored to) */
	int nobserved;
};

/* The count functions of evidence predicates, NULL-terminated: COUNT(T, VAR); the value-flow
 * functions FLOW(T, VAR, USE) (tree field "arg": the use); the path-aware order functions
 * ORDER(T, A, B) (tree field "arg": B). */
extern const char *const pred_count_fns[];
extern const char *const pred_flow_fns[];
extern const char *const pred_order_fns[];

/* Parses s. Returns a new tree (the caller json_decref()s it), or NULL with a message that ends
 * in "(column N)" in err (no file:line prefix: the caller knows the line). */
json_t *pred_parse(const char *s, enum pred_lang lang, const struct pred_names *names, char *err,
		   size_t errlen);

/* The value of an atom other than an integer (count, var, hang, crash, done); ctx is the caller's. */
typedef long long (*pred_atom_fn)(void *ctx, const json_t *atom);

/* The value of a tree made by pred_parse() (a predicate holds when its value is not 0). */
long long pred_eval(const json_t *tree, pred_atom_fn atom, void *ctx);

/* ==== the example file (meta.c) ============================================================== */
/*
 * The example format: the @example metadata block and the markers of the code.
 *
 * meta_parse() reads one example file (a course example examples/<topic>/<name>.c, a lab's
 * student file, a test program), validates it and returns its parsed metadata as JSON: the
 * contract build/data/meta/<id>.json, with every predicate as a tree (schema and rules in
 * examples/README.md). This is the only reader of the format; later steps read the JSON.
 */

/* Variant names: a course example has plain, fixed and maybe transformed (cut from one file by
 * #if PLAIN / FIXED / TRANSFORMED); a single-variant example has any one of these names or
 * student, and is compiled as it is. */
extern const char *const meta_variant_names[]; /* NULL-terminated */

struct meta_opts {
	const char *src_dir;	  /* where a course example's variants are cut to */
	const char *const *cells; /* compile only on these cells (patterns); none: the matrix;
					   the one pattern "none": on no cell (explored only) */
	int ncells;
};

/* Parses path as example id. Returns the metadata JSON (the caller json_decref()s it), or NULL
 * with "path:line: message" in err. conf: the matrix, for evidence-on and cell patterns. */
json_t *meta_parse(const char *path, const char *id, const struct conf *conf,
		   const struct meta_opts *opts, char *err, size_t errlen);

/* Is the example a single-variant one (meta JSON)? */
int meta_single(const json_t *meta);

/* Does the cell "compiler/arch/opt" match one of patterns (a JSON array of conf patterns)? */
int meta_patterns_match(const json_t *patterns, const char *cell);

/* Does the cell "compiler/arch/opt" belong to the example's matrix (its "cells" patterns)? */
int meta_has_cell(const json_t *meta, const char *cell);

/* The blank-separated words of s as a new JSON array of strings (the caller owns it): the
 * block's list values, and targets.conf's flags and commands for asm-tool matrix. */
json_t *split_words(const char *s);

#endif
