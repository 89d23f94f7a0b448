/* spell: the spelling rule. Words of prose are checked by libhunspell with a dictionary (en_US) plus the
 * project's word list (one word per line, as hunspell's personal dictionaries: "Boehm's", "x86").
 * A word is a run of letters, digits and apostrophes (' and U+2019), apostrophes at its ends dropped, as
 * hunspell's own text parser splits text for en_US. */
#ifndef GEN_SPELL_H
#define GEN_SPELL_H
#include <stddef.h>

struct speller;

/* dict: the dictionary's path without .aff/.dic ("/usr/share/hunspell/en_US"); words: the word list.
 * NULL with `path: message` in diag when either cannot be read. */
struct speller *speller_new(const char *dict, const char *words);
void speller_free(struct speller *sp);

/* Calls fn for each word of text[0..len) (UTF-8) that the speller does not know: its offset, its length. */
typedef void (*speller_fn)(void *ctx, size_t offset, size_t len);
void speller_check(struct speller *sp, const char *text, size_t len, speller_fn fn, void *ctx);

#endif
