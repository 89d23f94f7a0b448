/* schedule.h - the schedule alphabet, shared by every explorer (the one C implementation; the
 * grammar is in docs/ARCHITECTURE.md, "Outcome keys and schedules"). A schedule is a string, one
 * character per step of a run:
 *   '0' + t   thread t runs to its next shared access (t < SCHED_MAX_THREADS);
 *   'a' + t   under x86-TSO only: the oldest store of thread t's store buffer reaches memory.
 * A schedule for a program of n threads names threads below n only. Whether a step can happen
 * (the thread has not returned, its buffer is not empty) is the explorer's to say, not the
 * alphabet's. The second copy is runtime.js's (decodeSchedule, parseSchedule), which the
 * browser's scripts share; both are held to tests/fixtures/schedules.json. */
#ifndef TOOLS_LIB_SCHEDULE_H
#define TOOLS_LIB_SCHEDULE_H

#include <stddef.h>

/* Threads a program may have, in every explorer (and in the example format): one digit each. */
#define SCHED_MAX_THREADS 8

/* The character of a step: thread t (0 <= t < SCHED_MAX_THREADS) runs, or (drain) its buffer's
 * oldest store drains. */
char sched_char(int thread, int drain);

/* The step of character c: returns its thread and sets *drain, or returns -1 when c is not in
 * the alphabet. */
int sched_step(char c, int *drain);

/* Whether s is a schedule of a program of nthreads threads (drains only when tso): 0, or -1 with
 * *at the index of the first character that is not a step of such a program. */
int sched_check(const char *s, int nthreads, int tso, size_t *at);

#endif
