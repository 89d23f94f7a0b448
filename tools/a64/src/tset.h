/*
 * tset.h - sets of event indices (the reads a value depends on): growable bitsets.
 * A zeroed struct is the empty set; tset_free releases one. Nothing here fails (allocation aborts).
 */
#ifndef A64_TSET_H
#define A64_TSET_H

#include <stdint.h>

struct tset {
	uint64_t *w;
	int nw;
};

void tset_clear(struct tset *s);
void tset_add(struct tset *s, int i);
void tset_union(struct tset *s, const struct tset *o); /* s |= o */
void tset_copy(struct tset *s, const struct tset *o);  /* s := o */
int tset_empty(const struct tset *s);
int tset_has(const struct tset *s, int i);
/* The members in increasing order into a new array (caller frees; NULL when empty); *n their count. */
int *tset_list(const struct tset *s, int *n);
void tset_free(struct tset *s);

#endif
