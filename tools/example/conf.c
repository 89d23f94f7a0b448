/*
 * conf.c - reader of examples/targets.conf (see example.h and the comments in that file).
 */
#include "example.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

static char *next_word(char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
	if (!**p)
		return NULL;
	char *w = *p;
	while (**p && **p != ' ' && **p != '\t')
		(*p)++;
	if (**p)
		*(*p)++ = '\0';
	return w;
}

static char *rest(char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* The reader's position, for "path:line: message". */
struct at {
	const char *path;
	int line;
	char *err;
	size_t errlen;
};

static int fail(const struct at *at, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(const struct at *at, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vfmt_msg(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fmt_msg(at->err, at->errlen, "%s:%d: %s", at->path, at->line, msg);
	return -1;
}

/* Shown in a message: the first 60 bytes of s, and "..." when there is more. */
#define PREVIEW 60
#define PREVIEW_ARGS(s) \
	(int)(strlen(s) > PREVIEW ? PREVIEW : strlen(s)), (s), (strlen(s) > PREVIEW ? "..." : "")

/* Copies w into the field dst of n bytes; what does not fit is an error, never cut short. */
static int put_field(const struct at *at, char *dst, size_t n, const char *what, const char *w)
{
	size_t l = strlen(w);
	if (l >= n)
		return fail(at, "%s '%.*s%s' is longer than %zu bytes", what, PREVIEW_ARGS(w),
			    n - 1);
	memcpy(dst, w, l + 1);
	return 0;
}

static int parse_target(struct conf *c, char *p, const struct at *at)
{
	if (c->ntargets == CONF_MAX_TARGETS)
		return fail(at, "more than %d targets", CONF_MAX_TARGETS);
	struct conf_target *t = &c->targets[c->ntargets];
	char *name = next_word(&p), *pkg = next_word(&p), *arch = next_word(&p);
	if (!name || !pkg || !arch || !*rest(p) || !strchr(name, '/'))
		return 1;
	if (put_field(at, t->name, sizeof t->name, "target name", name) ||
	    put_field(at, t->package, sizeof t->package, "package", pkg) ||
	    put_field(at, t->arch, sizeof t->arch, "arch", arch))
		return -1;
	t->command = xstrdup(rest(p));
	c->ntargets++;
	return 0;
}

/* One line (NUL-terminated, without its newline): 0, 1 for a line that is not of the grammar, -1 for
 * another error (in at->err). */
static int parse_line(struct conf *c, char *line, const struct at *at)
{
	char *p = line;
	char *key = next_word(&p);
	if (!key || key[0] == '#')
		return 0;
	if (strcmp(key, "flags") == 0) {
		free(c->flags);
		c->flags = xstrdup(rest(p));
	} else if (strcmp(key, "opts") == 0) {
		char *w;
		while ((w = next_word(&p))) {
			if (c->nopts == CONF_MAX_OPTS)
				return fail(at, "more than %d -O levels", CONF_MAX_OPTS);
			if (put_field(at, c->opts[c->nopts], sizeof c->opts[0], "-O level", w))
				return -1;
			c->nopts++;
		}
	} else if (strcmp(key, "default") == 0 || strcmp(key, "source-counts") == 0) {
		char *w = next_word(&p);
		if (!w)
			return 1;
		if (key[0] == 'd')
			return put_field(at, c->default_target, sizeof c->default_target, key, w);
		return put_field(at, c->source_counts, sizeof c->source_counts, key, w);
	} else if (strcmp(key, "target") == 0) {
		return parse_target(c, p, at);
	} else {
		return 1;
	}
	return 0;
}

int conf_load(struct conf *c, const char *path, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		fmt_msg(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	struct at at = { path, 0, err, errlen };
	int rc = 0;
	for (char *line = text, *end = text + len; rc == 0 && line < end;) {
		char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
		at.line++;
		if (memchr(line, '\0', n)) {
			rc = fail(&at, "a NUL byte in the line");
			break;
		}
		line[n] = '\0';		    /* the newline, or read_file's terminating NUL */
		char *copy = xstrdup(line); /* parse_line cuts the line into words */
		rc = parse_line(c, line, &at);
		if (rc > 0)
			rc = fail(&at, "bad line '%.*s%s'", PREVIEW_ARGS(copy));
		free(copy);
		line += n + 1;
	}
	free(text);
	if (rc == 0 && (!c->ntargets || !c->nopts || !c->default_target[0]))
		rc = fail(&at, "needs target, opts and default lines");
	if (rc != 0) {
		conf_free(c);
		return -1;
	}
	if (!c->flags)
		c->flags = xstrdup("");
	if (!c->source_counts[0])
		memcpy(c->source_counts, c->default_target, sizeof c->source_counts);
	return 0;
}

void conf_free(struct conf *c)
{
	free(c->flags);
	for (int i = 0; i < c->ntargets; i++)
		free(c->targets[i].command);
	memset(c, 0, sizeof *c);
}

const struct conf_target *conf_target(const struct conf *c, const char *name)
{
	for (int i = 0; i < c->ntargets; i++)
		if (strcmp(c->targets[i].name, name) == 0)
			return &c->targets[i];
	return NULL;
}

int conf_has_opt(const struct conf *c, const char *opt)
{
	for (int i = 0; i < c->nopts; i++)
		if (strcmp(c->opts[i], opt) == 0)
			return 1;
	return 0;
}

/* one component: "any", "x", or "x,y,z" */
static int comp_match(const char *pat, size_t plen, const char *val, size_t vlen)
{
	if (plen == 3 && strncmp(pat, "any", 3) == 0)
		return 1;
	const char *p = pat, *end = pat + plen;
	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		size_t l = comma ? (size_t)(comma - p) : (size_t)(end - p);
		if (l == vlen && strncmp(p, val, l) == 0)
			return 1;
		p += l + 1;
	}
	return 0;
}

int conf_pattern_match(const char *pattern, const char *target_opt)
{
	const char *p = pattern, *v = target_opt;
	for (int i = 0; i < 3; i++) {
		size_t pl = strcspn(p, "/"), vl = strcspn(v, "/");
		if (!comp_match(p, pl, v, vl))
			return 0;
		if ((p[pl] == '/') != (v[vl] == '/'))
			return 0;
		p += pl + (p[pl] == '/');
		v += vl + (v[vl] == '/');
	}
	return *p == '\0' && *v == '\0';
}

int conf_pattern_valid(const struct conf *c, const char *pattern)
{
	int slashes = 0;
	for (const char *p = pattern; *p; p++)
		slashes += *p == '/';
	if (slashes != 2)
		return 0;
	char cell[128]; /* a target name (< 64) '/' an opt (< 8) */
	for (int t = 0; t < c->ntargets; t++)
		for (int o = 0; o < c->nopts; o++) {
			xsnprintf(cell, sizeof cell, "%s/%s", c->targets[t].name, c->opts[o]);
			if (conf_pattern_match(pattern, cell))
				return 1;
		}
	return 0;
}
