/* outcomes: reads variants[variant].checked[predicate] from the explorer's outcome data. */
#include "outcomes.h"

enum outcome_lookup outcomes_lookup(const json_t *root, const char *variant, const char *predicate)
{
	json_t *v = json_object_get(json_object_get(root, "variants"), variant);
	if (!json_is_object(v))
		return OUTCOME_NO_VARIANT;
	json_t *c = json_object_get(json_object_get(v, "checked"), predicate);
	if (!json_is_boolean(c))
		return OUTCOME_NO_PREDICATE;
	return json_is_true(c) ? OUTCOME_TRUE : OUTCOME_FALSE;
}
