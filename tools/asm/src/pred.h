/*
 * pred.h - the predicate language of the metadata block: one grammar, two vocabularies.
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
#ifndef ASM_PRED_H
#define ASM_PRED_H

#include <jansson.h>
#include <stddef.h>

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

#endif
