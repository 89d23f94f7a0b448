/* main: the sitegen command line (see tools/gen/README.md). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "benchmd.h"
#include "build.h"
#include "diag.h"
#include "lint.h"
#include "pagejson.h"
#include "shingles.h"
#include "site.h"
#include "util.h"

static void usage(FILE *f)
{
	fputs("usage: sitegen --content DIR --templates DIR --static DIR --data DIR --config FILE\n"
	      "               --out DIR --state FILE [--link-base URL]\n"
	      "       sitegen --lint --content DIR --config FILE --words FILE [--shingles FILE]...\n"
	      "               [--glossary PAGE.md] [--dictionary PATH]\n"
	      "       sitegen --shingle-hashes SOURCE\n"
	      "       sitegen --bench-markdown N FILE.md...\n"
	      "       sitegen --page-json PAGE.md...\n"
	      "Builds the course site into DIR (atomically swapped in; only changed outputs are rendered);\n"
	      "--lint checks the pages' text instead (tools/lint/README.md); --shingle-hashes prints the hash\n"
	      "list of a source text's 12-word runs, for --shingles; --page-json prints what the generator\n"
	      "reads from each page (front matter, quizzes) as JSON, for the tests.\n",
	      f);
}

static char *git_commit(void)
{
	const char *env = getenv("SITEGEN_COMMIT");
	if (env)
		return xstrdup(env);
	FILE *p = popen("git rev-parse --short HEAD 2>/dev/null", "r");
	if (!p)
		return xstrdup("");
	char line[64] = "";
	if (!fgets(line, sizeof line, p))
		line[0] = '\0';
	pclose(p);
	line[strcspn(line, "\r\n")] = '\0';
	return xstrdup(line);
}

static void build_date(char *out, size_t n)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t = sde ? (time_t)strtoll(sde, NULL, 10) : time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, n, "%Y-%m-%d", &tm);
}

/* --lint: loads the site as a build does (pages, quizzes, links checked) and runs the content lints. */
static int run_lint(const struct options *opt, const struct lint_options *lo)
{
	struct site s;
	int n = site_load(&s, opt) == 0 ? lint_site(&s, lo, stdout) : -1;
	site_free(&s);
	if (n < 0) {
		fprintf(stderr, "%s\n", diag_message());
		return 1;
	}
	return n > 0;
}

/* --help, --shingle-hashes FILE, --bench-markdown N FILE... and --page-json PAGE...: commands of their own. Returns the
 * exit status of the one at argv[i], or -1 when argv[i] is none of them. */
static int command_option(int i, int argc, char **argv)
{
	const char *a = argv[i];
	if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(a, "--shingle-hashes")) {
		if (i + 2 != argc) {
			usage(stderr);
			return 2;
		}
		if (shingles_write_list(argv[i + 1], stdout) != 0) {
			fprintf(stderr, "%s\n", diag_message());
			return 1;
		}
		return 0;
	}
	if (!strcmp(a, "--bench-markdown")) {
		if (i + 2 >= argc) {
			usage(stderr);
			return 2;
		}
		int n = atoi(argv[i + 1]);
		if (n < 1) {
			fprintf(stderr, "sitegen: --bench-markdown needs a positive count\n");
			return 2;
		}
		return bench_markdown(n, argc - i - 2, argv + i + 2);
	}
	if (!strcmp(a, "--page-json")) {
		if (page_json(argc - i - 1, argv + i + 1, stdout) != 0) {
			fprintf(stderr, "%s\n", diag_message());
			return 1;
		}
		return 0;
	}
	return -1;
}

/* Where the value of option a goes, or NULL when a takes none of these. */
static const char **value_slot(const char *a, struct options *opt, struct lint_options *lo)
{
	return !strcmp(a, "--content")	  ? &opt->content :
	       !strcmp(a, "--templates")  ? &opt->templates :
	       !strcmp(a, "--static")	  ? &opt->static_dir :
	       !strcmp(a, "--data")	  ? &opt->data :
	       !strcmp(a, "--config")	  ? &opt->config :
	       !strcmp(a, "--out")	  ? &opt->out :
	       !strcmp(a, "--state")	  ? &opt->state :
	       !strcmp(a, "--link-base")  ? &opt->link_base :
	       !strcmp(a, "--words")	  ? &lo->words :
	       !strcmp(a, "--glossary")	  ? &lo->glossary :
	       !strcmp(a, "--dictionary") ? &lo->dictionary :
					    NULL;
}

/* The command line into opt, lo (shingles: room for max files) and *lint. Returns -1 to go on, or
 * the exit status (a command option, a usage error). */
static int parse_args(int argc, char **argv, struct options *opt, struct lint_options *lo,
		      const char **shingles, size_t max, int *lint)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		int rc = command_option(i, argc, argv);
		if (rc >= 0)
			return rc;
		if (!strcmp(a, "--lint")) {
			*lint = 1;
			continue;
		}
		if (!strcmp(a, "--shingles")) {
			if (i + 1 >= argc || lo->nshingles == max) {
				usage(stderr);
				return 2;
			}
			shingles[lo->nshingles++] = argv[++i];
			continue;
		}
		const char **slot = value_slot(a, opt, lo);
		if (!slot || i + 1 >= argc) {
			fprintf(stderr, "sitegen: %s '%s'\n",
				slot ? "missing value for" : "unknown argument", a);
			usage(stderr);
			return 2;
		}
		*slot = argv[++i];
	}
	return -1;
}

/* SITEGEN_STATS: the run's wall and CPU time on stderr (t0: its start). */
static void print_stats(const struct timespec *t0)
{
	struct rusage ru;
	struct timespec t1;
	getrusage(RUSAGE_SELF, &ru);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fprintf(stderr, "sitegen: %.1f ms wall, %.1f ms cpu (user %.1f + sys %.1f)\n",
		(double)(t1.tv_sec - t0->tv_sec) * 1e3 + (double)(t1.tv_nsec - t0->tv_nsec) / 1e6,
		(double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
			(double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3,
		(double)ru.ru_utime.tv_sec * 1e3 + (double)ru.ru_utime.tv_usec / 1e3,
		(double)ru.ru_stime.tv_sec * 1e3 + (double)ru.ru_stime.tv_usec / 1e3);
}

int main(int argc, char **argv)
{
	struct options opt = { 0 };
	const char *shingles[16];
	struct lint_options lo = { .dictionary = "/usr/share/hunspell/en_US",
				   .shingles = shingles };
	int lint = 0;
	int rc = parse_args(argc, argv, &opt, &lo, shingles, sizeof shingles / sizeof *shingles,
			    &lint);
	if (rc >= 0)
		return rc;
	if (lint) {
		if (!opt.content || !opt.config || !lo.words) {
			usage(stderr);
			return 2;
		}
		if (!opt.templates)
			opt.templates = ".";
		return run_lint(&opt, &lo);
	}
	if (!opt.content || !opt.templates || !opt.static_dir || !opt.data || !opt.config ||
	    !opt.out || !opt.state) {
		usage(stderr);
		return 2;
	}
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	char date[16];
	build_date(date, sizeof date);
	char *commit = git_commit();
	rc = build_site(&opt, date, commit);
	free(commit);
	if (getenv("SITEGEN_STATS"))
		print_stats(&t0);
	if (rc != 0) {
		fprintf(stderr, "%s\n", diag_message());
		return 1;
	}
	return 0;
}
