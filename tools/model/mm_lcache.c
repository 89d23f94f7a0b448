/* mm_lcache.c - location candidates computed once per signature of the location's accesses
 * (locs.h). Open addressing over the signatures' text. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "locs.h"

struct entry {
	char *key;	  /* NULL: empty slot */
	struct lcands *c; /* its own allocation: a pointer to it outlives the slots' growth */
};

struct lcache {
	unsigned dyn;
	struct lbudget *b;
	struct entry *slots;
	size_t n, size;
};

struct lcache *lcache_new(unsigned dyn, struct lbudget *b)
{
	struct lcache *c = xcalloc(1, sizeof *c);
	c->dyn = dyn;
	c->b = b;
	c->size = 64;
	c->slots = xcalloc(c->size, sizeof *c->slots);
	return c;
}

/* How many of trace t's events in (i, j] access location l. */
static int accesses_between(const struct graph *g, int t, int i, int j, int l)
{
	int n = 0;
	for (int k = i + 1; k <= j; k++)
		n += g->ev[graph_id(g, t, k)].loc == l && g->ev[graph_id(g, t, k)].kind != MM_F;
	return n;
}

/* The signature: the initial value, then per thread the location's accesses in program order,
 * each "R5" or "W5" (kind and value), an RMW's read with its write's position among them. */
static char *signature(const struct graph *g, int l)
{
	struct buf b = { 0 };
	buf_printf(&b, "%" PRIu64, g->locs[l].init);
	for (int t = 0; t < g->nthreads; t++) {
		buf_putc(&b, '|');
		int k = 0;
		for (int i = 0; i < g->trace[t]->nev; i++) {
			const struct gev *e = &g->ev[graph_id(g, t, i)];
			if (e->loc != l || e->kind == MM_F)
				continue;
			buf_printf(&b, "%c%" PRIu64, e->kind == MM_R ? 'R' : 'W', e->value);
			if (e->ev->rmw >= 0)
				buf_printf(&b, "m%d", k + accesses_between(g, t, i, e->ev->rmw, l));
			buf_putc(&b, ',');
			k++;
		}
	}
	return buf_take(&b);
}

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static struct entry *slot(struct lcache *c, const char *key)
{
	size_t k = hash(key) & (c->size - 1);
	while (c->slots[k].key && strcmp(c->slots[k].key, key))
		k = (k + 1) & (c->size - 1);
	return &c->slots[k];
}

static void grow(struct lcache *c)
{
	struct entry *old = c->slots;
	size_t n = c->size;
	c->size *= 2;
	c->slots = xcalloc(c->size, sizeof *c->slots);
	for (size_t k = 0; k < n; k++)
		if (old[k].key)
			*slot(c, old[k].key) = old[k];
	free(old);
}

const struct lcands *lcache_get(struct lcache *c, const struct graph *g, int l)
{
	char *key = signature(g, l);
	struct entry *e = slot(c, key);
	if (e->key) {
		free(key);
		return e->c;
	}
	if (2 * (c->n + 1) > c->size) {
		grow(c);
		e = slot(c, key);
	}
	e->key = key;
	e->c = xcalloc(1, sizeof *e->c);
	locs_candidates(g, l, c->dyn, c->b, e->c);
	c->n++;
	return e->c;
}

void lcache_free(struct lcache *c)
{
	for (size_t k = 0; k < c->size; k++)
		if (c->slots[k].key)
			free(c->slots[k].key), lcands_free(c->slots[k].c), free(c->slots[k].c);
	free(c->slots);
	free(c);
}
