/* links: course-page link resolution and relative prefixes. */
#define _POSIX_C_SOURCE 200809L
#include "links.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

char *link_normalize(const char *path)
{
	char *copy = xstrdup(path);
	char **parts = xmalloc((strlen(path) + 1) * sizeof *parts);
	size_t n = 0;
	int bad = 0;
	for (char *save = NULL, *tok = strtok_r(copy, "/", &save); tok;
	     tok = strtok_r(NULL, "/", &save)) {
		if (!strcmp(tok, "."))
			continue;
		if (!strcmp(tok, "..")) {
			if (!n) {
				bad = 1;
				break;
			}
			n--;
			continue;
		}
		parts[n++] = tok;
	}
	char *r = NULL;
	if (!bad) {
		struct buf b = { 0 };
		if (path[0] == '/')
			buf_putc(&b, '/');
		for (size_t i = 0; i < n; i++) {
			if (i)
				buf_putc(&b, '/');
			buf_puts(&b, parts[i]);
		}
		r = buf_take(&b);
	}
	free(parts);
	free(copy);
	return r;
}

static int has_scheme(const char *url)
{
	const char *p = url;
	if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
		return 0;
	while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
	       *p == '+' || *p == '-' || *p == '.')
		p++;
	return *p == ':';
}

int link_page_target(const char *from_source, const char *url, char **target, char **anchor)
{
	*target = *anchor = NULL;
	if (!*url || has_scheme(url) || url[0] == '/' || url[0] == '#' || url[0] == '?')
		return 0;
	size_t plen = strcspn(url, "#?");
	if (plen < 3 || memcmp(url + plen - 3, ".md", 3) != 0)
		return 0;
	const char *slash = strrchr(from_source, '/');
	char *joined;
	if (slash)
		joined = xasprintf("%.*s/%.*s", (int)(slash - from_source), from_source, (int)plen,
				   url);
	else
		joined = xstrndup(url, plen);
	char *norm = link_normalize(joined);
	free(joined);
	if (!norm)
		return -1;
	*target = norm;
	if (url[plen] == '#' && url[plen + 1])
		*anchor = xstrdup(url + plen + 1);
	return 1;
}

char *link_root_prefix(const char *site_path)
{
	struct buf b = { 0 };
	for (const char *p = site_path; *p; p++)
		if (*p == '/')
			buf_puts(&b, "../");
	return buf_take(&b);
}
