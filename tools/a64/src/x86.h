/*
 * x86.h - herd7's X86 litmus tests on the native explorer's x86-TSO machine (tools/native): the
 * threads assembled for i386 (Intel syntax), each thread storing the registers the condition
 * observes into course_observed before it returns, the object explored as one cell of the native
 * explorer (every interleaving of the real instructions, each thread with its FIFO store buffer),
 * and each final state judged by the test's condition.
 */
#ifndef A64_X86_H
#define A64_X86_H

#include "test.h"
#include "verdict.h"

/* Runs t (isa A64_ISA_X86) under x86-TSO, or sequential consistency when sc. Returns 0 with r
 * filled (a64_result_free; outcomes counted in explored states, unit "state"), or -1 with *err a
 * malloc'd "file:line: message". */
int a64_x86_run(const struct a64_test *t, int sc, struct a64_result *r, char **err);

#endif
