/*
 * conf.c - reader of examples/targets.conf (see conf.h and the comments in that file).
 */
#include "conf.h"

#include <stdio.h>
#include <string.h>

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

int conf_load(struct conf *c, const char *path, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open", path);
		return -1;
	}
	char line[1024];
	int lineno = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		char *p = line;
		char *key = next_word(&p);
		if (!key || key[0] == '#')
			continue;
		if (strcmp(key, "flags") == 0) {
			snprintf(c->flags, sizeof c->flags, "%s", rest(p));
		} else if (strcmp(key, "opts") == 0) {
			char *w;
			while ((w = next_word(&p)) && c->nopts < CONF_MAX_OPTS)
				snprintf(c->opts[c->nopts++], sizeof c->opts[0], "%s", w);
		} else if (strcmp(key, "default") == 0 || strcmp(key, "source-counts") == 0) {
			char *w = next_word(&p);
			if (!w)
				goto bad;
			snprintf(key[0] == 'd' ? c->default_target : c->source_counts,
				 sizeof c->default_target, "%s", w);
		} else if (strcmp(key, "target") == 0) {
			if (c->ntargets == CONF_MAX_TARGETS)
				goto bad;
			struct conf_target *t = &c->targets[c->ntargets];
			char *name = next_word(&p), *pkg = next_word(&p), *arch = next_word(&p);
			if (!name || !pkg || !arch || !*rest(p) || !strchr(name, '/'))
				goto bad;
			snprintf(t->name, sizeof t->name, "%s", name);
			snprintf(t->package, sizeof t->package, "%s", pkg);
			snprintf(t->arch, sizeof t->arch, "%s", arch);
			snprintf(t->command, sizeof t->command, "%s", rest(p));
			c->ntargets++;
		} else {
			goto bad;
		}
		continue;
	bad:
		snprintf(err, errlen, "%s:%d: bad line '%s'", path, lineno, line);
		fclose(f);
		return -1;
	}
	fclose(f);
	if (!c->ntargets || !c->nopts || !c->default_target[0]) {
		snprintf(err, errlen, "%s:%d: needs target, opts and default lines", path, lineno);
		return -1;
	}
	if (!c->source_counts[0])
		snprintf(c->source_counts, sizeof c->source_counts, "%s", c->default_target);
	return 0;
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
	char cell[128];
	for (int t = 0; t < c->ntargets; t++)
		for (int o = 0; o < c->nopts; o++) {
			snprintf(cell, sizeof cell, "%s/%s", c->targets[t].name, c->opts[o]);
			if (conf_pattern_match(pattern, cell))
				return 1;
		}
	return 0;
}
