/* cut.c - a planted defect for tools/lint/code's self-test: a name silently cut at 8 bytes. */
#include <stdio.h>

void name_of(const char *long_name, char out[8])
{
	snprintf(out, 8, "%s", long_name);
}
