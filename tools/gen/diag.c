/* diag: stores the last error as `path:line: message`. */
#include "diag.h"
#include "buf.h"

#include <stdarg.h>
#include <stdio.h>

static char message[4096];

int diag_at(const char *path, int line, const char *fmt, ...)
{
	int n;
	if (line > 0)
		n = snprintf(message, sizeof message, "%s:%d: ", path, line);
	else
		n = snprintf(message, sizeof message, "%s: ", path);
	if (n < 0 || (size_t)n >= sizeof message)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vfmt_msg(message + n, sizeof message - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

int diag_raw(const char *msg)
{
	fmt_msg(message, sizeof message, "%s", msg);
	return -1;
}

const char *diag_message(void)
{
	return message;
}

void diag_clear(void)
{
	message[0] = '\0';
}
