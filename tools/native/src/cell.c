/*
 * cell.c - one cell, end to end (see cell.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "cell.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "image.h"
#include "link.h"
#include "machine.h"
#include "outcome.h"
#include "trace.h"
#include "util.h"

void cell_defaults(struct cell *c)
{
	c->limits.max_states = 200000;
	c->limits.max_depth = 2000;
	c->local_bound = 2000000;
	c->traces = 1;
	armv8_defaults(&c->a8);
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* "examples/<id>.c:LINE: <target>/<opt>: variant <v>: <message>", LINE from a variant line. */
static json_t *error_json(const struct cell *c, int variant_line, const char *msg)
{
	int line = nmeta_file_line(c->meta, c->variant, variant_line);
	char *text = xasprintf("%s:%d: %s/%s: variant %s: %s", c->meta->file, line > 0 ? line : 1,
			       c->target, c->opt, c->variant, msg);
	json_t *j = json_pack("{s:s, s:s}", "status", "error", "error", text);
	free(text);
	return j;
}

/* The variant line a linker message names ("...plain.c:35: undefined reference..."), or 0. */
static int linker_line(const char *msg)
{
	const char *p = strstr(msg, ".c:");
	return p ? atoi(p + 3) : 0;
}

static json_t *hang_json(const struct nmeta *meta, unsigned hang)
{
	json_t *a = json_array();
	for (int t = 0; t < meta->nthreads; t++)
		if (hang & (1u << t))
			json_array_append_new(a, json_string(meta->threads[t]));
	return a;
}

static json_t *found_json(const struct cell *c, const struct found *f)
{
	json_t *crash = f->crash_thread ? json_pack("{s:s, s:s}", "thread", f->crash_thread,
						    "message", f->crash_message) :
					  json_null();
	return json_pack("{s:s, s:O, s:o, s:o, s:b, s:s, s:I}", "key", f->key, "values", f->values,
			 "hang", hang_json(c->meta, f->hang), "crash", crash, "done", f->done,
			 "witness", f->witness, "states", (json_int_t)f->states);
}

/* The explored result and its traces; NULL with *err set when a step failed. */
static json_t *explore_json(const struct cell *c, struct machine *m, const struct oview *ov,
			    int traces, char **err, int *line)
{
	struct snapshot *root = machine_save(m);
	struct explore_result r;
	json_t *out = NULL;
	double t0 = now_ms();
	int rc = explore_run(m, root, ov, &c->limits, &r);
	double explore_ms = now_ms() - t0;
	if (rc != 0) {
		char *at = addr_name(ov->im, machine_error_pc(m));
		*err = xasprintf("%s (at %s)", machine_error(m), at);
		*line = image_line(ov->im, machine_error_pc(m));
		free(at);
		goto done;
	}
	json_t *outcomes = json_array();
	out = json_pack("{s:s, s:b, s:s?, s:I, s:I, s:i, s:f, s:o}", "status", "ok", "partial",
			r.partial, "why", r.partial ? r.why : NULL, "states", (json_int_t)r.states,
			"transitions", (json_int_t)r.transitions, "depth", r.depth, "explore_ms",
			(double)(long)(explore_ms * 100) / 100, "outcomes", outcomes);
	for (int i = 0; i < r.nfound; i++) {
		json_t *o = found_json(c, &r.found[i]);
		if (traces) {
			char terr[256];
			json_t *tr =
				trace_schedule(m, root, ov, r.found[i].witness, terr, sizeof terr);
			if (!tr) {
				*err = xasprintf("replaying witness %s: %s", r.found[i].witness,
						 terr);
				json_decref(o);
				json_decref(out);
				out = NULL;
				goto done;
			}
			json_object_set_new(o, "trace", tr);
		}
		json_array_append_new(outcomes, o);
	}
done:
	explore_result_free(&r);
	snapshot_free(root);
	return out;
}

/* The cell under x86-TSO: a machine of its own on the same image. */
static json_t *tso_json(const struct cell *c, const struct mconfig *sc, const struct oview *ov)
{
	struct mconfig cfg = *sc;
	cfg.tso = 1;
	cfg.mutant = c->mutant;
	char err[1024] = "", *xerr = NULL;
	int line = 0;
	struct machine *m = NULL;
	json_t *out;
	if (machine_new(&m, &cfg, err, sizeof err) != 0) {
		out = error_json(c, 0, err);
	} else {
		machine_start(m);
		out = explore_json(c, m, ov, c->tso_traces, &xerr, &line);
		if (!out)
			out = error_json(c, line, xerr);
	}
	free(xerr);
	machine_free(m);
	return out;
}

/* The cell under the Armv8 model on the same image. */
static json_t *armv8_json(const struct cell *c, const struct image *im, const struct oview *ov)
{
	struct armv8_config cfg = c->a8;
	cfg.meta = c->meta;
	cfg.variant = c->variant;
	cfg.ov = ov;
	cfg.im = im;
	char *err = NULL;
	uint64_t pc = 0;
	json_t *out = armv8_explore(&cfg, &err, &pc);
	if (!out) {
		char *at = pc ? addr_name(im, pc) : NULL;
		char *msg = at ? xasprintf("under Armv8: %s (at %s)", err, at) :
				 xasprintf("under Armv8: %s", err);
		out = error_json(c, pc ? image_line(im, pc) : 0, msg);
		free(at), free(msg);
	}
	free(err);
	return out;
}

json_t *cell_run(const struct cell *c)
{
	double t0 = now_ms();
	char err[1024] = "";
	char *elf = xasprintf("%s/cell.elf", c->workdir), *xerr = NULL;
	struct image im;
	struct oview ov;
	struct machine *m = NULL;
	json_t *out = NULL;
	int line = 0, have_im = 0, have_ov = 0;
	const char *src = nmeta_source(c->meta, c->variant);
	if (link_object(c->arch, c->obj, elf, c->workdir, err, sizeof err) != 0) {
		char *msg = xasprintf("cannot link the object: %s", err);
		out = error_json(c, linker_line(err), msg);
		free(msg);
		goto done;
	}
	if (image_load(&im, elf, c->obj, err, sizeof err) != 0) {
		out = error_json(c, 0, err);
		goto done;
	}
	have_im = 1;
	if (oview_init(&ov, c->meta, &im, src, err, sizeof err) != 0) {
		out = error_json(c, 0, err);
		goto done;
	}
	have_ov = 1;
	struct mconfig cfg = { .arch = c->arch,
			       .image = &im,
			       .nthreads = c->meta->nthreads,
			       .init = c->meta->has_init ? "course_init" : NULL,
			       .check = c->meta->has_check ? "course_check" : NULL,
			       .local_bound = c->local_bound };
	for (int t = 0; t < c->meta->nthreads; t++)
		cfg.threads[t] = c->meta->threads[t];
	if (machine_new(&m, &cfg, err, sizeof err) != 0) {
		out = error_json(c, 0, err);
		goto done;
	}
	machine_start(m);
	out = explore_json(c, m, &ov, c->traces, &xerr, &line);
	if (!out)
		out = error_json(c, line, xerr);
	else if (c->tso && c->arch->is_tso_barrier)
		json_object_set_new(out, "tso", tso_json(c, &cfg, &ov));
	else if (c->armv8 && !strcmp(c->arch->name, "aarch64"))
		json_object_set_new(out, "armv8", armv8_json(c, &im, &ov));
done:
	json_object_set_new(out, "ms", json_real((double)(long)((now_ms() - t0) * 100) / 100));
	free(xerr);
	machine_free(m);
	if (have_ov)
		oview_free(&ov);
	if (have_im)
		image_free(&im);
	free(elf);
	return out;
}
