/*
 * diff.h - a line diff (longest common subsequence) between two variants' sources.
 */
#ifndef ASM_DIFF_H
#define ASM_DIFF_H

#include <jansson.h>

/* a, b: JSON arrays of strings. Returns [{op: " "|"-"|"+", a: line or 0, b: line or 0, text}]. */
json_t *diff_lines(json_t *a, json_t *b);

#endif
