/* build: outputs, up-to-date checks, rendering into a temporary tree and the swap. */
#define _GNU_SOURCE
#include "build.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "fsutil.h"
#include "indexes.h"
#include "printcache.h"
#include "render.h"
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
	snprintf(num, sizeof num, "%016llx", (unsigned long long)v);
	return hash_mix_str(h, num);
}

/* State files whose F records give content hashes without reading unchanged files. */
static const struct state *hash_old;
static struct state *hash_next;

static int add_copies(struct outputs *o, const char *from_dir, const char *to_prefix)
{
	struct file_list l;
	if (list_files_diag(from_dir, &l) != 0)
		return -1;
	for (size_t i = 0; i < l.n; i++) {
		char *src = xasprintf("%s/%s", from_dir, l.paths[i]);
		char *dst = xasprintf("%s/%s", to_prefix, l.paths[i]);
		add(o, OUT_COPY, dst, src, NULL, src,
		    hash_mix_str(state_hash_file(hash_old, hash_next, src), dst));
		free(src);
		free(dst);
	}
	file_list_free(&l);
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

static char *strip(const char *p)
{
	char *s = xstrdup(p);
	size_t n = strlen(s);
	while (n > 1 && s[n - 1] == '/')
		s[--n] = '\0';
	return s;
}

int build_site(const struct options *opt, const char *date, const char *commit)
{
	struct site s;
	struct outputs o = { 0 };
	struct state old = { 0 }, next = { 0 };
	struct hash_memo memo = { 0 };
	struct file_list existing = { 0 };
	char **sorted_paths = NULL;
	char *out = strip(opt->out);
	char *tmp = NULL;
	int rc = -1;
	/* One build at a time per state file: two concurrent runs would swap trees under each other. */
	char *lock_path = xasprintf("%s.lock", opt->state);
	int lock_fd = mkdir_p(lock_path, 1) == 0 ?
			      open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644) :
			      -1;
	free(lock_path);
	if (lock_fd < 0 || flock(lock_fd, LOCK_EX) != 0) {
		memset(&s, 0, sizeof s);
		diag_at(opt->state, 0, "cannot lock the build state: %s", strerror(errno));
		goto done;
	}
	if (site_load(&s, opt) != 0)
		goto done;
	render_init(&s, date, commit);
	current_memo = &memo;
	printcache_init(opt->state, current_hash);
	struct stat st;
	int have_site = stat(out, &st) == 0 && S_ISDIR(st.st_mode);
	if (have_site)
		state_load(opt->state, &old);
	hash_old = &old;
	hash_next = &next;
	if (list_outputs(&s, &o, date, commit) != 0)
		goto done;
	if (have_site) {
		if (list_files_diag(out, &existing) != 0)
			goto done;
	}
	size_t ndirty = 0, nstale = 0;
	for (size_t i = 0; i < o.n; i++) {
		o.v[i].dirty = !have_site || !up_to_date(&o.v[i], &old, &existing, &memo);
		ndirty += o.v[i].dirty;
		if (o.v[i].kind == OUT_PAGE) {
			o.v[i].page->key = o.v[i].key;
			o.v[i].page->up_to_date = !o.v[i].dirty;
		}
	}
	sorted_paths = xmalloc((o.n ? o.n : 1) * sizeof *sorted_paths);
	for (size_t i = 0; i < o.n; i++)
		sorted_paths[i] = o.v[i].path;
	qsort(sorted_paths, o.n, sizeof *sorted_paths, cmp_path);
	for (size_t i = 0; i < existing.n; i++)
		nstale += !is_output(sorted_paths, o.n, existing.paths[i]);
	if (ndirty == 0 && nstale == 0) {
		/* Nothing to render. Keep the file-hash cache current so touched-but-unchanged files are not
         * read again next time; the outputs' records stay as they were. */
		rc = 0;
		if (have_site && next.rehashed) {
			struct state_filehash *f = old.files;
			size_t nf = old.nfiles;
			old.files = next.files;
			old.nfiles = next.nfiles;
			next.files = f;
			next.nfiles = nf;
			if (state_save(opt->state, &old) != 0)
				rc = diag_at(opt->state, 0, "cannot save the build state: %s",
					     strerror(errno));
		}
		goto done;
	}
	if (mkdir_p(out, 1) != 0) {
		diag_at(out, 0, "cannot create the parent directory: %s", strerror(errno));
		goto done;
	}
	/* From here on Ctrl-C stops the build cleanly: the temporary tree is removed, then the signal acts. */
	catch_signals(1);
	tmp = xasprintf("%s.tmp-XXXXXX", out);
	if (!mkdtemp(tmp)) {
		diag_at(tmp, 0, "cannot create the temporary site: %s", strerror(errno));
		free(tmp);
		tmp = NULL;
		goto done;
	}
	if (have_site && hardlink_tree(out, tmp) != 0) {
		diag_at(tmp, 0, "cannot hard-link the current site: %s", strerror(errno));
		goto done;
	}
	for (size_t i = 0; i < existing.n; i++) {
		if (is_output(sorted_paths, o.n, existing.paths[i]))
			continue;
		char *f = xasprintf("%s/%s", tmp, existing.paths[i]);
		unlink(f);
		free(f);
	}
	size_t k = 0;
	for (size_t i = 0; i < o.n; i++) {
		struct output *x = &o.v[i];
		const struct state_output *so = state_find(&old, x->path);
		struct state_output *no = state_add(&next, x->path, x->key);
		if (!x->dirty) {
			for (size_t d = 0; d < so->ndeps; d++)
				state_add_dep(no, so->deps[d].path, so->deps[d].hash);
			continue;
		}
		if (stop_signal) {
			diag_at("sitegen", 0, "interrupted");
			goto done;
		}
		printf("[%zu/%zu] %s\n", ++k, ndirty, x->label);
		fflush(stdout);
		render_record_deps(&s, no);
		engine_set_stop_flag(s.engine, &stop_signal);
		struct buf html = { 0 };
		int r = render_output(&s, x, &html);
		render_record_deps(&s, NULL);
		if (r == 0) {
			char *f = xasprintf("%s/%s", tmp, x->path);
			if (write_new_inode(f, html.data ? html.data : "", html.len) != 0)
				r = diag_at(f, 0, "cannot write: %s", strerror(errno));
			free(f);
		}
		buf_free(&html);
		if (r != 0)
			goto done;
	}
	if (have_site) {
		if (exchange_dirs(tmp, out) != 0) {
			diag_at(out, 0, "cannot swap in the new site: %s", strerror(errno));
			goto done;
		}
	} else if (rename(tmp, out) != 0) {
		diag_at(out, 0, "cannot move the new site into place: %s", strerror(errno));
		goto done;
	}
	/* tmp now holds the previous site (or nothing) */
	remove_tree(tmp);
	free(tmp);
	tmp = NULL;
	printcache_commit();
	/* stat data for every recorded dependency, so the next run can check them without reading them */
	for (size_t i = 0; i < next.n; i++)
		for (size_t d = 0; d < next.outputs[i].ndeps; d++)
			memo_hash(&memo, next.outputs[i].deps[d].path);
	if (mkdir_p(opt->state, 1) != 0 || state_save(opt->state, &next) != 0) {
		diag_at(opt->state, 0, "cannot save the build state: %s", strerror(errno));
		goto done;
	}
	rc = 0;
done:
	if (tmp) {
		remove_tree(tmp);
		free(tmp);
	}
	render_finish();
	printcache_free();
	free(sorted_paths);
	file_list_free(&existing);
	memo_free(&memo);
	current_memo = NULL;
	state_free(&old);
	state_free(&next);
	free_outputs(&o);
	site_free(&s);
	free(out);
	if (lock_fd >= 0)
		close(lock_fd);
	catch_signals(0);
	if (stop_signal)
		raise(stop_signal);
	return rc;
}
