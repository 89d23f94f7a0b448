/*
 * meta.c - the metadata block parser and validator (see meta.h and examples/README.md).
 */
#include "meta.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pred.h"

const char *const meta_variant_names[META_VARIANTS] = { "plain", "fixed", "transformed" };

int meta_variant_index(const char *name)
{
	for (int i = 0; i < META_VARIANTS; i++)
		if (strcmp(name, meta_variant_names[i]) == 0)
			return i;
	return -1;
}

int meta_has_variant(const struct meta *m, int v)
{
	for (int i = 0; i < m->nvariants; i++)
		if (m->variants[i] == v)
			return 1;
	return 0;
}

static int err_line(char *err, size_t errlen, const char *path, int line, const char *fmt,
		    const char *a, const char *b)
{
	char msg[2400];
	snprintf(msg, sizeof msg, fmt, a ? a : "", b ? b : "");
	snprintf(err, errlen, "%s:%d: %s", path, line, msg);
	return -1;
}

/* bounded copy (truncates) */
static void setstr(char *dst, size_t n, const char *src)
{
	size_t l = strlen(src);
	if (l >= n)
		l = n - 1;
	memcpy(dst, src, l);
	dst[l] = '\0';
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	return s;
}

/* split a value into words; returns the count */
static int words(const char *v, char out[][64], int max)
{
	int n = 0;
	const char *p = v;
	while (*p) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		size_t l = strcspn(p, " \t");
		if (n < max)
			snprintf(out[n], 64, "%.*s", (int)l, p);
		n++;
		p += l;
	}
	return n;
}

static int type_size(const char *type, int lp64)
{
	if (strchr(type, '*'))
		return lp64 ? 8 : 4;
	char t[64];
	setstr(t, sizeof t, type);
	const char *s = t;
	if (strncmp(s, "unsigned ", 9) == 0)
		s += 9;
	else if (strncmp(s, "signed ", 7) == 0)
		s += 7;
	if (!strcmp(s, "char") || !strcmp(s, "_Bool") || !strcmp(s, "bool"))
		return 1;
	if (!strcmp(s, "short"))
		return 2;
	if (!strcmp(s, "int") || !strcmp(s, "unsigned"))
		return 4;
	if (!strcmp(s, "long"))
		return lp64 ? 8 : 4;
	if (!strcmp(s, "long long"))
		return 8;
	return 0;
}

/* Find the markers in the code after the block. */
static int scan_markers(struct meta *m, const char *path, FILE *f, char *err, size_t errlen)
{
	char line[1024];
	int lineno = m->block_end;
	static const char *const markers[] = { "STATIC_SHARED(", "SHARED_INIT(", "SHARED(",
					       "OBSERVED(", NULL };
	while (fgets(line, sizeof line, f)) {
		lineno++;
		char *s = trim(line);
		if (strncmp(s, "INIT()", 6) == 0)
			m->has_init = 1;
		if (strncmp(s, "CHECK()", 7) == 0)
			m->has_check = 1;
		if (strncmp(s, "THREAD(", 7) == 0) {
			char name[64];
			if (sscanf(s + 7, "%63[A-Za-z0-9_]", name) == 1) {
				int found = 0;
				for (int i = 0; i < m->nthreads; i++)
					found |= strcmp(m->threads[i], name) == 0;
				if (!found)
					return err_line(err, errlen, path, lineno,
							"THREAD(%s) is not listed in 'threads'", name,
							NULL);
			}
		}
		for (int k = 0; markers[k]; k++) {
			size_t ml = strlen(markers[k]);
			if (strncmp(s, markers[k], ml) != 0)
				continue;
			const char *args = s + ml;
			const char *comma = strchr(args, ',');
			if (!comma)
				return err_line(err, errlen, path, lineno, "malformed %s...)", markers[k],
						NULL);
			struct meta_var v = { 0 };
			snprintf(v.type, sizeof v.type, "%.*s", (int)(comma - args), args);
			char *ty = trim(v.type);
			memmove(v.type, ty, strlen(ty) + 1);
			const char *n = comma + 1;
			while (isspace((unsigned char)*n))
				n++;
			size_t nl = strcspn(n, ",) \t");
			snprintf(v.name, sizeof v.name, "%.*s", (int)nl, n);
			v.size = type_size(v.type, 0);
			v.size_lp64 = type_size(v.type, 1);
			v.is_static = k == 0;
			v.line = lineno;
			if (!v.size)
				return err_line(err, errlen, path, lineno,
						"unsupported type '%s' (use a scalar or a pointer)",
						v.type, NULL);
			int obs = markers[k][0] == 'O';
			if ((obs ? m->nobserved : m->nshared) == META_MAX)
				return err_line(err, errlen, path, lineno, "too many variables", NULL,
						NULL);
			if (obs)
				m->observed[m->nobserved++] = v;
			else
				m->shared[m->nshared++] = v;
			break;
		}
	}
	return 0;
}

int meta_parse(struct meta *m, const char *path, const char *id, const struct conf *conf,
	       char *err, size_t errlen)
{
	memset(m, 0, sizeof *m);
	setstr(m->id, sizeof m->id, id);
	setstr(m->file, sizeof m->file, path);
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s:1: cannot open", path);
		return -1;
	}
	char buf[2048];
	int lineno = 0, closed = 0;
	int seen_line[32] = { 0 };
	static const char *const keys[] = { "title", "page", "shows", "threads", "variants",
					    "outcome", "cflags", "evidence-on", NULL };
	enum { K_TITLE, K_PAGE, K_SHOWS, K_THREADS, K_VARIANTS, K_OUTCOME, K_CFLAGS, K_EVON };
	int rc = -1;
	struct { int line; char key[64]; char val[1200]; } pending[96];
	int npending = 0;

	if (!fgets(buf, sizeof buf, f) || strncmp(trim(buf), "/*@example", 10) != 0) {
		err_line(err, errlen, path, 1, "the file must start with a /*@example block", NULL,
			 NULL);
		goto out;
	}
	lineno = 1;
	while (fgets(buf, sizeof buf, f)) {
		lineno++;
		char *s = trim(buf);
		if (strncmp(s, "*/", 2) == 0) {
			closed = 1;
			break;
		}
		if (*s == '*')
			s = trim(s + 1);
		if (!*s)
			continue;
		char *colon = strchr(s, ':');
		if (!colon) {
			err_line(err, errlen, path, lineno, "expected 'key: value', got '%s'", s, NULL);
			goto out;
		}
		*colon = '\0';
		char *key = trim(s), *val = trim(colon + 1);
		if (strlen(val) >= 390 || strlen(key) >= 60) {
			err_line(err, errlen, path, lineno, "line too long", NULL, NULL);
			goto out;
		}
		if (npending == 96) {
			err_line(err, errlen, path, lineno, "too many lines in the block", NULL, NULL);
			goto out;
		}
		pending[npending].line = lineno;
		setstr(pending[npending].key, sizeof pending[0].key, key);
		setstr(pending[npending].val, sizeof pending[0].val, val);
		npending++;
	}
	if (!closed) {
		err_line(err, errlen, path, lineno, "unterminated /*@example block", NULL, NULL);
		goto out;
	}
	m->block_end = lineno;
	/* first pass: plain keys */
	for (int i = 0; i < npending; i++) {
		const char *key = pending[i].key, *val = pending[i].val;
		int line = pending[i].line, k;
		for (k = 0; keys[k]; k++)
			if (strcmp(key, keys[k]) == 0)
				break;
		if (!keys[k]) {
			const char *dot = strchr(key, '.');
			char base[64];
			snprintf(base, sizeof base, "%.*s", dot ? (int)(dot - key) : (int)strlen(key),
				 key);
			if (!dot || (strcmp(base, "cflags") && strcmp(base, "evidence") &&
				     strcmp(base, "expect") && strcmp(base, "quiz"))) {
				err_line(err, errlen, path, line, "unknown key '%s'", key, NULL);
				goto out;
			}
			if (meta_variant_index(dot + 1) < 0) {
				err_line(err, errlen, path, line,
					 "unknown variant '%s' in '%s' (plain, fixed, transformed)",
					 dot + 1, key);
				goto out;
			}
			continue;
		}
		if (seen_line[k]) {
			err_line(err, errlen, path, line, "duplicate key '%s'", key, NULL);
			goto out;
		}
		seen_line[k] = line;
		if (!*val && k != K_CFLAGS) {
			err_line(err, errlen, path, line, "empty value for '%s'", key, NULL);
			goto out;
		}
		char w[META_MAX][64];
		int n;
		switch (k) {
		case K_TITLE: setstr(m->title, sizeof m->title, val); break;
		case K_PAGE: setstr(m->page, sizeof m->page, val); break;
		case K_SHOWS: setstr(m->shows, sizeof m->shows, val); break;
		case K_CFLAGS: setstr(m->cflags[0], sizeof m->cflags[0], val); break;
		case K_THREADS:
			n = words(val, w, META_MAX);
			if (n < 2 || n > 4) {
				err_line(err, errlen, path, line, "'threads' needs 2 to 4 names", NULL,
					 NULL);
				goto out;
			}
			for (int t = 0; t < n; t++)
				setstr(m->threads[t], sizeof m->threads[t], w[t]);
			m->nthreads = n;
			break;
		case K_VARIANTS:
			n = words(val, w, META_MAX);
			for (int t = 0; t < n && t < META_VARIANTS; t++) {
				int v = meta_variant_index(w[t]);
				if (v < 0 || meta_has_variant(m, v)) {
					err_line(err, errlen, path, line, "bad variant '%s'", w[t], NULL);
					goto out;
				}
				m->variants[m->nvariants++] = v;
			}
			if (n > META_VARIANTS || !meta_has_variant(m, 0) || !meta_has_variant(m, 1)) {
				err_line(err, errlen, path, line,
					 "'variants' is 'plain fixed' or 'plain fixed transformed'",
					 NULL, NULL);
				goto out;
			}
			break;
		case K_OUTCOME:
			n = words(val, w, META_MAX);
			for (int t = 0; t < n && t < META_MAX; t++)
				setstr(m->outcome[t], sizeof m->outcome[t], w[t]);
			m->noutcome = n < META_MAX ? n : META_MAX;
			break;
		case K_EVON:
			n = words(val, w, META_MAX);
			for (int t = 0; t < n && t < META_MAX; t++) {
				if (conf && !conf_pattern_valid(conf, w[t])) {
					err_line(err, errlen, path, line,
						 "evidence-on: '%s' matches no compiler/arch/opt of "
						 "examples/targets.conf",
						 w[t], NULL);
					goto out;
				}
				setstr(m->evidence_on[m->nevidence_on++], sizeof m->evidence_on[0],
				       w[t]);
			}
			break;
		}
	}
	static const char *const required[] = { "title", "page", "shows", "threads", "variants",
						"outcome" };
	for (int k = 0; k < 6; k++)
		if (!seen_line[k]) {
			err_line(err, errlen, path, m->block_end, "missing required key '%s'",
				 required[k], NULL);
			goto out;
		}
	if (scan_markers(m, path, f, err, errlen) < 0)
		goto out;
	/* names for the predicates */
	const char *threads[4], *shared[META_MAX], *outc[META_MAX * 2];
	for (int i = 0; i < m->nthreads; i++)
		threads[i] = m->threads[i];
	for (int i = 0; i < m->nshared; i++)
		shared[i] = m->shared[i].name;
	int nout = 0;
	for (int i = 0; i < m->noutcome; i++) {
		int ok = 0;
		for (int j = 0; j < m->nshared; j++)
			ok |= strcmp(m->outcome[i], m->shared[j].name) == 0;
		for (int j = 0; j < m->nobserved; j++)
			ok |= strcmp(m->outcome[i], m->observed[j].name) == 0;
		if (!ok) {
			err_line(err, errlen, path, seen_line[K_OUTCOME],
				 "outcome '%s' is not a SHARED or OBSERVED variable", m->outcome[i],
				 NULL);
			goto out;
		}
		outc[nout++] = m->outcome[i];
	}
	struct pred_names evn = { threads, m->nthreads, shared, m->nshared };
	struct pred_names exn = { threads, m->nthreads, outc, nout };
	/* second pass: per-variant keys */
	for (int i = 0; i < npending; i++) {
		const char *key = pending[i].key, *val = pending[i].val;
		int line = pending[i].line;
		const char *dot = strchr(key, '.');
		if (!dot)
			continue;
		int v = meta_variant_index(dot + 1);
		if (!meta_has_variant(m, v)) {
			err_line(err, errlen, path, line, "'%s' names a variant not in 'variants'", key,
				 NULL);
			goto out;
		}
		char perr[300];
		if (strncmp(key, "cflags.", 7) == 0) {
			setstr(m->cflags[1 + v], sizeof m->cflags[0], val);
		} else if (strncmp(key, "evidence.", 9) == 0) {
			struct ev_pred p;
			if (ev_parse(val, &evn, &p, perr, sizeof perr) < 0) {
				err_line(err, errlen, path, line, "bad evidence predicate: %s", perr, NULL);
				goto out;
			}
			struct meta_pred *mp = &m->evidence[m->nevidence++];
			mp->line = line;
			mp->variant = v;
			setstr(mp->expr, sizeof mp->expr, val);
		} else if (strncmp(key, "quiz.", 5) == 0) {
			if (outcome_check(val, &exn, perr, sizeof perr) < 0) {
				err_line(err, errlen, path, line, "bad outcome predicate: %s", perr, NULL);
				goto out;
			}
			struct meta_pred *mp = &m->quiz[m->nquiz++];
			mp->line = line;
			mp->variant = v;
			setstr(mp->expr, sizeof mp->expr, val);
		} else {
			const char *colon = strchr(val, ':');
			char kind[32] = "";
			if (colon)
				snprintf(kind, sizeof kind, "%.*s", (int)(colon - val), val);
			if (!colon || (strcmp(kind, "reachable") && strcmp(kind, "unreachable"))) {
				err_line(err, errlen, path, line,
					 "expect needs 'reachable: <predicate>' or 'unreachable: "
					 "<predicate>'",
					 NULL, NULL);
				goto out;
			}
			const char *expr = colon + 1;
			while (isspace((unsigned char)*expr))
				expr++;
			if (outcome_check(expr, &exn, perr, sizeof perr) < 0) {
				err_line(err, errlen, path, line, "bad outcome predicate: %s", perr, NULL);
				goto out;
			}
			struct meta_pred *mp = &m->expect[m->nexpect++];
			mp->line = line;
			mp->variant = v;
			setstr(mp->kind, sizeof mp->kind, kind);
			setstr(mp->expr, sizeof mp->expr, expr);
		}
		if (m->nevidence == META_MAX * 2 || m->nexpect == META_MAX * 2 ||
		    m->nquiz == META_MAX * 2) {
			err_line(err, errlen, path, line, "too many predicates", NULL, NULL);
			goto out;
		}
	}
	for (int i = 0; i < m->nvariants; i++) {
		int has = 0;
		for (int e = 0; e < m->nevidence; e++)
			has |= m->evidence[e].variant == m->variants[i];
		if (!has && m->variants[i] != 2) {
			err_line(err, errlen, path, m->block_end, "missing 'evidence.%s'",
				 meta_variant_names[m->variants[i]], NULL);
			goto out;
		}
	}
	if (m->nshared == 0) {
		err_line(err, errlen, path, m->block_end + 1, "no SHARED variable in the example",
			 NULL, NULL);
		goto out;
	}
	rc = 0;
out:
	fclose(f);
	return rc;
}

static json_t *strs(const char *list, size_t stride, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_string(list + stride * (size_t)i));
	return a;
}

static json_t *split_flags(const char *s)
{
	json_t *a = json_array();
	char w[64][64];
	int n = words(s, w, 64);
	for (int i = 0; i < n && i < 64; i++)
		json_array_append_new(a, json_string(w[i]));
	return a;
}

static json_t *vars_json(const struct meta_var *v, int n)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_pack("{s:s, s:s, s:i, s:i, s:b, s:i}", "name", v[i].name,
						   "type", v[i].type, "size", v[i].size,
						   "size_lp64", v[i].size_lp64, "static",
						   v[i].is_static, "line", v[i].line));
	return a;
}

json_t *meta_json(const struct meta *m, const char *src_dir)
{
	json_t *variants = json_array(), *cflags = json_object(), *ev = json_object(),
	       *ex = json_object(), *quiz = json_object(), *sources = json_object();
	json_object_set_new(cflags, "all", split_flags(m->cflags[0]));
	for (int i = 0; i < m->nvariants; i++) {
		int v = m->variants[i];
		const char *name = meta_variant_names[v];
		json_array_append_new(variants, json_string(name));
		json_object_set_new(cflags, name, split_flags(m->cflags[1 + v]));
		json_t *e = json_array(), *x = json_array();
		for (int k = 0; k < m->nevidence; k++)
			if (m->evidence[k].variant == v)
				json_array_append_new(e, json_pack("{s:i, s:s}", "line", m->evidence[k].line,
								   "expr", m->evidence[k].expr));
		for (int k = 0; k < m->nexpect; k++)
			if (m->expect[k].variant == v)
				json_array_append_new(x, json_pack("{s:i, s:s, s:s}", "line",
								   m->expect[k].line, "kind",
								   m->expect[k].kind, "expr",
								   m->expect[k].expr));
		json_t *q = json_array();
		for (int k = 0; k < m->nquiz; k++)
			if (m->quiz[k].variant == v)
				json_array_append_new(q, json_pack("{s:i, s:s}", "line", m->quiz[k].line,
								   "expr", m->quiz[k].expr));
		json_object_set_new(ev, name, e);
		json_object_set_new(ex, name, x);
		if (json_array_size(q))
			json_object_set_new(quiz, name, q);
		else
			json_decref(q);
		char path[600];
		snprintf(path, sizeof path, "%s/%s.%s.c", src_dir, m->id, name);
		json_object_set_new(sources, name, json_string(path));
	}
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:b, s:b, s:o, s:o, "
			 "s:o, s:o, s:o, s:o}",
			 "id", m->id, "file", m->file, "title", m->title, "page", m->page, "shows",
			 m->shows, "threads", strs(&m->threads[0][0], sizeof m->threads[0], m->nthreads),
			 "variants", variants, "outcome",
			 strs(&m->outcome[0][0], sizeof m->outcome[0], m->noutcome), "shared",
			 vars_json(m->shared, m->nshared), "observed",
			 vars_json(m->observed, m->nobserved), "has_init", m->has_init, "has_check",
			 m->has_check, "cflags", cflags, "evidence", ev, "evidence_on",
			 strs(&m->evidence_on[0][0], sizeof m->evidence_on[0], m->nevidence_on),
			 "expect", ex, "quiz", quiz, "sources", sources);
}

static void jstr(char *dst, size_t n, json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));
	setstr(dst, n, s ? s : "");
}

static void jflags(char *dst, size_t n, json_t *a)
{
	size_t i;
	json_t *v;
	dst[0] = '\0';
	json_array_foreach(a, i, v)
	{
		size_t l = strlen(dst);
		snprintf(dst + l, n - l, "%s%s", l ? " " : "", json_string_value(v));
	}
}

int meta_from_json(struct meta *m, json_t *j, char *err, size_t errlen)
{
	memset(m, 0, sizeof *m);
	if (!json_is_object(j)) {
		snprintf(err, errlen, "metadata JSON is not an object");
		return -1;
	}
	jstr(m->id, sizeof m->id, j, "id");
	jstr(m->file, sizeof m->file, j, "file");
	jstr(m->title, sizeof m->title, j, "title");
	jstr(m->page, sizeof m->page, j, "page");
	jstr(m->shows, sizeof m->shows, j, "shows");
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(j, "threads"), i, v) if (m->nthreads < 4)
		setstr(m->threads[m->nthreads++], 64, json_string_value(v));
	json_array_foreach(json_object_get(j, "variants"), i, v)
		m->variants[m->nvariants++] = meta_variant_index(json_string_value(v));
	json_array_foreach(json_object_get(j, "outcome"), i, v) if (m->noutcome < META_MAX)
		setstr(m->outcome[m->noutcome++], 64, json_string_value(v));
	json_array_foreach(json_object_get(j, "evidence_on"), i, v) if (m->nevidence_on < META_MAX)
		setstr(m->evidence_on[m->nevidence_on++], 100, json_string_value(v));
	json_t *cf = json_object_get(j, "cflags");
	jflags(m->cflags[0], sizeof m->cflags[0], json_object_get(cf, "all"));
	for (int k = 0; k < META_VARIANTS; k++)
		jflags(m->cflags[1 + k], sizeof m->cflags[0], json_object_get(cf, meta_variant_names[k]));
	for (int pass = 0; pass < 2; pass++) {
		json_t *vs = json_object_get(j, pass ? "shared" : "observed");
		json_array_foreach(vs, i, v)
		{
			struct meta_var *mv = pass ? &m->shared[m->nshared++] : &m->observed[m->nobserved++];
			jstr(mv->name, sizeof mv->name, v, "name");
			jstr(mv->type, sizeof mv->type, v, "type");
			mv->size = (int)json_integer_value(json_object_get(v, "size"));
			mv->size_lp64 = (int)json_integer_value(json_object_get(v, "size_lp64"));
			mv->is_static = json_is_true(json_object_get(v, "static"));
			if (m->nshared == META_MAX || m->nobserved == META_MAX)
				break;
		}
	}
	for (int pass = 0; pass < 3; pass++) {
		json_t *obj = json_object_get(j, pass == 2 ? "quiz" : pass ? "expect" : "evidence");
		const char *vname;
		json_t *list;
		json_object_foreach(obj, vname, list)
		{
			json_t *p;
			json_array_foreach(list, i, p)
			{
				struct meta_pred *mp = pass == 2 ? &m->quiz[m->nquiz++]
						       : pass ? &m->expect[m->nexpect++]
							      : &m->evidence[m->nevidence++];
				mp->variant = meta_variant_index(vname);
				mp->line = (int)json_integer_value(json_object_get(p, "line"));
				jstr(mp->expr, sizeof mp->expr, p, "expr");
				jstr(mp->kind, sizeof mp->kind, p, "kind");
				if (m->nexpect == META_MAX * 2 || m->nevidence == META_MAX * 2 ||
				    m->nquiz == META_MAX * 2)
					break;
			}
		}
	}
	m->has_init = json_is_true(json_object_get(j, "has_init"));
	m->has_check = json_is_true(json_object_get(j, "has_check"));
	if (!m->id[0] || m->nthreads == 0 || m->nvariants == 0) {
		snprintf(err, errlen, "metadata JSON lacks id, threads or variants");
		return -1;
	}
	return 0;
}
