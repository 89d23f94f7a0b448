/*
 * cond.h - the final condition of a litmus test: its value on a final state, and its text as
 * herd writes it and as a course outcome predicate (examples/README.md).
 */
#ifndef LITMUS_COND_H
#define LITMUS_COND_H

#include "litmus.h"
#include "buf.h"

/* The condition on a final state: vals[i] is the value of t->cvars[i]. */
int lit_cond_eval(const struct lit_cond *c, const int32_t *vals);

/* "0:r0=0 /\ 1:r0=0", with the parentheses precedence needs. */
void lit_cond_herd(const struct lit_test *t, const struct lit_cond *c, struct buf *b);

/*
 * The condition as an outcome predicate over the names of lit_cvar_name: "P0_r0 == 0 &&
 * P1_r0 == 0". With operand set, in parentheses where needed to be an operand of &&.
 */
void lit_cond_course(const struct lit_test *t, int operand, struct buf *b);

/*
 * The condition as the course's expect lines state it (pos) and its negation (neg). herd judges
 * only the runs in which every thread finished, so a test that can block (lit_can_block) gets
 * "done && " in front of both.
 */
void lit_expect_predicates(const struct lit_test *t, struct buf *pos, struct buf *neg);

/* The location whose address v is (LIT_PTR), or -1. */
int lit_ptr_loc(const struct lit_test *t, int32_t v);
/* A value as herd writes it: a location's name for its address (LIT_PTR), else the integer. */
void lit_value_text(const struct lit_test *t, int32_t v, struct buf *b);

/* The test has a spin_lock or a grace period (a run can end with a thread waiting forever). */
int lit_can_block(const struct lit_test *t);

/* The C name of register reg of thread th in a course example: "P1_r0". */
void lit_reg_cname(int th, const char *reg, char *buf, size_t n);

#endif
