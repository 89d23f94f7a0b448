/*
 * show.h - printing a test's traces (a64-tool traces): each thread's paths, each event with its
 * value, ordering and dependencies, as the checker receives them.
 */
#ifndef A64_SHOW_H
#define A64_SHOW_H

#include <stdio.h>

#include "explore.h"

void a64_show_traces(FILE *f, const struct a64_image *ai, const struct a64_explore *ex);

#endif
