/* slug: heading ids from heading text (letters and digits lowercased, including non-ASCII ones; runs of
 * anything else, typographic punctuation included, become one '-') and a per-page set that makes them
 * unique with -2, -3, ... */
#ifndef GEN_SLUG_H
#define GEN_SLUG_H
#include <stddef.h>

/* Returns a newly allocated id for text; never empty ("section" when the text has no alphanumerics). */
char *slug_from_text(const char *text);

struct idset {
	char **ids;
	size_t n, cap;
};
/* Returns base if unused, else base-2, base-3, ...; the id is recorded (owned by the set). */
const char *idset_add_unique(struct idset *set, const char *base);
int idset_contains(const struct idset *set, const char *id);
void idset_free(struct idset *set);

#endif
