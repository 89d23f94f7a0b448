/* outcomes: the one lookup into build/data/outcomes/<id>.json an outcome quiz needs
 * (schema in tools/wasm/README.md): is `predicate` reachable in `variant`? */
#ifndef GEN_OUTCOMES_H
#define GEN_OUTCOMES_H
#include <jansson.h>

enum outcome_lookup {
	OUTCOME_FALSE = 0,
	OUTCOME_TRUE = 1,
	OUTCOME_NO_VARIANT = -1,
	OUTCOME_NO_PREDICATE = -2
};

/* root: the parsed outcomes file. A choice is right iff variants[variant].checked[predicate] == true. */
enum outcome_lookup outcomes_lookup(const json_t *root, const char *variant, const char *predicate);

#endif
