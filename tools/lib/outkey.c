/* outkey.c - the outcome key (see outkey.h). */
#include "outkey.h"

void outkey_value(struct buf *values, const char *name, const char *value)
{
	buf_printf(values, "%s%s=%s", values->len ? " " : "", name, value);
}

char *outkey_make(const char *values, const char *const *hung, int nhung, const char *crash_thread,
		  const char *crash_message)
{
	struct buf k = { 0 };
	buf_puts(&k, values);
	for (int i = 0; i < nhung; i++)
		buf_printf(&k, "%s%s does not terminate", i ? ", " : k.len ? "; " : "", hung[i]);
	if (crash_thread)
		buf_printf(&k, "%scrash in %s: %s", k.len ? "; " : "", crash_thread, crash_message);
	return buf_take(&k);
}
