/*
 * seen.c - the cells where a transformation is seen, as patterns and as a sentence (seen.h).
 */
#include "seen.h"

#include <stdio.h>
#include <string.h>

/* One group: the targets of one or more compilers that share an -O mask. */
struct group {
	char compilers[256]; /* "gcc-12" or "gcc-12,clang-14" or "any" */
	char archs[128];     /* "aarch64" or "x86_64,i386" or "any" */
	unsigned mask;	     /* -O levels, bit o */
	int any_opt;	     /* mask: every level the group's targets have cells on */
	int every_arch;	     /* the group is every target of the matrix for its compilers */
};

static void compiler_of(const char *target, char *out, size_t n)
{
	const char *s = strchr(target, '/');
	snprintf(out, n, "%.*s", s ? (int)(s - target) : (int)strlen(target), target);
}

static void append(char *dst, size_t n, const char *sep, const char *word)
{
	size_t l = strlen(dst);
	snprintf(dst + l, n - l, "%s%s", l ? sep : "", word);
}

/* "a", "a and b", "a, b and c" from a comma list. */
static void words(const char *list, char *out, size_t n)
{
	char tmp[256];
	int count = 1, k = 0;
	snprintf(tmp, sizeof tmp, "%s", list);
	for (const char *p = tmp; *p; p++)
		count += *p == ',';
	out[0] = '\0';
	for (char *w = strtok(tmp, ","); w; w = strtok(NULL, ","), k++) {
		size_t l = strlen(out);
		snprintf(out + l, n - l, "%s%s", k == 0 ? "" : k == count - 1 ? " and " : ", ", w);
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
			snprintf(x->compilers, sizeof x->compilers, "%s", cc);
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
				snprintf(x->archs, sizeof x->archs, "any");
		}
	}
	return n;
}

json_t *seen_summary(const struct conf *c, const signed char cell[][CONF_MAX_OPTS])
{
	json_t *cells = json_array(), *patterns = json_array(), *first = json_null();
	int count = 0, checked = 0;
	for (int t = 0; t < c->ntargets; t++)
		for (int o = 0; o < c->nopts; o++) {
			if (cell[t][o] == SEEN_NO_CELL)
				continue;
			checked++;
			if (cell[t][o] != SEEN_YES)
				continue;
			char name[96];
			snprintf(name, sizeof name, "%s/%s", c->targets[t].name, c->opts[o]);
			json_array_append_new(cells, json_string(name));
			count++;
			if (json_is_null(first) || !strcmp(name, c->default_target)) {
				json_decref(first);
				first = json_pack("{s:s, s:s}", "target", c->targets[t].name, "opt",
						  c->opts[o]);
			}
		}
	struct group g[CONF_MAX_TARGETS];
	int n = per_compiler(c, cell, g, CONF_MAX_TARGETS);
	/* merge compilers whose groups have the same archs and mask */
	int merged[CONF_MAX_TARGETS] = { 0 }, ncompilers = 0, compilers_with_cells = 0;
	int conf_compilers = 0;
	char seen_cc[CONF_MAX_TARGETS][64];
	for (int t = 0; t < c->ntargets; t++) {
		char cc[64];
		compiler_of(c->targets[t].name, cc, sizeof cc);
		int known = 0;
		for (int k = 0; k < ncompilers; k++)
			known |= !strcmp(seen_cc[k], cc);
		if (!known) {
			snprintf(seen_cc[ncompilers++], sizeof seen_cc[0], "%s", cc);
			conf_compilers++;
		}
	}
	ncompilers = 0;
	for (int t = 0; t < c->ntargets; t++) {
		char cc[64];
		compiler_of(c->targets[t].name, cc, sizeof cc);
		int known = 0;
		for (int k = 0; k < ncompilers; k++)
			known |= !strcmp(seen_cc[k], cc);
		if (!known && all_opts_of(c, cell, t)) {
			snprintf(seen_cc[ncompilers++], sizeof seen_cc[0], "%s", cc);
			compilers_with_cells++;
		}
	}
	char text[CONF_MAX_TARGETS * 800] = ""; /* at most one sentence per target, each < 800 */
	for (int i = 0; i < n; i++) {
		if (merged[i])
			continue;
		int members = 1, every_arch = g[i].every_arch;
		for (int j = i + 1; j < n; j++)
			if (!merged[j] && g[j].mask == g[i].mask && g[j].any_opt == g[i].any_opt &&
			    !strcmp(g[j].archs, g[i].archs)) {
				merged[j] = 1;
				members++;
				every_arch &= g[j].every_arch;
				append(g[i].compilers, sizeof g[i].compilers, ",", g[j].compilers);
			}
		char cc_words[256], arch_words[160], opts[64] = "", opt_words[128];
		words(g[i].compilers, cc_words, sizeof cc_words);
		int every_cc = members == conf_compilers && every_arch;
		if (members == compilers_with_cells && !strcmp(g[i].archs, "any"))
			snprintf(g[i].compilers, sizeof g[i].compilers, "any");
		/* the sentence says "every" only for the whole matrix, the patterns for the example's
		 * cells */
		int all_levels = g[i].mask == (1u << c->nopts) - 1;
		char archs[128];
		snprintf(archs, sizeof archs, "%s", g[i].archs);
		if (!strcmp(archs, "any") && !every_arch) {
			archs[0] = '\0';
			for (int t = 0; t < c->ntargets; t++) {
				char cc[64];
				compiler_of(c->targets[t].name, cc, sizeof cc);
				char lst[258];
				snprintf(lst, sizeof lst, ",%s,", g[i].compilers);
				char needle[70];
				snprintf(needle, sizeof needle, ",%s,", cc);
				if ((strstr(lst, needle) || !strcmp(g[i].compilers, "any")) &&
				    all_opts_of(c, cell, t) && !strstr(archs, c->targets[t].arch))
					append(archs, sizeof archs, ",", c->targets[t].arch);
			}
		}
		words(archs, arch_words, sizeof arch_words);
		for (int o = 0; o < c->nopts; o++)
			if (g[i].mask & (1u << o))
				append(opts, sizeof opts, ",", c->opts[o]);
		char dashed[96] = "";
		for (int o = 0; o < c->nopts; o++)
			if (g[i].mask & (1u << o)) {
				char w[12];
				snprintf(w, sizeof w, "-%s", c->opts[o]);
				append(dashed, sizeof dashed, ",", w);
			}
		words(dashed, opt_words, sizeof opt_words);
		char pat[512];
		snprintf(pat, sizeof pat, "%s/%s/%s", g[i].compilers, g[i].archs,
			 g[i].any_opt ? "any" : opts);
		json_array_append_new(patterns, json_string(pat));
		char sentence[768];
		/* a page writes "seen `seen: id`": "seen with gcc-12 on ...", "seen on none of ..." */
		snprintf(sentence, sizeof sentence, "%s%s on %s at %s", text[0] ? "" : "with ",
			 every_cc ? "every compiler" : cc_words,
			 every_arch && !strcmp(g[i].archs, "any") ? "every target" : arch_words,
			 all_levels ? "every level, -O0 included" : opt_words);
		append(text, sizeof text, "; ", sentence);
	}
	if (!count)
		snprintf(text, sizeof text, "on none of the %d cells checked", checked);
	return json_pack("{s:o, s:o, s:s, s:i, s:i, s:o}", "cells", cells, "patterns", patterns,
			 "text", text, "count", count, "checked", checked, "first", first);
}
