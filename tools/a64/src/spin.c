/*
 * spin.c - the states one path of compiled code has been in, to end a loop the thread would go
 * round forever (see run.h, prod.state, and runst.h).
 *
 * A path's future depends only on its state (registers, flags, private memory, the open
 * exclusive) and on the values its later reads are given. So when the state at a point the
 * caller's hook compares (a loop head) is one the path was in before, with no write event in
 * between, the events since then
 * are a cycle the thread repeats for as long as its reads return the same values: the path ends
 * there, its cycle starting at the event it had reached the first time. A path that left the
 * loop later is not lost: cutting a cycle of reads out of an execution leaves an execution the
 * model allows, with the same outcome (tools/native/README.md, "Loops").
 *
 * A cycle in which a store-exclusive failed is a livelock: the pair retried forever with nothing
 * else happening. The model lets a store-exclusive fail at any time, but the architecture
 * expects a retried pair that nothing disturbs to succeed eventually (the SC explorer runs a
 * pair as one step), so such a path is no hang: run.c drops it (spin_livelock), and the paths
 * where the store-exclusive succeeds are others.
 */
#include <stdlib.h>

#include "buf.h"
#include "runst.h"

struct seen {
	uint64_t h;
	int nev, nwrites; /* events and write events the path had made */
	long steps;	  /* and instructions */
	int used;
};

static int writes(const struct runst *s)
{
	int n = 0;
	for (int i = 0; i < s->nev; i++)
		n += s->ev[i].kind == MM_W;
	return n;
}

static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

static struct seen *slot(struct seen *tab, int cap, uint64_t h)
{
	int i = (int)(mix(h) & (uint64_t)(cap - 1));
	while (tab[i].used && tab[i].h != h)
		i = (i + 1) & (cap - 1);
	return &tab[i];
}

static void grow(struct runst *s)
{
	int cap = s->capseen ? 2 * s->capseen : 64;
	struct seen *tab = xcalloc((size_t)cap, sizeof *tab);
	for (int i = 0; i < s->capseen; i++)
		if (s->seen[i].used)
			*slot(tab, cap, s->seen[i].h) = s->seen[i];
	free(s->seen);
	s->seen = tab;
	s->capseen = cap;
}

void spin_reset(struct runst *s)
{
	for (int i = 0; i < s->capseen; i++)
		s->seen[i].used = 0;
	s->nseen = 0;
	s->spin_from = -1;
	s->spin_livelock = 0;
	s->stxr_fail_step = 0;
}

int spin_repeats(struct runst *s)
{
	uint64_t h = s->p->state(s->p->ctx, s->cpu, s->pc);
	if (!h)
		return 0;
	if (s->excl_open)
		h = mix(h ^ mix(s->excl_addr + (uint64_t)s->excl_size));
	if (2 * (s->nseen + 1) > s->capseen)
		grow(s);
	struct seen *e = slot(s->seen, s->capseen, h);
	int w = writes(s);
	if (e->used && e->nwrites == w) {
		s->spin_from = e->nev;
		s->spin_livelock = s->stxr_fail_step > e->steps;
		return 1;
	}
	if (!e->used)
		s->nseen++;
	*e = (struct seen){ h, s->nev, w, s->steps, 1 };
	return 0;
}

void spin_free(struct runst *s)
{
	free(s->seen);
	s->seen = NULL;
	s->capseen = s->nseen = 0;
}
