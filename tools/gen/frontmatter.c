/* frontmatter: `key: value` lines between two `---` lines; strict about keys and types. */
#include "frontmatter.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

static const char *line_end(const char *s)
{
	const char *e = strchr(s, '\n');
	return e ? e : s + strlen(s);
}

static int is_fence(const char *s, const char *e)
{
	while (e > s && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
		e--;
	return e - s == 3 && memcmp(s, "---", 3) == 0;
}

static char *trimmed(const char *s, const char *e)
{
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	if (e - s >= 2 && ((*s == '"' && e[-1] == '"') || (*s == '\'' && e[-1] == '\''))) {
		s++;
		e--;
	}
	return xstrndup(s, (size_t)(e - s));
}

static int set_once(char **slot, char *value, const char *path, int line, const char *key)
{
	if (*slot) {
		free(value);
		return diag_at(path, line, "duplicate front-matter key '%s'", key);
	}
	*slot = value;
	return 0;
}

int front_matter_parse(const char *path, const char *text, struct front_matter *fm)
{
	memset(fm, 0, sizeof *fm);
	fm->nav = 1;
	int have_order = 0, have_nav = 0;
	const char *p = text;
	if (strncmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	const char *e = line_end(p);
	if (!is_fence(p, e))
		return diag_at(path, 1, "missing front matter: the first line must be '---'");
	int line = 1;
	for (;;) {
		if (!*e || !e[1]) {
			diag_at(path, line,
				"front matter not closed: no '---' line after the keys");
			goto fail;
		}
		p = e + 1;
		line++;
		e = line_end(p);
		if (is_fence(p, e))
			break;
		const char *q = p;
		while (q < e && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (q == e || *q == '#')
			continue; /* blank line or comment */
		const char *colon = memchr(p, ':', (size_t)(e - p));
		if (!colon) {
			char *l = trimmed(p, e);
			diag_at(path, line, "front-matter line is not 'key: value': '%s'", l);
			free(l);
			goto fail;
		}
		char *key = trimmed(p, colon);
		char *value = trimmed(colon + 1, e);
		int rc = 0;
		if (!*value) {
			rc = diag_at(path, line, "front-matter key '%s' has no value", key);
			free(value);
		} else if (!strcmp(key, "title")) {
			rc = set_once(&fm->title, value, path, line, key);
			fm->title_line = line;
		} else if (!strcmp(key, "summary")) {
			rc = set_once(&fm->summary, value, path, line, key);
			fm->summary_line = line;
		} else if (!strcmp(key, "section")) {
			rc = set_once(&fm->section, value, path, line, key);
			fm->section_line = line;
		} else if (!strcmp(key, "slug")) {
			for (const char *c = value; *c && rc == 0; c++)
				if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
				      *c == '-'))
					rc = diag_at(path, line,
						     "slug '%s' may only use a-z, 0-9 and '-'",
						     value);
			if (rc)
				free(value);
			else
				rc = set_once(&fm->slug, value, path, line, key);
		} else if (!strcmp(key, "template")) {
			if (strchr(value, '/') || strstr(value, "..")) {
				rc = diag_at(
					path, line,
					"template '%s' must be a file name in the templates directory",
					value);
				free(value);
			} else {
				rc = set_once(&fm->template_name, value, path, line, key);
				fm->template_line = line;
			}
		} else if (!strcmp(key, "order")) {
			char *end;
			errno = 0;
			long v = strtol(value, &end, 10);
			if (have_order)
				rc = diag_at(path, line, "duplicate front-matter key 'order'");
			else if (*end || errno || end == value)
				rc = diag_at(path, line, "order must be an integer, not '%s'",
					     value);
			fm->order = v;
			have_order = 1;
			free(value);
		} else if (!strcmp(key, "nav")) {
			if (have_nav)
				rc = diag_at(path, line, "duplicate front-matter key 'nav'");
			else if (!strcmp(value, "true"))
				fm->nav = 1;
			else if (!strcmp(value, "false"))
				fm->nav = 0;
			else
				rc = diag_at(path, line, "nav must be true or false, not '%s'",
					     value);
			have_nav = 1;
			free(value);
		} else {
			rc = diag_at(path, line, "unknown front-matter key '%s'", key);
			free(value);
		}
		free(key);
		if (rc)
			goto fail;
	}
	{
		const char *missing = !fm->title   ? "title" :
				      !have_order  ? "order" :
				      !fm->summary ? "summary" :
						     NULL;
		if (missing) {
			diag_at(path, line, "front matter has no '%s' (required)", missing);
			goto fail;
		}
	}
	fm->body = *e ? e + 1 : e;
	fm->body_line = line + 1;
	return 0;
fail:
	front_matter_free(fm);
	return -1;
}

void front_matter_free(struct front_matter *fm)
{
	free(fm->title);
	free(fm->summary);
	free(fm->section);
	free(fm->slug);
	free(fm->template_name);
	memset(fm, 0, sizeof *fm);
}
