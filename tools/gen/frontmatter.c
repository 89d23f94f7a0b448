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

/*
 * The grammar, one function per production:
 *
 *   front_matter ::= "---" { entry } "---" body       (a UTF-8 BOM before the first fence is skipped)
 *   entry        ::= blank | "#" comment | key ":" value
 *   key          ::= title | summary | section | slug | template | order | nav   (each once)
 *
 * then title, order and summary are required.
 */

/* What the parser knows besides fm: where it is, and which keys without a slot it has seen. */
struct fmparser {
	const char *path;
	int line;
	struct front_matter *fm;
	int have_order, have_nav;
};

/* slug: a-z, 0-9 and '-' only. Takes value. */
static int parse_slug(struct fmparser *fp, const char *key, char *value)
{
	for (const char *c = value; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-')) {
			int rc = diag_at(fp->path, fp->line,
					 "slug '%s' may only use a-z, 0-9 and '-'", value);
			free(value);
			return rc;
		}
	return set_once(&fp->fm->slug, value, fp->path, fp->line, key);
}

/* template: a file name in the templates directory. Takes value. */
static int parse_template(struct fmparser *fp, const char *key, char *value)
{
	if (strchr(value, '/') || strstr(value, "..")) {
		int rc = diag_at(fp->path, fp->line,
				 "template '%s' must be a file name in the templates directory",
				 value);
		free(value);
		return rc;
	}
	fp->fm->template_line = fp->line;
	return set_once(&fp->fm->template_name, value, fp->path, fp->line, key);
}

/* order: an integer. */
static int parse_order(struct fmparser *fp, const char *value)
{
	char *end;
	errno = 0;
	long v = strtol(value, &end, 10);
	int rc = 0;
	if (fp->have_order)
		rc = diag_at(fp->path, fp->line, "duplicate front-matter key 'order'");
	else if (*end || errno || end == value)
		rc = diag_at(fp->path, fp->line, "order must be an integer, not '%s'", value);
	fp->fm->order = v;
	fp->have_order = 1;
	return rc;
}

/* nav: true or false. */
static int parse_nav(struct fmparser *fp, const char *value)
{
	int rc = 0;
	if (fp->have_nav)
		rc = diag_at(fp->path, fp->line, "duplicate front-matter key 'nav'");
	else if (!strcmp(value, "true"))
		fp->fm->nav = 1;
	else if (!strcmp(value, "false"))
		fp->fm->nav = 0;
	else
		rc = diag_at(fp->path, fp->line, "nav must be true or false, not '%s'", value);
	fp->have_nav = 1;
	return rc;
}

/* key ":" value, both trimmed. Takes value. */
static int parse_key(struct fmparser *fp, const char *key, char *value)
{
	struct front_matter *fm = fp->fm;
	int rc = 0;
	if (!*value)
		rc = diag_at(fp->path, fp->line, "front-matter key '%s' has no value", key);
	else if (!strcmp(key, "title")) {
		fm->title_line = fp->line;
		return set_once(&fm->title, value, fp->path, fp->line, key);
	} else if (!strcmp(key, "summary")) {
		fm->summary_line = fp->line;
		return set_once(&fm->summary, value, fp->path, fp->line, key);
	} else if (!strcmp(key, "section")) {
		fm->section_line = fp->line;
		return set_once(&fm->section, value, fp->path, fp->line, key);
	} else if (!strcmp(key, "slug"))
		return parse_slug(fp, key, value);
	else if (!strcmp(key, "template"))
		return parse_template(fp, key, value);
	else if (!strcmp(key, "order"))
		rc = parse_order(fp, value);
	else if (!strcmp(key, "nav"))
		rc = parse_nav(fp, value);
	else
		rc = diag_at(fp->path, fp->line, "unknown front-matter key '%s'", key);
	free(value);
	return rc;
}

/* entry ::= blank | "#" comment | key ":" value, the line [p, e). */
static int parse_entry(struct fmparser *fp, const char *p, const char *e)
{
	const char *q = p;
	while (q < e && (*q == ' ' || *q == '\t' || *q == '\r'))
		q++;
	if (q == e || *q == '#')
		return 0; /* blank line or comment */
	const char *colon = memchr(p, ':', (size_t)(e - p));
	if (!colon) {
		char *l = trimmed(p, e);
		int rc = diag_at(fp->path, fp->line, "front-matter line is not 'key: value': '%s'",
				 l);
		free(l);
		return rc;
	}
	char *key = trimmed(p, colon);
	int rc = parse_key(fp, key, trimmed(colon + 1, e));
	free(key);
	return rc;
}

int front_matter_parse(const char *path, const char *text, struct front_matter *fm)
{
	memset(fm, 0, sizeof *fm);
	fm->nav = 1;
	struct fmparser fp = { .path = path, .line = 1, .fm = fm };
	const char *p = text;
	if (strncmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	const char *e = line_end(p);
	if (!is_fence(p, e))
		return diag_at(path, 1, "missing front matter: the first line must be '---'");
	int rc = 0;
	for (;;) {
		if (!*e || !e[1]) {
			rc = diag_at(path, fp.line,
				     "front matter not closed: no '---' line after the keys");
			break;
		}
		p = e + 1;
		fp.line++;
		e = line_end(p);
		if (is_fence(p, e) || (rc = parse_entry(&fp, p, e)) != 0)
			break;
	}
	const char *missing = !fm->title     ? "title" :
			      !fp.have_order ? "order" :
			      !fm->summary   ? "summary" :
					       NULL;
	if (rc == 0 && missing)
		rc = diag_at(path, fp.line, "front matter has no '%s' (required)", missing);
	if (rc != 0) {
		front_matter_free(fm);
		return -1;
	}
	fm->body = *e ? e + 1 : e;
	fm->body_line = fp.line + 1;
	return 0;
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
