/* slug: stable heading ids and their per-page uniqueness. */
#include "slug.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

char *slug_from_text(const char *text)
{
    struct buf b = {0};
    int pending_dash = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        unsigned char c = *p;
        int keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80;
        if (c >= 'A' && c <= 'Z') {
            c = (unsigned char)(c - 'A' + 'a');
            keep = 1;
        }
        if (!keep) {
            pending_dash = 1;
            continue;
        }
        if (pending_dash && b.len)
            buf_putc(&b, '-');
        pending_dash = 0;
        buf_putc(&b, (char)c);
    }
    if (!b.len)
        buf_puts(&b, "section");
    return buf_take(&b);
}

int idset_contains(const struct idset *set, const char *id)
{
    for (size_t i = 0; i < set->n; i++)
        if (!strcmp(set->ids[i], id))
            return 1;
    return 0;
}

const char *idset_add_unique(struct idset *set, const char *base)
{
    char *id = xstrdup(base);
    for (int k = 2; idset_contains(set, id); k++) {
        free(id);
        id = xasprintf("%s-%d", base, k);
    }
    if (set->n == set->cap) {
        set->cap = set->cap ? set->cap * 2 : 16;
        set->ids = xrealloc(set->ids, set->cap * sizeof *set->ids);
    }
    set->ids[set->n++] = id;
    return id;
}

void idset_free(struct idset *set)
{
    for (size_t i = 0; i < set->n; i++)
        free(set->ids[i]);
    free(set->ids);
    memset(set, 0, sizeof *set);
}
