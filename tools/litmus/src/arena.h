/*
 * arena.h - the allocator of a parsed litmus test: every node of one test lives in one arena
 * and is freed with it.
 */
#ifndef LITMUS_ARENA_H
#define LITMUS_ARENA_H

#include <stddef.h>

struct lit_arena;

struct lit_arena *arena_new(void);		  /* NULL when out of memory */
void *arena_alloc(struct lit_arena *a, size_t n); /* zeroed; NULL when out of memory */
void arena_free(struct lit_arena *a);		  /* frees every block; NULL is fine */

#endif
