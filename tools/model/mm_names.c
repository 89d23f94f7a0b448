/* mm_names.c - the models' names on the command line and in outcome files (model.h). */
#include <string.h>

#include "model.h"

static const char *const names[] = {
	[MM_SC] = "sc",
	[MM_ARMV8] = "armv8",
	[MM_ARMV8_BROKEN_NODEPS] = "armv8-broken-nodeps",
	[MM_ARMV8_BROKEN_LDST] = "armv8-broken-ldst",
	[MM_ARMV8_BROKEN_NOMCA] = "armv8-broken-nomca",
};
#define NNAMES ((int)(sizeof names / sizeof names[0]))

const char *mm_model_name(enum mm_model_id m)
{
	return (int)m >= 0 && (int)m < NNAMES ? names[m] : "?";
}

int mm_model_parse(const char *name, enum mm_model_id *out)
{
	for (int i = 0; i < NNAMES; i++)
		if (strcmp(name, names[i]) == 0) {
			*out = (enum mm_model_id)i;
			return 0;
		}
	return -1;
}
