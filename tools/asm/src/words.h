/*
 * words.h - an evidence atom in words: what the count, order or flow function of the predicate
 * language (examples/README.md) measured on a cell, as a clause a page prints ("t0 writes big
 * twice"). The one place of these words: the pages and static/disasm.js print the data's text.
 */
#ifndef ASM_WORDS_H
#define ASM_WORDS_H

#include <jansson.h>

/* The clause for fn(thread, var[, arg]) == value (arg NULL for a count). Returns a new JSON
 * string (the caller json_decref()s it), or NULL for a function it does not know. */
json_t *atom_words(const char *fn, const char *thread, const char *var, const char *arg,
		   json_int_t value);

/* One sentence for a variant's evidence on a cell: its atoms' clauses ("text", each once, joined by
 * "; "), then what they mean: the transformation is seen or not (seen a JSON boolean), or else the
 * example's evidence holds or not (holds). Returns a new JSON string (the caller json_decref()s it). */
json_t *evidence_says(const json_t *predicates, const json_t *seen, int holds);

#endif
