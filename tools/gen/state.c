/* state: load, query and save the incremental-build record. */
#define _POSIX_C_SOURCE 200809L
#include "state.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsutil.h"
#include "util.h"

static const struct state *sorting;

static int cmp_index(const void *a, const void *b)
{
    return strcmp(sorting->outputs[*(const size_t *)a].path, sorting->outputs[*(const size_t *)b].path);
}

struct state_output *state_find(const struct state *cs, const char *output_path)
{
    struct state *s = (struct state *)cs; /* the index is a cache, not part of the value */
    if (!s->n)
        return NULL;
    if (!s->index) {
        s->index = xmalloc(s->n * sizeof *s->index);
        for (size_t i = 0; i < s->n; i++)
            s->index[i] = i;
        sorting = s;
        qsort(s->index, s->n, sizeof *s->index, cmp_index);
    }
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(s->outputs[s->index[mid]].path, output_path);
        if (c == 0)
            return &s->outputs[s->index[mid]];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

struct state_output *state_add(struct state *s, const char *output_path, uint64_t key)
{
    free(s->index);
    s->index = NULL;
    s->outputs = xrealloc(s->outputs, (s->n + 1) * sizeof *s->outputs);
    struct state_output *o = &s->outputs[s->n++];
    memset(o, 0, sizeof *o);
    o->path = xstrdup(output_path);
    o->key = key;
    return o;
}

void state_add_dep(struct state_output *o, const char *path, uint64_t hash)
{
    for (size_t i = 0; i < o->ndeps; i++)
        if (!strcmp(o->deps[i].path, path))
            return;
    o->deps = xrealloc(o->deps, (o->ndeps + 1) * sizeof *o->deps);
    o->deps[o->ndeps].path = xstrdup(path);
    o->deps[o->ndeps].hash = hash;
    o->ndeps++;
}

void state_free(struct state *s)
{
    for (size_t i = 0; i < s->n; i++) {
        for (size_t j = 0; j < s->outputs[i].ndeps; j++)
            free(s->outputs[i].deps[j].path);
        free(s->outputs[i].deps);
        free(s->outputs[i].path);
    }
    free(s->outputs);
    free(s->index);
    s->outputs = NULL;
    s->index = NULL;
    s->n = 0;
}

void state_load(const char *path, struct state *s)
{
    s->outputs = NULL;
    s->index = NULL;
    s->n = 0;
    char *text = read_file(path, NULL);
    if (!text)
        return;
    char *save = NULL;
    char *line = strtok_r(text, "\n", &save);
    int ok = line && !strcmp(line, "sitegen-state 1");
    struct state_output *cur = NULL;
    while (ok && (line = strtok_r(NULL, "\n", &save))) {
        char kind;
        uint64_t h;
        int off = 0;
        if (sscanf(line, "%c %" SCNx64 " %n", &kind, &h, &off) != 2 || !off || !line[off]) {
            ok = 0;
        } else if (kind == 'O') {
            cur = state_add(s, line + off, h);
        } else if (kind == 'D' && cur) {
            state_add_dep(cur, line + off, h);
        } else {
            ok = 0;
        }
    }
    free(text);
    if (!ok)
        state_free(s);
}

int state_save(const char *path, const struct state *s)
{
    struct buf b = {0};
    buf_puts(&b, "sitegen-state 1\n");
    for (size_t i = 0; i < s->n; i++) {
        const struct state_output *o = &s->outputs[i];
        buf_printf(&b, "O %016" PRIx64 " %s\n", o->key, o->path);
        for (size_t j = 0; j < o->ndeps; j++)
            buf_printf(&b, "D %016" PRIx64 " %s\n", o->deps[j].hash, o->deps[j].path);
    }
    int rc = write_new_inode(path, b.data, b.len);
    buf_free(&b);
    return rc;
}
