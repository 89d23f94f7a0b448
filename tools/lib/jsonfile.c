/* jsonfile.c - writing a JSON value to a file atomically (jsonfile.h). */
#include "jsonfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fileio.h"

int write_json_file(const char *path, const json_t *j, size_t flags)
{
	char *s = json_dumps(j, flags);
	if (!s) {
		errno = EINVAL;
		return -1;
	}
	size_t n = strlen(s);
	s = xrealloc(s, n + 2);
	s[n] = '\n';
	s[n + 1] = '\0';
	int rc = write_file_atomic(path, s, n + 1);
	int saved = errno;
	free(s);
	errno = saved;
	return rc;
}
