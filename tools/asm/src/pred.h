/*
 * pred.h - the two predicate languages of the metadata block.
 *
 * Evidence predicates (evidence.*): comparisons joined by &&, each side an integer or a count
 * function loads|stores|rmw|loads_in_loop|stores_in_loop|min_width|max_width|accesses
 * (thread, variable). Outcome predicates (expect.*): C-like boolean expressions over outcome
 * names and integers with == != < <= > >= && || ! ( ), plus hang(t), crash, crash(t), done;
 * they are checked here (syntax and names) and evaluated by the explorer (tools/wasm).
 */
#ifndef ASM_PRED_H
#define ASM_PRED_H

#include <stddef.h>

#define EV_MAX_CMP 8

struct ev_term {
	int is_count;
	char fn[64];
	char thread[64];
	char var[64];
	long value;
};

struct ev_cmp {
	struct ev_term l, r;
	char op[3];
};

struct ev_pred {
	struct ev_cmp c[EV_MAX_CMP];
	int n;
};

/* Names a predicate may use. */
struct pred_names {
	const char *const *threads;
	int nthreads;
	const char *const *vars;	/* shared variables (evidence) or outcome names (expect) */
	int nvars;
};

/* Parse and check names; 0, or -1 with a message in err (no file:line prefix). */
int ev_parse(const char *s, const struct pred_names *names, struct ev_pred *p, char *err,
	     size_t errlen);
/* The value of one count; ctx is the caller's. */
typedef long (*ev_count_fn)(void *ctx, const char *fn, const char *thread, const char *var);
int ev_eval(const struct ev_pred *p, ev_count_fn count, void *ctx);

int outcome_check(const char *s, const struct pred_names *names, char *err, size_t errlen);

#endif
