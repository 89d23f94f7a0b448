/*
 * rcu.h - RCU's and SRCU's grace periods in the reference enumerator's states (enumerate.c
 * calls these at its steps). The guarantee modelled: a grace period waits for every read-side
 * critical section that began before it (McKenney et al.; the kernel's Documentation/RCU/).
 *
 * Operationally, per domain (RCU, and each srcu_struct): each thread has a nesting depth, a count
 * of read-side locks not yet in effect, and (x86-TSO) the number of its buffered stores issued
 * before its last unlock that have not reached memory; a thread in synchronize_*() has the set
 * of threads it waits for. Each choice below is the one that allows the most runs, so that every
 * run of the real primitives is among those explored:
 *  - rcu_read_lock() takes effect at the thread's next step (its section begins as late as it
 *    can: a grace period that starts before it does not wait for it);
 *  - rcu_read_unlock() takes effect at once, but under x86-TSO the section counts as ended only
 *    when the stores it made have reached memory (the kernel reports a quiescent state only after
 *    a full barrier on that CPU);
 *  - synchronize_*() first empties the store buffer (it is a full barrier), then takes its
 *    snapshot at once: the threads inside a section of its domain then (or whose section's stores
 *    are still buffered); its end is a step of its own, open once each of them has left that
 *    section. A thread that waits for its own section waits forever (it does not terminate).
 * SRCU read-side sections are the same with a full barrier at srcu_read_lock() (after) and
 * srcu_read_unlock() (before), as the kernel's __srcu_read_lock/unlock have on x86 (lowered
 * as fences, prog.c); srcu_read_lock() yields 0 as its index.
 */
#ifndef LITMUS_RCU_H
#define LITMUS_RCU_H

#include <stdint.h>

#include "prog.h"

/* The words of a state that hold the RCU bookkeeping (none for a test without RCU). */
struct rcu_layout {
	int ndomains;
	int dom_loc[LIT_MAX_LOCS + 1]; /* domain d: -1 for RCU, else its srcu_struct location */
	int nthreads;
	int base[LIT_MAX_THREADS]; /* thread i's words: per domain depth, pending locks, pending
				      stores; then "in a grace period" and its wait mask */
	int per_thread;		   /* words per thread */
};

/* Lays out the words of p's domains from word `first`; returns the words used. */
int rcu_layout(struct rcu_layout *rl, const struct lit_prog *p, int first);

/* Thread i reaches rcu_read_lock() / rcu_read_unlock() of srcu_struct loc (-1: RCU). nbuf: its
 * buffered stores (0 under SC). */
void rcu_lock(const struct rcu_layout *rl, int32_t *s, int i, int loc);
void rcu_unlock(const struct rcu_layout *rl, int32_t *s, int i, int loc, int nbuf);
/* Thread i takes a step: its pending locks take effect. */
void rcu_step(const struct rcu_layout *rl, int32_t *s, int i);
/* The oldest buffered store of thread i reached memory. */
void rcu_drained(const struct rcu_layout *rl, int32_t *s, int i);
/* Thread i is at the end of a grace period of loc's domain with an empty buffer: takes the
 * snapshot if it has not yet. */
void rcu_gp_start(const struct rcu_layout *rl, int32_t *s, int i, int loc);
/* Its end can be the next step (every section it waits for has ended). */
int rcu_gp_open(const struct rcu_layout *rl, const int32_t *s, int i);
/* That step. */
void rcu_gp_end(const struct rcu_layout *rl, int32_t *s, int i);

#endif
