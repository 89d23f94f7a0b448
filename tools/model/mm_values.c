/* mm_values.c - the set of values each location may hold, grown by a producer to a fixpoint (model.h). */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "model.h"

/* Index of addr's set, or of where it goes (then *found is 0). Binary search: sets sorted by addr. */
static int find_set(const struct mm_values *s, uint64_t addr, int *found)
{
	int lo = 0, hi = s->nsets;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (s->sets[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = lo < s->nsets && s->sets[lo].addr == addr;
	return lo;
}

static struct mm_valset *get_or_add_set(struct mm_values *s, uint64_t addr)
{
	int found, i = find_set(s, addr, &found);
	if (found)
		return &s->sets[i];
	if (s->nsets == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 8;
		s->sets = xrealloc(s->sets, (size_t)s->cap * sizeof *s->sets);
	}
	memmove(&s->sets[i + 1], &s->sets[i], (size_t)(s->nsets - i) * sizeof *s->sets);
	s->nsets++;
	s->sets[i] = (struct mm_valset){ .addr = addr };
	return &s->sets[i];
}

int mm_values_add(struct mm_values *s, uint64_t addr, uint64_t v)
{
	struct mm_valset *set = get_or_add_set(s, addr);
	int lo = 0, hi = set->n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (set->v[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < set->n && set->v[lo] == v)
		return 0;
	if (set->n == set->cap) {
		set->cap = set->cap ? 2 * set->cap : 4;
		set->v = xrealloc(set->v, (size_t)set->cap * sizeof *set->v);
	}
	memmove(&set->v[lo + 1], &set->v[lo], (size_t)(set->n - lo) * sizeof *set->v);
	set->v[lo] = v;
	set->n++;
	return 1;
}

const struct mm_valset *mm_values_get(const struct mm_values *s, uint64_t addr)
{
	int found, i = find_set(s, addr, &found);
	return found ? &s->sets[i] : NULL;
}

void mm_values_free(struct mm_values *s)
{
	for (int i = 0; i < s->nsets; i++)
		free(s->sets[i].v);
	free(s->sets);
	*s = (struct mm_values){ 0 };
}
