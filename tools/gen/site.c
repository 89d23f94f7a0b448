/* site: loads the configuration and the pages, orders them and runs the site-wide checks. */
#include "site.h"
#include "buf.h"

#include <errno.h>
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "fsutil.h"
#include "links.h"
#include "utf8.h"

/* Reads config.directives into s->directives. The config table is on top of the stack. */
static int load_directives(struct site *s, lua_State *L)
{
	const char *cfg = s->opt->config;
	if (lua_getfield(L, -1, "directives") == LUA_TNIL) {
		lua_pop(L, 1);
		return 0;
	}
	if (!lua_istable(L, -1))
		return diag_at(cfg, 0, "'directives' must be a table");
	lua_pushnil(L);
	while (lua_next(L, -2)) {
		if (lua_type(L, -2) != LUA_TSTRING || !lua_istable(L, -1))
			return diag_at(
				cfg, 0,
				"each entry of 'directives' must be name = { template = ..., data = {...} }");
		const char *name = lua_tostring(L, -2);
		if (!strcmp(name, "quiz") || !strcmp(name, "c"))
			return diag_at(cfg, 0, "directive name '%s' is reserved", name);
		s->directives =
			xrealloc(s->directives, (s->ndirectives + 1) * sizeof *s->directives);
		struct directive_conf *d = &s->directives[s->ndirectives++];
		memset(d, 0, sizeof *d);
		d->name = xstrdup(name);
		if (lua_getfield(L, -1, "template") != LUA_TSTRING)
			return diag_at(cfg, 0, "directive '%s' needs template = \"<file>.html\"",
				       name);
		d->template_name = xstrdup(lua_tostring(L, -1));
		lua_pop(L, 1);
		lua_getfield(L, -1, "inline");
		d->is_inline = lua_toboolean(L, -1);
		lua_pop(L, 1);
		int t = lua_getfield(L, -1, "data");
		if (t == LUA_TTABLE) {
			lua_pushnil(L);
			while (lua_next(L, -2)) {
				if (lua_type(L, -2) != LUA_TSTRING ||
				    lua_type(L, -1) != LUA_TSTRING)
					return diag_at(
						cfg, 0,
						"directive '%s': data entries are global = \"path pattern\"",
						name);
				d->data = xrealloc(d->data, (d->ndata + 1) * sizeof *d->data);
				struct directive_data *dd = &d->data[d->ndata++];
				dd->global = xstrdup(lua_tostring(L, -2));
				const char *pat = lua_tostring(L, -1);
				size_t n = strlen(pat);
				dd->optional = n && pat[n - 1] == '?';
				dd->pattern = xstrndup(pat, dd->optional ? n - 1 : n);
				lua_pop(L, 1);
			}
		} else if (t != LUA_TNIL) {
			return diag_at(cfg, 0, "directive '%s': data must be a table", name);
		}
		lua_pop(L, 2);
	}
	lua_pop(L, 1);
	return 0;
}

static int load_config(struct site *s)
{
	lua_State *L = engine_lua(s->engine);
	if (engine_load_config(s->engine, s->opt->config) != 0)
		return -1;
	s->config_hash = hash_file(s->opt->config);
	if (lua_getfield(L, -1, "site_url") == LUA_TSTRING) {
		const char *u = lua_tostring(L, -1);
		size_t n = strlen(u);
		s->site_url = n && u[n - 1] == '/' ? xstrdup(u) : xasprintf("%s/", u);
	}
	lua_pop(L, 1);
	if (load_directives(s, L) != 0)
		return -1;
	lua_pushvalue(L, -1);
	s->config_ref = luaL_ref(L, LUA_REGISTRYINDEX);
	lua_pop(L, 1);
	return 0;
}

static int is_directive_cb(void *ctx, const char *name)
{
	const struct directive_conf *d = site_directive(ctx, name);
	return !d ? 0 : d->is_inline ? MD_DIRECTIVE_INLINE : MD_DIRECTIVE_BLOCK;
}

static int cmp_pages(const void *a, const void *b)
{
	const struct page *p = *(struct page *const *)a, *q = *(struct page *const *)b;
	if (p->fm.order != q->fm.order)
		return p->fm.order < q->fm.order ? -1 : 1;
	return strcmp(p->source, q->source);
}

static void page_free(struct page *p);

static int line_at(const char *text, size_t offset)
{
	int line = 1;
	for (size_t i = 0; i < offset; i++)
		line += text[i] == '\n';
	return line;
}

/* A page is UTF-8 text without NUL bytes. CRLF and lone CR line endings become LF here, so everything
 * after (front matter, cmark, quizzes, lints, hashes) sees exactly what an LF file gives. */
static int check_text(const char *path, char *text, size_t *len)
{
	size_t n = *len, k = 0;
	for (size_t i = 0; i < n; i++) {
		if (text[i] == '\r') {
			text[k++] = '\n';
			i += i + 1 < n && text[i + 1] == '\n';
		} else {
			text[k++] = text[i];
		}
	}
	text[k] = '\0';
	*len = k;
	const char *nul = memchr(text, '\0', k);
	if (nul)
		return diag_at(path, line_at(text, (size_t)(nul - text)),
			       "the file contains a NUL byte");
	size_t bad = utf8_invalid_at(text, k), col = bad;
	while (col > 0 && text[col - 1] != '\n')
		col--;
	if (bad < k)
		return diag_at(path, line_at(text, bad),
			       "not valid UTF-8 (byte 0x%02X in column %zu)",
			       (unsigned char)text[bad], bad - col + 1);
	return 0;
}

static int load_page(struct site *s, const char *content, const char *rel)
{
	struct page *p = xcalloc(1, sizeof *p);
	char *src = xasprintf("%s/%s", content, rel);
	p->source = link_normalize(src);
	if (!p->source)
		p->source = xstrdup(src);
	free(src);
	size_t len;
	p->text = read_file(p->source, &len);
	int rc = -1;
	if (!p->text) {
		diag_at(p->source, 0, "cannot read the page: %s", strerror(errno));
		goto out;
	}
	if (check_text(p->source, p->text, &len) != 0)
		goto out;
	p->source_hash = hash_bytes(p->text, len);
	if (front_matter_parse(p->source, p->text, &p->fm) != 0)
		goto out;
	const char *base = strrchr(rel, '/');
	base = base ? base + 1 : rel;
	size_t dirlen = (size_t)(base - rel);
	p->slug = p->fm.slug ? xstrdup(p->fm.slug) : xstrndup(base, strlen(base) - 3);
	p->is_home = !strcmp(rel, "index.md");
	p->path = xasprintf("%.*s%s.html", (int)dirlen, rel, p->slug);
	p->root = link_root_prefix(p->path);
	p->print_id = xstrndup(p->path, strlen(p->path) - 5);
	for (char *c = p->print_id; *c; c++)
		if (*c == '/')
			*c = '-';
	if (md_parse(&p->doc, p->source, p->fm.body, p->fm.body_line, p->slug, is_directive_cb,
		     s) != 0)
		goto out;
	rc = 0;
out:
	if (rc == 0 && p->is_home) {
		s->home = p;
	} else if (rc == 0) {
		s->pages = xrealloc(s->pages, (s->npages + 1) * sizeof *s->pages);
		s->pages[s->npages++] = p;
	} else {
		page_free(p);
	}
	return rc;
}

struct page *site_page_by_source(const struct site *s, const char *source)
{
	if (s->home && !strcmp(s->home->source, source))
		return s->home;
	for (size_t i = 0; i < s->npages; i++)
		if (!strcmp(s->pages[i]->source, source))
			return s->pages[i];
	return NULL;
}

const struct directive_conf *site_directive(const struct site *s, const char *name)
{
	for (size_t i = 0; i < s->ndirectives; i++)
		if (!strcmp(s->directives[i].name, name))
			return &s->directives[i];
	return NULL;
}

static int has_anchor(const struct page *p, const char *anchor)
{
	if (idset_contains(&p->doc.ids, anchor))
		return 1;
	for (size_t i = 0; i < p->doc.nquizzes; i++)
		if (!strncmp(anchor, "quiz-", 5) && !strcmp(anchor + 5, p->doc.quizzes[i].quiz.id))
			return 1;
	return 0;
}

static int check_page(const struct site *s, const struct page *p)
{
	for (size_t i = 0; i < p->doc.nlinks; i++) {
		const struct md_link *l = &p->doc.links[i];
		const struct page *t = p;
		if (l->target) {
			t = site_page_by_source(s, l->target);
			if (!t && s->opt->link_base)
				continue; /* a page of the site at link_base */
			if (!t)
				return diag_at(p->source, l->line,
					       "link to a missing page '%s' (no file %s)", l->url,
					       l->target);
		} else if (!l->anchor) {
			continue;
		}
		if (l->anchor && !has_anchor(t, l->anchor))
			return diag_at(p->source, l->line,
				       "link '%s': %s has no heading or quiz with id '%s'", l->url,
				       t->source, l->anchor);
	}
	return 0;
}

static int check_site(struct site *s)
{
	size_t n = s->npages + (s->home ? 1 : 0);
	struct page **all = xmalloc(n * sizeof *all);
	for (size_t i = 0; i < s->npages; i++)
		all[i] = s->pages[i];
	if (s->home)
		all[n - 1] = s->home;
	int rc = 0;
	for (size_t i = 0; i < n && rc == 0; i++) {
		for (size_t j = 0; j < i && rc == 0; j++)
			if (!strcmp(all[i]->path, all[j]->path))
				rc = diag_at(all[i]->source, 1,
					     "output %s is also written by %s (change the slug)",
					     all[i]->path, all[j]->source);
		for (size_t q = 0; q < all[i]->doc.nquizzes && rc == 0; q++) {
			const struct quiz *a = &all[i]->doc.quizzes[q].quiz;
			for (size_t j = 0; j <= i && rc == 0; j++)
				for (size_t r = 0;
				     r < (j == i ? q : all[j]->doc.nquizzes) && rc == 0; r++)
					if (!strcmp(a->id, all[j]->doc.quizzes[r].quiz.id))
						rc = diag_at(
							all[i]->source, a->id_line,
							"duplicate quiz id '%s' (also at %s:%d)",
							a->id, all[j]->source,
							all[j]->doc.quizzes[r].quiz.id_line);
		}
		if (rc == 0)
			rc = check_page(s, all[i]);
	}
	free(all);
	return rc;
}

static void compute_nav_hash(struct site *s)
{
	uint64_t h = 0x5eed;
	for (size_t i = 0; i <= s->npages; i++) {
		const struct page *p = i < s->npages ? s->pages[i] : s->home;
		if (!p)
			continue;
		char num[32];
		xsnprintf(num, sizeof num, "%ld/%d", p->fm.order, p->fm.nav);
		h = hash_mix_str(h, p->source);
		h = hash_mix_str(h, p->path);
		h = hash_mix_str(h, p->fm.title);
		h = hash_mix_str(h, p->fm.summary);
		h = hash_mix_str(h, p->fm.section);
		h = hash_mix_str(h, num);
		for (size_t q = 0; q < p->doc.nquizzes; q++)
			h = hash_mix_str(h, p->doc.quizzes[q].quiz.id);
	}
	s->nav_hash = h;
}

int site_load(struct site *s, const struct options *opt)
{
	memset(s, 0, sizeof *s);
	s->opt = opt;
	s->config_ref = LUA_NOREF;
	s->engine = engine_new(opt->templates);
	if (!s->engine)
		return diag_at("sitegen", 0, "cannot create the Lua state");
	engine_set_static_dir(s->engine, opt->static_dir);
	if (load_config(s) != 0)
		return -1;
	char *content = fs_strip_slashes(opt->content);
	struct stat st;
	if (stat(content, &st) != 0 || !S_ISDIR(st.st_mode)) {
		free(content);
		return diag_at(opt->content, 0, "the content directory does not exist");
	}
	struct file_list files;
	if (fs_list_files_diag(content, &files) != 0) {
		free(content);
		return -1;
	}
	int rc = 0;
	for (size_t i = 0; i < files.n && rc == 0; i++) {
		size_t n = strlen(files.paths[i]);
		if (n > 3 && !strcmp(files.paths[i] + n - 3, ".md"))
			rc = load_page(s, content, files.paths[i]);
	}
	fs_file_list_free(&files);
	free(content);
	if (rc)
		return -1;
	if (s->npages)
		qsort(s->pages, s->npages, sizeof *s->pages, cmp_pages);
	if (check_site(s) != 0)
		return -1;
	compute_nav_hash(s);
	return 0;
}

static void page_free(struct page *p)
{
	md_free(&p->doc);
	front_matter_free(&p->fm);
	free(p->source);
	free(p->text);
	free(p->slug);
	free(p->path);
	free(p->root);
	free(p->print_id);
	free(p);
}

void site_free(struct site *s)
{
	for (size_t i = 0; i < s->npages; i++)
		page_free(s->pages[i]);
	free(s->pages);
	if (s->home)
		page_free(s->home);
	for (size_t i = 0; i < s->ndirectives; i++) {
		for (size_t j = 0; j < s->directives[i].ndata; j++) {
			free(s->directives[i].data[j].global);
			free(s->directives[i].data[j].pattern);
		}
		free(s->directives[i].data);
		free(s->directives[i].name);
		free(s->directives[i].template_name);
	}
	free(s->directives);
	free(s->site_url);
	engine_free(s->engine);
	memset(s, 0, sizeof *s);
}
