/*
 * seen.c - the cells where a transformation is seen, as patterns and as a sentence (seen.h).
 */
#include "seen.h"

#include "buf.h"

#include <stdio.h>
#include <string.h>

/* One group: the targets of one or more compilers that share an -O mask. */
/* Every list below holds at most one entry per target of the matrix (conf.h refuses more than
 * CONF_MAX_TARGETS targets and a target name of 64 bytes or more): LIST_LEN bytes hold any such
 * list with its separators (", ", " and "), so the fixed arrays are filled with xsnprintf, which
 * never cuts (a larger result would be a bug and aborts). */
#define LIST_LEN (CONF_MAX_TARGETS * (64 + 5) + 1)

struct group {
	char compilers[LIST_LEN]; /* "gcc-12" or "gcc-12,clang-14" or "any" */
	char archs[LIST_LEN];	  /* "aarch64" or "x86_64,i386" or "any" */
	unsigned mask;		  /* -O levels, bit o */
	int any_opt;		  /* mask: every level the group's targets have cells on */
	int every_arch;		  /* the group is every target of the matrix for its compilers */
};

static void compiler_of(const char *target, char *out, size_t n)
{
	const char *s = strchr(target, '/');
	xsnprintf(out, n, "%.*s", s ? (int)(s - target) : (int)strlen(target), target);
}

static void append(char *dst, size_t n, const char *sep, const char *word)
{
	size_t l = strlen(dst);
	xsnprintf(dst + l, n - l, "%s%s", l ? sep : "", word);
}

/* "a", "a and b", "a, b and c" from a comma list. */
static void words(const char *list, char *out, size_t n)
{
	char tmp[LIST_LEN];
	int count = 1, k = 0;
	xsnprintf(tmp, sizeof tmp, "%s", list);
	for (const char *p = tmp; *p; p++)
		count += *p == ',';
	out[0] = '\0';
	for (char *w = strtok(tmp, ","); w; w = strtok(NULL, ","), k++) {
		size_t l = strlen(out);
		xsnprintf(out + l, n - l, "%s%s", k == 0 ? "" : k == count - 1 ? " and " : ", ", w);
	}
}

static unsigned all_opts_of(const struct conf *c, const signed char cell[][CONF_MAX_OPTS], int t)
{
	unsigned m = 0;
	for (int o = 0; o < c->nopts; o++)
		if (cell[t][o] != SEEN_NO_CELL)
			m |= 1u << o;
	return m;
}

/* Groups per compiler: its targets with the same non-empty mask, "any" when they are all of the
 * compiler's targets with cells. Returns the number of groups. */
static int per_compiler(const struct conf *c, const signed char cell[][CONF_MAX_OPTS],
			struct group *g, int max)
{
	int n = 0, done[CONF_MAX_TARGETS] = { 0 };
	for (int t = 0; t < c->ntargets; t++) {
		if (done[t])
			continue;
		char cc[64], cc2[64];
		compiler_of(c->targets[t].name, cc, sizeof cc);
		int ntargets = 0, nconf = 0; /* the compiler's targets with cells, in the matrix */
		for (int u = 0; u < c->ntargets; u++) {
			compiler_of(c->targets[u].name, cc2, sizeof cc2);
			ntargets += !strcmp(cc, cc2) && all_opts_of(c, cell, u);
			nconf += !strcmp(cc, cc2);
		}
		for (int u = t; u < c->ntargets; u++) {
			compiler_of(c->targets[u].name, cc2, sizeof cc2);
			if (done[u] || strcmp(cc, cc2))
				continue;
			unsigned m = 0;
			for (int o = 0; o < c->nopts; o++)
				if (cell[u][o] == SEEN_YES)
					m |= 1u << o;
			if (!m) {
				done[u] = 1;
				continue;
			}
			if (n == max)
				return n;
			struct group *x = &g[n++];
			memset(x, 0, sizeof *x);
			xsnprintf(x->compilers, sizeof x->compilers, "%s", cc);
			x->mask = m;
			x->any_opt = 1;
			int members = 0;
			for (int v = u; v < c->ntargets; v++) {
				compiler_of(c->targets[v].name, cc2, sizeof cc2);
				unsigned mv = 0;
				for (int o = 0; o < c->nopts; o++)
					if (cell[v][o] == SEEN_YES)
						mv |= 1u << o;
				if (done[v] || strcmp(cc, cc2) || mv != m)
					continue;
				done[v] = 1;
				members++;
				append(x->archs, sizeof x->archs, ",", c->targets[v].arch);
				x->any_opt &= all_opts_of(c, cell, v) == m;
			}
			x->every_arch = members == nconf;
			if (members == ntargets)
				xsnprintf(x->archs, sizeof x->archs, "any");
		}
	}
	return n;
}

/* The cells where the transformation is seen ("compiler/arch/opt"), the one the page opens on as
 * {target, opt} (the matrix's default cell, else the first at the default -O level, else the
 * first), and how many cells there are and were checked. */
static json_t *seen_cells(const struct conf *c, const signed char cell[][CONF_MAX_OPTS],
			  json_t **first, int *count, int *checked)
{
	json_t *cells = json_array();
	*first = json_null();
	int first_rank = -1;
	const char *def_opt = strrchr(c->default_target, '/');
	for (int t = 0; t < c->ntargets; t++)
		for (int o = 0; o < c->nopts; o++) {
			if (cell[t][o] == SEEN_NO_CELL)
				continue;
			++*checked;
			if (cell[t][o] != SEEN_YES)
				continue;
			char name[96];
			xsnprintf(name, sizeof name, "%s/%s", c->targets[t].name, c->opts[o]);
			json_array_append_new(cells, json_string(name));
			++*count;
			/* the page opens on it: the default cell, else the default -O level, else the first */
			int rank = !strcmp(name, c->default_target)	       ? 2 :
				   def_opt && !strcmp(c->opts[o], def_opt + 1) ? 1 :
										 0;
			if (rank > first_rank) {
				first_rank = rank;
				json_decref(*first);
				*first = json_pack("{s:s, s:s}", "target", c->targets[t].name,
						   "opt", c->opts[o]);
			}
		}
	return cells;
}

/* How many compilers the matrix has (with_cells 0) or have cells for this example (with_cells 1). */
static int count_compilers(const struct conf *c, const signed char cell[][CONF_MAX_OPTS],
			   int with_cells)
{
	char seen_cc[CONF_MAX_TARGETS][64];
	int n = 0;
	for (int t = 0; t < c->ntargets; t++) {
		char cc[64];
		compiler_of(c->targets[t].name, cc, sizeof cc);
		int known = 0;
		for (int k = 0; k < n; k++)
			known |= !strcmp(seen_cc[k], cc);
		if (!known && (!with_cells || all_opts_of(c, cell, t)))
			xsnprintf(seen_cc[n++], sizeof seen_cc[0], "%s", cc);
	}
	return n;
}

/* The archs of x's compilers that have cells, when x says "any" without being every arch. */
static void group_archs(const struct conf *c, const signed char cell[][CONF_MAX_OPTS],
			const struct group *x, int every_arch, char *archs, size_t n)
{
	xsnprintf(archs, n, "%s", x->archs);
	if (strcmp(archs, "any") || every_arch)
		return;
	archs[0] = '\0';
	for (int t = 0; t < c->ntargets; t++) {
		char cc[64], lst[LIST_LEN + 2], needle[70];
		compiler_of(c->targets[t].name, cc, sizeof cc);
		xsnprintf(lst, sizeof lst, ",%s,", x->compilers);
		xsnprintf(needle, sizeof needle, ",%s,", cc);
		if ((strstr(lst, needle) || !strcmp(x->compilers, "any")) &&
		    all_opts_of(c, cell, t) && !strstr(archs, c->targets[t].arch))
			append(archs, n, ",", c->targets[t].arch);
	}
}

/* x's levels: "O2,O3" for the pattern, "-O2 and -O3" for the sentence. */
static void group_levels(const struct conf *c, const struct group *x, char *opts, size_t on,
			 char *opt_words, size_t wn)
{
	char dashed[LIST_LEN] = "";
	opts[0] = '\0';
	for (int o = 0; o < c->nopts; o++)
		if (x->mask & (1u << o)) {
			char w[12];
			append(opts, on, ",", c->opts[o]);
			xsnprintf(w, sizeof w, "-%s", c->opts[o]);
			append(dashed, sizeof dashed, ",", w);
		}
	words(dashed, opt_words, wn);
}

/* Merge into g[i] the later groups with the same archs and levels; returns how many compilers it
 * then has, and in *every_arch whether each of them is every arch of its compiler. */
static int merge_groups(struct group *g, int n, int i, int *merged, int *every_arch)
{
	int members = 1;
	*every_arch = g[i].every_arch;
	for (int j = i + 1; j < n; j++)
		if (!merged[j] && g[j].mask == g[i].mask && g[j].any_opt == g[i].any_opt &&
		    !strcmp(g[j].archs, g[i].archs)) {
			merged[j] = 1;
			members++;
			*every_arch &= g[j].every_arch;
			append(g[i].compilers, sizeof g[i].compilers, ",", g[j].compilers);
		}
	return members;
}

/* One merged group: its evidence-on pattern into patterns, its clause into text. The sentence
 * says "every" only for the whole matrix, the patterns for the example's cells. */
static void group_clause(const struct conf *c, const signed char cell[][CONF_MAX_OPTS],
			 struct group *x, int members, int every_arch, json_t *patterns,
			 struct buf *text)
{
	char cc_words[LIST_LEN], arch_words[LIST_LEN], opts[LIST_LEN], opt_words[LIST_LEN];
	char archs[LIST_LEN], pat[3 * LIST_LEN];
	words(x->compilers, cc_words, sizeof cc_words);
	int every_cc = members == count_compilers(c, cell, 0) && every_arch;
	if (members == count_compilers(c, cell, 1) && !strcmp(x->archs, "any"))
		xsnprintf(x->compilers, sizeof x->compilers, "any");
	int all_levels = x->mask == (1u << c->nopts) - 1;
	group_archs(c, cell, x, every_arch, archs, sizeof archs);
	words(archs, arch_words, sizeof arch_words);
	group_levels(c, x, opts, sizeof opts, opt_words, sizeof opt_words);
	xsnprintf(pat, sizeof pat, "%s/%s/%s", x->compilers, x->archs, x->any_opt ? "any" : opts);
	json_array_append_new(patterns, json_string(pat));
	/* a page writes "seen `seen: id`": "seen with gcc-12 on ...", "seen on none of ..." */
	buf_printf(text, "%s%s%s on %s at %s", text->len ? "; " : "", text->len ? "" : "with ",
		   every_cc ? "every compiler" : cc_words,
		   every_arch && !strcmp(x->archs, "any") ? "every target" : arch_words,
		   all_levels ? "every level, -O0 included" : opt_words);
}

json_t *seen_summary(const struct conf *c, const signed char cell[][CONF_MAX_OPTS])
{
	json_t *patterns = json_array(), *first;
	int count = 0, checked = 0;
	json_t *cells = seen_cells(c, cell, &first, &count, &checked);
	struct group g[CONF_MAX_TARGETS];
	int n = per_compiler(c, cell, g, CONF_MAX_TARGETS);
	int merged[CONF_MAX_TARGETS] = { 0 };
	struct buf text = { 0 };
	for (int i = 0; i < n; i++) {
		if (merged[i])
			continue;
		int every_arch;
		int members = merge_groups(g, n, i, merged, &every_arch);
		group_clause(c, cell, &g[i], members, every_arch, patterns, &text);
	}
	if (!count) {
		buf_free(&text);
		buf_printf(&text, "on none of the %d cells checked", checked);
	}
	json_t *summary = json_pack("{s:o, s:o, s:s, s:i, s:i, s:o}", "cells", cells, "patterns",
				    patterns, "text", buf_str(&text), "count", count, "checked",
				    checked, "first", first);
	buf_free(&text);
	return summary;
}
