/* build: outputs, up-to-date checks, rendering into a temporary tree and the swap. */
#define _GNU_SOURCE
#include "build.h"
#include "buf.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compact.h"
#include "diag.h"
#include "fsutil.h"
#include "indexes.h"
#include "printcache.h"
#include "render.h"
#include "sideout.h"
#include "state.h"

#define GENERATOR_VERSION "sitegen 1"

enum out_kind { OUT_PAGE, OUT_HOME_EMPTY, OUT_PRINT, OUT_404, OUT_SEARCH, OUT_SITEMAP, OUT_COPY };

struct output {
	char *path;  /* relative to the site root */
	char *label; /* what `[i/N]` prints */
	enum out_kind kind;
	struct page *page;
	char *copy_from;
	uint64_t key;
	int dirty;
};

struct outputs {
	struct output *v;
	size_t n;
};

static void add(struct outputs *o, enum out_kind kind, const char *path, const char *label,
		struct page *p, const char *copy_from, uint64_t key)
{
	o->v = xrealloc(o->v, (o->n + 1) * sizeof *o->v);
	struct output *x = &o->v[o->n++];
	memset(x, 0, sizeof *x);
	x->kind = kind;
	x->path = xstrdup(path);
	x->label = xstrdup(label);
	x->page = p;
	x->copy_from = copy_from ? xstrdup(copy_from) : NULL;
	x->key = key;
}

static void free_outputs(struct outputs *o)
{
	for (size_t i = 0; i < o->n; i++) {
		free(o->v[i].path);
		free(o->v[i].label);
		free(o->v[i].copy_from);
	}
	free(o->v);
}

static uint64_t mix_u64(uint64_t h, uint64_t v)
{
	char num[24];
	xsnprintf(num, sizeof num, "%016llx", (unsigned long long)v);
	return hash_mix_str(h, num);
}

/* State files whose F records give content hashes without reading unchanged files. */
static const struct state *hash_old;
static struct state *hash_next;

static int add_copies(struct outputs *o, const char *from_dir, const char *to_prefix)
{
	struct file_list l;
	if (fs_list_files_diag(from_dir, &l) != 0)
		return -1;
	for (size_t i = 0; i < l.n; i++) {
		char *src = xasprintf("%s/%s", from_dir, l.paths[i]);
		char *dst = xasprintf("%s/%s", to_prefix, l.paths[i]);
		uint64_t key = hash_mix_str(state_hash_file(hash_old, hash_next, src), dst);
		int css;
		/* the site's scripts and stylesheets are compacted as copied: the way is an input */
		if (strcmp(to_prefix, "static") == 0 && compact_applies(dst, &css))
			key = hash_mix_str(key, COMPACT_VERSION);
		add(o, OUT_COPY, dst, src, NULL, src, key);
		free(src);
		free(dst);
	}
	fs_file_list_free(&l);
	return 0;
}

static int list_outputs(struct site *s, struct outputs *o, const char *date, const char *commit)
{
	/* The generator's own binary is an input of everything it renders. */
	uint64_t common = mix_u64(hash_mix_str(0, GENERATOR_VERSION), hash_file("/proc/self/exe"));
	common = mix_u64(common, s->config_hash);
	common = mix_u64(common, s->nav_hash);
	common = hash_mix_str(common, date);
	common = hash_mix_str(common, commit);
	uint64_t all_sources = common;
	for (size_t i = 0; i < s->npages; i++)
		all_sources = mix_u64(all_sources, s->pages[i]->source_hash);
	if (s->home)
		all_sources = mix_u64(all_sources, s->home->source_hash);

	if (s->home)
		add(o, OUT_PAGE, "index.html", s->home->source, s->home, NULL,
		    mix_u64(hash_mix_str(common, "home"), s->home->source_hash));
	else
		add(o, OUT_HOME_EMPTY, "index.html", "index.html", NULL, NULL,
		    hash_mix_str(common, "home-empty"));
	for (size_t i = 0; i < s->npages; i++) {
		struct page *p = s->pages[i];
		add(o, OUT_PAGE, p->path, p->source, p, NULL,
		    mix_u64(hash_mix_str(common, "page"), p->source_hash));
	}
	add(o, OUT_PRINT, "print.html", "print.html", NULL, NULL,
	    hash_mix_str(all_sources, "print"));
	add(o, OUT_404, "404.html", "404.html", NULL, NULL, hash_mix_str(common, "404"));
	add(o, OUT_SEARCH, "search-index.js", "search-index.js", NULL, NULL,
	    hash_mix_str(all_sources, "search"));
	uint64_t sm = hash_mix_str(hash_mix_str(0, GENERATOR_VERSION), s->site_url);
	sm = hash_mix_str(sm, "index.html");
	for (size_t i = 0; i < s->npages; i++)
		sm = hash_mix_str(sm, s->pages[i]->path);
	add(o, OUT_SITEMAP, "sitemap.xml", "sitemap.xml", NULL, NULL, sm);
	if (add_copies(o, s->opt->static_dir, "static") != 0)
		return -1;
	char *data_site = xasprintf("%s/site", s->opt->data);
	int rc = add_copies(o, data_site, "data");
	free(data_site);
	return rc;
}

/* Hashes of dependency files, computed once per run. */
struct hash_memo {
	char **paths;
	uint64_t *hashes;
	size_t n;
};

static uint64_t memo_hash(struct hash_memo *m, const char *path)
{
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->paths[i], path))
			return m->hashes[i];
	m->paths = xrealloc(m->paths, (m->n + 1) * sizeof *m->paths);
	m->hashes = xrealloc(m->hashes, (m->n + 1) * sizeof *m->hashes);
	m->paths[m->n] = xstrdup(path);
	m->hashes[m->n] = state_hash_file(hash_old, hash_next, path);
	return m->hashes[m->n++];
}

/* The memo of the build in progress, for the print cache's checks of its entries' files. */
static struct hash_memo *current_memo;

static uint64_t current_hash(const char *path)
{
	return memo_hash(current_memo, path);
}

static void memo_free(struct hash_memo *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->paths[i]);
	free(m->paths);
	free(m->hashes);
}

static int cmp_path(const void *a, const void *b);

/* existing: the files of the current site (sorted) */
static int up_to_date(const struct output *x, const struct state *old,
		      const struct file_list *existing, struct hash_memo *m)
{
	const struct state_output *so = state_find(old, x->path);
	if (!so || so->key != x->key)
		return 0;
	const char *path = x->path;
	if (!existing->n ||
	    !bsearch(&path, existing->paths, existing->n, sizeof *existing->paths, cmp_path))
		return 0;
	for (size_t i = 0; i < so->ndeps; i++)
		if (memo_hash(m, so->deps[i].path) != so->deps[i].hash)
			return 0;
	for (size_t i = 0; i < so->sides.n; i++) { /* the outputs its render added are there too */
		path = so->sides.paths[i];
		if (!bsearch(&path, existing->paths, existing->n, sizeof *existing->paths,
			     cmp_path))
			return 0;
	}
	return 1;
}

static int render_output(struct site *s, const struct output *x, struct buf *out)
{
	switch (x->kind) {
	case OUT_PAGE: return render_page(s, x->page, out);
	case OUT_HOME_EMPTY: return render_home_without_source(s, out);
	case OUT_PRINT: return render_print(s, out);
	case OUT_404: return render_404(s, out);
	case OUT_SEARCH: search_index_js(s, out); return 0;
	case OUT_SITEMAP: return sitemap_xml(s, out);
	case OUT_COPY: {
		size_t len;
		char *data = read_file(x->copy_from, &len);
		if (!data)
			return diag_at(x->copy_from, 0, "cannot read: %s", strerror(errno));
		int css;
		if (strncmp(x->path, "static/", 7) == 0 && compact_applies(x->path, &css))
			compact_code(data, len, css, out);
		else
			buf_put(out, data, len);
		free(data);
		return 0;
	}
	}
	return -1;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* paths: the output paths, sorted */
static int is_output(char **paths, size_t n, const char *path)
{
	return bsearch(&path, paths, n, sizeof *paths, cmp_path) != NULL;
}

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
	stop_signal = sig;
}

static void catch_signals(int on)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		signal(sigs[i], on ? on_signal : SIG_DFL);
}

/* One run of build_site: what it read, what it plans, what it must release. */
struct build {
	const struct options *opt;
	struct site s;
	struct outputs o;
	struct state old, next;
	struct hash_memo memo;
	struct file_list existing;
	char **sorted_paths;
	struct sideouts
		sides; /* the outputs renders added (write_output): the clean outputs', then new */
	struct state_output *rendering; /* the page being rendered: its write_output calls */
	char *out, *tmp;
	int have_site, lock_fd;
	size_t ndirty, nstale;
};

/* One build at a time per state file: two concurrent runs would swap trees under each other. */
static int lock_state(struct build *b)
{
	char *lock_path = xasprintf("%s.lock", b->opt->state);
	b->lock_fd = mkdir_p(lock_path, 1) == 0 ?
			     open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644) :
			     -1;
	free(lock_path);
	if (b->lock_fd >= 0 && flock(b->lock_fd, LOCK_EX) == 0)
		return 0;
	memset(&b->s, 0, sizeof b->s);
	return diag_at(b->opt->state, 0, "cannot lock the build state: %s", strerror(errno));
}

/* path is an output of the site or one a clean output's render added (else it goes) */
static int kept(const struct build *b, const char *path)
{
	return is_output(b->sorted_paths, b->o.n, path) || sideouts_has(&b->sides, path);
}

/* Which outputs are dirty (b->ndirty) and which files of the current site are no output any more
 * (b->nstale). */
static void plan_outputs(struct build *b)
{
	struct outputs *o = &b->o;
	for (size_t i = 0; i < o->n; i++) {
		o->v[i].dirty = !b->have_site ||
				!up_to_date(&o->v[i], &b->old, &b->existing, &b->memo);
		b->ndirty += o->v[i].dirty;
		if (o->v[i].kind == OUT_PAGE) {
			o->v[i].page->key = o->v[i].key;
			o->v[i].page->up_to_date = !o->v[i].dirty;
		}
	}
	b->sorted_paths = xmalloc((o->n ? o->n : 1) * sizeof *b->sorted_paths);
	for (size_t i = 0; i < o->n; i++)
		b->sorted_paths[i] = o->v[i].path;
	qsort(b->sorted_paths, o->n, sizeof *b->sorted_paths, cmp_path);
	for (size_t i = 0; i < o->n; i++) {
		const struct state_output *so = o->v[i].dirty ? NULL :
								state_find(&b->old, o->v[i].path);
		for (size_t j = 0; so && j < so->sides.n; j++)
			sideouts_add(&b->sides, so->sides.paths[j]);
	}
	for (size_t i = 0; i < b->existing.n; i++)
		b->nstale += !kept(b, b->existing.paths[i]);
}

/* Nothing to render. Keep the file-hash cache current so touched-but-unchanged files are not read
 * again next time; the outputs' records stay as they were. */
static int save_hashes_only(struct build *b)
{
	if (!b->have_site || !b->next.rehashed)
		return 0;
	struct state_filehash *f = b->old.files;
	size_t nf = b->old.nfiles;
	b->old.files = b->next.files;
	b->old.nfiles = b->next.nfiles;
	b->next.files = f;
	b->next.nfiles = nf;
	if (state_save(b->opt->state, &b->old) != 0)
		return diag_at(b->opt->state, 0, "cannot save the build state: %s",
			       strerror(errno));
	return 0;
}

/* The temporary tree b->tmp: the current site hard-linked, less the files that are no output. */
static int prepare_tmp(struct build *b)
{
	if (mkdir_p(b->out, 1) != 0)
		return diag_at(b->out, 0, "cannot create the parent directory: %s",
			       strerror(errno));
	/* From here on Ctrl-C stops the build cleanly: the temporary tree is removed, then the signal
	 * acts. */
	catch_signals(1);
	b->tmp = xasprintf("%s.tmp-XXXXXX", b->out);
	if (!mkdtemp(b->tmp)) {
		int rc =
			diag_at(b->tmp, 0, "cannot create the temporary site: %s", strerror(errno));
		free(b->tmp);
		b->tmp = NULL;
		return rc;
	}
	if (b->have_site && fs_hardlink_tree(b->out, b->tmp) != 0)
		return diag_at(b->tmp, 0, "cannot hard-link the current site: %s", strerror(errno));
	for (size_t i = 0; i < b->existing.n; i++) {
		if (kept(b, b->existing.paths[i]))
			continue;
		char *f = xasprintf("%s/%s", b->tmp, b->existing.paths[i]);
		unlink(f);
		free(f);
	}
	return 0;
}

/* write_output(path, text) of the page being rendered: a file of b->tmp, recorded with the page. */
static int write_side(void *ctx, const char *path, const char *text, size_t len, struct buf *err)
{
	struct build *b = ctx;
	const char *why = sideout_bad_path(path);
	if (!why && is_output(b->sorted_paths, b->o.n, path))
		why = "the path of another output of the site";
	if (!why && sideouts_has(&b->sides, path))
		why = "written twice (by this page or another)";
	if (why) {
		buf_puts(err, why);
		return -1;
	}
	char *f = xasprintf("%s/%s", b->tmp, path);
	int rc = mkdir_p(f, 1) == 0 && fs_write_new_inode(f, text, len) == 0 ? 0 : -1;
	if (rc != 0)
		buf_printf(err, "cannot write %s: %s", f, strerror(errno));
	free(f);
	sideouts_add(&b->sides, path);
	sideouts_add(&b->rendering->sides, path);
	return rc;
}

/* Every dirty output rendered into b->tmp; the clean ones keep their recorded dependencies. */
static int render_dirty(struct build *b)
{
	size_t k = 0;
	for (size_t i = 0; i < b->o.n; i++) {
		struct output *x = &b->o.v[i];
		const struct state_output *so = state_find(&b->old, x->path);
		struct state_output *no = state_add(&b->next, x->path, x->key);
		if (!x->dirty) {
			for (size_t d = 0; d < so->ndeps; d++)
				state_add_dep(no, so->deps[d].path, so->deps[d].hash);
			for (size_t j = 0; j < so->sides.n; j++)
				sideouts_add(&no->sides, so->sides.paths[j]);
			continue;
		}
		if (stop_signal)
			return diag_at("sitegen", 0, "interrupted");
		printf("[%zu/%zu] %s\n", ++k, b->ndirty, x->label);
		fflush(stdout);
		render_record_deps(&b->s, no);
		engine_set_stop_flag(b->s.engine, &stop_signal);
		struct buf html = { 0 };
		b->rendering = no;
		if (x->kind ==
		    OUT_PAGE) /* print.html reuses cached bodies: no outputs of its own */
			engine_set_output_fn(b->s.engine, write_side, b);
		int r = render_output(&b->s, x, &html);
		engine_set_output_fn(b->s.engine, NULL, NULL);
		render_record_deps(&b->s, NULL);
		if (r == 0) {
			char *f = xasprintf("%s/%s", b->tmp, x->path);
			if (fs_write_new_inode(f, html.data ? html.data : "", html.len) != 0)
				r = diag_at(f, 0, "cannot write: %s", strerror(errno));
			free(f);
		}
		buf_free(&html);
		if (r != 0)
			return r;
	}
	return 0;
}

/* The new tree in place of the old one, then the build state saved. */
static int swap_in_and_save(struct build *b)
{
	if (b->have_site) {
		if (fs_exchange_dirs(b->tmp, b->out) != 0)
			return diag_at(b->out, 0, "cannot swap in the new site: %s",
				       strerror(errno));
	} else if (rename(b->tmp, b->out) != 0) {
		return diag_at(b->out, 0, "cannot move the new site into place: %s",
			       strerror(errno));
	}
	/* tmp now holds the previous site (or nothing) */
	fs_remove_tree(b->tmp);
	free(b->tmp);
	b->tmp = NULL;
	printcache_commit();
	/* stat data for every recorded dependency, so the next run can check them without reading
	 * them */
	for (size_t i = 0; i < b->next.n; i++)
		for (size_t d = 0; d < b->next.outputs[i].ndeps; d++)
			memo_hash(&b->memo, b->next.outputs[i].deps[d].path);
	if (mkdir_p(b->opt->state, 1) != 0 || state_save(b->opt->state, &b->next) != 0)
		return diag_at(b->opt->state, 0, "cannot save the build state: %s",
			       strerror(errno));
	return 0;
}

static void build_free(struct build *b)
{
	if (b->tmp) {
		fs_remove_tree(b->tmp);
		free(b->tmp);
	}
	render_finish();
	printcache_free();
	free(b->sorted_paths);
	sideouts_free(&b->sides);
	fs_file_list_free(&b->existing);
	memo_free(&b->memo);
	current_memo = NULL;
	state_free(&b->old);
	state_free(&b->next);
	free_outputs(&b->o);
	site_free(&b->s);
	free(b->out);
	if (b->lock_fd >= 0)
		close(b->lock_fd);
	catch_signals(0);
}

/* Load, plan, and render what changed: 0, or -1 with the reason in diag. */
static int build_run(struct build *b, const char *date, const char *commit)
{
	if (lock_state(b) != 0 || site_load(&b->s, b->opt) != 0)
		return -1;
	render_init(&b->s, date, commit);
	current_memo = &b->memo;
	printcache_init(b->opt->state, current_hash);
	struct stat st;
	b->have_site = stat(b->out, &st) == 0 && S_ISDIR(st.st_mode);
	if (b->have_site)
		state_load(b->opt->state, &b->old);
	hash_old = &b->old;
	hash_next = &b->next;
	if (list_outputs(&b->s, &b->o, date, commit) != 0)
		return -1;
	if (b->have_site && fs_list_files_diag(b->out, &b->existing) != 0)
		return -1;
	plan_outputs(b);
	if (b->ndirty == 0 && b->nstale == 0)
		return save_hashes_only(b);
	if (prepare_tmp(b) != 0 || render_dirty(b) != 0)
		return -1;
	return swap_in_and_save(b);
}

int build_site(const struct options *opt, const char *date, const char *commit)
{
	struct build *b = xcalloc(1, sizeof *b);
	b->opt = opt;
	b->out = fs_strip_slashes(opt->out);
	b->lock_fd = -1;
	int rc = build_run(b, date, commit);
	build_free(b);
	free(b);
	if (stop_signal)
		raise(stop_signal);
	return rc;
}
