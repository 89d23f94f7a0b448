/*
 * rcu.c - see rcu.h.
 */
#include "rcu.h"

#include <string.h>

enum { W_DEPTH, W_PLOCK, W_PSTORES, W_DOMAIN }; /* per domain */

static int find_domain(const struct rcu_layout *rl, int loc)
{
	for (int d = 0; d < rl->ndomains; d++)
		if (rl->dom_loc[d] == loc)
			return d;
	return -1;
}

static int domain(const struct rcu_layout *rl, int loc)
{
	int d = find_domain(rl, loc);
	return d < 0 ? 0 : d; /* (every domain of the program is in the layout) */
}

static int32_t *word(const struct rcu_layout *rl, int32_t *s, int i, int d, int w)
{
	return s + rl->base[i] + W_DOMAIN * d + w;
}

/* thread i's "in a grace period" flag and its wait mask */
static int32_t *gp_flag(const struct rcu_layout *rl, int32_t *s, int i)
{
	return s + rl->base[i] + W_DOMAIN * rl->ndomains;
}

static void add_domain(struct rcu_layout *rl, int loc)
{
	if (find_domain(rl, loc) < 0)
		rl->dom_loc[rl->ndomains++] = loc;
}

int rcu_layout(struct rcu_layout *rl, const struct lit_prog *p, int first)
{
	memset(rl, 0, sizeof *rl);
	rl->nthreads = p->nthreads;
	for (int i = 0; i < p->nthreads; i++)
		for (int k = 0; k < p->th[i]->n; k++) {
			const struct insn *in = &p->th[i]->code[k];
			if (in->op == OP_RCU_LOCK || in->op == OP_RCU_UNLOCK || in->op == OP_GP)
				add_domain(rl, in->loc);
		}
	if (!rl->ndomains)
		return 0;
	rl->per_thread = W_DOMAIN * rl->ndomains + 2;
	for (int i = 0; i < p->nthreads; i++)
		rl->base[i] = first + i * rl->per_thread;
	return rl->per_thread * p->nthreads;
}

void rcu_lock(const struct rcu_layout *rl, int32_t *s, int i, int loc)
{
	(*word(rl, s, i, domain(rl, loc), W_PLOCK))++;
}

/* Thread i's section of domain d has ended for good (its stores are in memory): no grace
 * period waits for it any more. */
static void released(const struct rcu_layout *rl, int32_t *s, int i, int d)
{
	for (int k = 0; k < rl->nthreads; k++) {
		int32_t *g = gp_flag(rl, s, k);
		if (g[0] == d + 1)
			g[1] &= ~(1 << i);
	}
}

void rcu_unlock(const struct rcu_layout *rl, int32_t *s, int i, int loc, int nbuf)
{
	int d = domain(rl, loc);
	int32_t *plock = word(rl, s, i, d, W_PLOCK), *depth = word(rl, s, i, d, W_DEPTH);
	if (*plock > 0) { /* a section with no step in it: it never began */
		(*plock)--;
		return;
	}
	if (*depth == 0) /* an unlock without a lock: nothing to end */
		return;
	if (--*depth > 0)
		return;
	*word(rl, s, i, d, W_PSTORES) = nbuf;
	if (nbuf == 0)
		released(rl, s, i, d);
}

void rcu_step(const struct rcu_layout *rl, int32_t *s, int i)
{
	for (int d = 0; d < rl->ndomains; d++) {
		int32_t *plock = word(rl, s, i, d, W_PLOCK);
		*word(rl, s, i, d, W_DEPTH) += *plock;
		*plock = 0;
	}
}

void rcu_drained(const struct rcu_layout *rl, int32_t *s, int i)
{
	for (int d = 0; d < rl->ndomains; d++) {
		int32_t *ps = word(rl, s, i, d, W_PSTORES);
		if (*ps > 0 && --*ps == 0 && *word(rl, s, i, d, W_DEPTH) == 0)
			released(rl, s, i, d);
	}
}

void rcu_gp_start(const struct rcu_layout *rl, int32_t *s, int i, int loc)
{
	int32_t *g = gp_flag(rl, s, i);
	if (g[0])
		return;
	int d = domain(rl, loc);
	g[0] = d + 1;
	g[1] = 0;
	for (int k = 0; k < rl->nthreads; k++)
		if (*word(rl, s, k, d, W_DEPTH) > 0 || *word(rl, s, k, d, W_PSTORES) > 0)
			g[1] |= 1 << k;
}

int rcu_gp_open(const struct rcu_layout *rl, const int32_t *s, int i)
{
	const int32_t *g = s + rl->base[i] + W_DOMAIN * rl->ndomains;
	return g[0] && g[1] == 0;
}

void rcu_gp_end(const struct rcu_layout *rl, int32_t *s, int i)
{
	int32_t *g = gp_flag(rl, s, i);
	g[0] = g[1] = 0;
}
