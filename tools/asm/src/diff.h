/*
 * diff.h - the one line diff (longest common subsequence): between two variants' sources, and
 * between two variants' instructions for the disassembly view (its browser code only draws it).
 */
#ifndef ASM_DIFF_H
#define ASM_DIFF_H

#include <jansson.h>

/* a, b: JSON arrays of strings. Returns [{op: " "|"-"|"+", a: line or 0, b: line or 0, text}]. */
json_t *diff_lines(json_t *a, json_t *b);

/* The line map of a variant cut from an example file (both JSON arrays of lines): element i is the
 * file's line (1-based) of the variant's line i + 1, 0 for a line the file does not have. The one
 * place that maps a variant's line numbers to the example file's (asm-tool linemap writes it into
 * the metadata; every later step reads it there). The caller owns it. */
json_t *diff_line_map(json_t *original, json_t *variant);

/* The disassembly view's "plain -> fixed" diff of one thread: a, b are its functions in two variants
 * ([{name, insns: [{text, ...}]}], the data scripts' format). Instructions are compared without
 * addresses, branch targets and local label numbers. Returns [[op, ia, ib], ...] with ia, ib the
 * 1-based indexes in the functions' instructions taken in order (0: none). The caller owns it. */
json_t *diff_insns(json_t *a, json_t *b);

#endif
