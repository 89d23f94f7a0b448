/* benchmd: the in-process Markdown benchmark. */
#define _POSIX_C_SOURCE 200809L
#include "benchmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "frontmatter.h"
#include "markdown.h"
#include "quizhtml.h"

static int quiz_hook(void *ctx, const struct quiz *q, struct buf *out)
{
	(void)ctx;
	int *correct = xcalloc(q->nchoices ? q->nchoices : 1, sizeof *correct);
	quiz_html(q, q->type == QUIZ_OUTCOME ? correct : NULL, NULL, NULL, out);
	free(correct);
	return 0;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int bench_markdown(int iterations, int nfiles, char **files)
{
	char **texts = xcalloc((size_t)nfiles, sizeof *texts);
	size_t bytes_in = 0, bytes_out = 0;
	for (int i = 0; i < nfiles; i++) {
		size_t len;
		texts[i] = read_file(files[i], &len);
		if (!texts[i]) {
			fprintf(stderr, "%s: cannot read\n", files[i]);
			return 1;
		}
		bytes_in += len;
	}
	int highlight = !getenv("SITEGEN_BENCH_NO_HIGHLIGHT");
	md_set_highlight(highlight);
	double t0 = now();
	int rc = 0;
	for (int it = 0; it < iterations && rc == 0; it++) {
		for (int i = 0; i < nfiles && rc == 0; i++) {
			struct front_matter fm;
			struct md_doc d;
			const char *body = texts[i];
			int body_line = 1;
			int have_fm = strncmp(texts[i], "---", 3) == 0;
			if (have_fm) {
				if (front_matter_parse(files[i], texts[i], &fm) != 0) {
					rc = 1;
					break;
				}
				body = fm.body;
				body_line = fm.body_line;
			}
			if (md_parse(&d, files[i], body, body_line, "bench", NULL, NULL) != 0) {
				rc = 1;
			} else {
				struct md_hooks h = { NULL, NULL, NULL, quiz_hook, NULL };
				struct buf out = { 0 };
				if (md_render(&d, &h, &out) != 0)
					rc = 1;
				if (it == 0)
					bytes_out += out.len;
				buf_free(&out);
				md_free(&d);
			}
			if (have_fm)
				front_matter_free(&fm);
		}
	}
	double t = now() - t0;
	if (rc)
		fprintf(stderr, "%s\n", diag_message());
	else
		printf("sitegen markdown%s: %d files, %zu bytes in, %zu bytes out, %d iterations, %.3f s total, %.3f ms per "
		       "iteration\n",
		       highlight ? "" : " (C highlighting off)", nfiles, bytes_in, bytes_out,
		       iterations, t, t * 1000.0 / iterations);
	for (int i = 0; i < nfiles; i++)
		free(texts[i]);
	free(texts);
	return rc;
}
