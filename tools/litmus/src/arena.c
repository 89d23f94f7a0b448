/*
 * arena.c - a list of blocks, bump allocation inside the newest (see arena.h).
 */
#include "arena.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK 16384

struct block {
	struct block *prev;
	size_t used, cap;
	max_align_t data[];
};

struct lit_arena {
	struct block *top;
};

struct lit_arena *arena_new(void)
{
	return calloc(1, sizeof(struct lit_arena));
}

void *arena_alloc(struct lit_arena *a, size_t n)
{
	size_t align = sizeof(max_align_t);
	n = (n + align - 1) / align * align;
	struct block *b = a->top;
	if (!b || b->cap - b->used < n) {
		size_t cap = n > BLOCK ? n : BLOCK;
		b = malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		b->prev = a->top;
		b->used = 0;
		b->cap = cap;
		a->top = b;
	}
	void *p = (char *)b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

void arena_free(struct lit_arena *a)
{
	if (!a)
		return;
	for (struct block *b = a->top, *prev; b; b = prev) {
		prev = b->prev;
		free(b);
	}
	free(a);
}
