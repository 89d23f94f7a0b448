/*
 * outcome.c - outcome values, crash messages and keys (see outcome.h).
 */
#include "outcome.h"
#include "buf.h"

#include <inttypes.h>
#include <string.h>

#include "link.h"
#include "outkey.h"
#include "util.h"

/* The WebAssembly explorer reads these types as unsigned (runtime.js readVar). */
static int unsigned_type(const char *t)
{
	return strstr(t, "unsigned") || strchr(t, '*') || strstr(t, "size_t") ||
	       strstr(t, "uint") || strstr(t, "bool");
}

static void load_lines(struct oview *ov, const char *path)
{
	char *text = path ? read_file(path, NULL) : NULL;
	for (char *p = text; p && *p;) {
		char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *line = memcpy(xmalloc(n + 1), p, n);
		line[n] = '\0';
		ov->lines = xrealloc(ov->lines, (size_t)(ov->nlines + 1) * sizeof *ov->lines);
		ov->lines[ov->nlines++] = line;
		p = nl ? nl + 1 : NULL;
	}
	free(text);
}

/* Fills o for variable v from the image; -1 with a message if it cannot be read. */
static int resolve(struct ovar *o, const struct nvar *v, const struct image *im, char *err,
		   size_t errlen)
{
	const struct image_sym *s = image_find(im, v->name);
	o->name = v->name;
	o->is_float = strstr(v->type, "double") || strstr(v->type, "float");
	o->is_signed = !unsigned_type(v->type);
	if (!s && !v->is_static) {
		fmt_msg(err, errlen, "the object has no variable '%s'", v->name);
		return -1;
	}
	if (s && (s->size == 0 || s->size > 8 || (s->size & (s->size - 1)))) {
		fmt_msg(err, errlen, "variable '%s' has %llu bytes (1, 2, 4 or 8 are read)",
			v->name, (unsigned long long)s->size);
		return -1;
	}
	o->addr = s ? s->addr : 0;
	o->size = s ? (int)s->size : 0;
	return 0;
}

int oview_init(struct oview *ov, const struct nmeta *meta, const struct image *im,
	       const char *source, char *err, size_t errlen)
{
	memset(ov, 0, sizeof *ov);
	ov->meta = meta;
	ov->im = im;
	ov->vars = xcalloc((size_t)meta->noutcome + 1, sizeof *ov->vars);
	ov->all = xcalloc((size_t)meta->nvars + 1, sizeof *ov->all);
	for (int i = 0; i < meta->noutcome; i++)
		if (resolve(&ov->vars[ov->nvars++], nmeta_var(meta, meta->outcome[i]), im, err,
			    errlen) != 0)
			goto fail;
	for (int i = 0; i < meta->nvars; i++)
		if (resolve(&ov->all[ov->nall++], &meta->vars[i], im, err, errlen) != 0)
			goto fail;
	load_lines(ov, source);
	return 0;
fail:
	oview_free(ov);
	return -1;
}

void oview_free(struct oview *ov)
{
	for (int i = 0; i < ov->nlines; i++)
		free(ov->lines[i]);
	free(ov->lines);
	free(ov->vars);
	free(ov->all);
	memset(ov, 0, sizeof *ov);
}

static int read_machine(const void *m, uint64_t addr, void *buf, size_t n)
{
	return machine_read(m, addr, buf, n);
}

static void one_value(const struct ovar *o, mem_reader read, const void *mem, struct buf *sb,
		      json_t *values)
{
	uint8_t b[8] = { 0 };
	if (o->size == 0 || read(mem, o->addr, b, (size_t)o->size) != 0) {
		buf_puts(sb, "(deleted)");
		if (values)
			json_object_set_new(values, o->name, json_null());
		return;
	}
	uint64_t u = 0;
	for (int i = o->size - 1; i >= 0; i--)
		u = u << 8 | b[i];
	if (o->is_float) {
		double d;
		if (o->size == 8)
			memcpy(&d, b, 8);
		else {
			float f;
			memcpy(&f, b, 4);
			d = f;
		}
		buf_printf(sb, "%.17g", d);
		if (values)
			json_object_set_new(values, o->name, json_real(d));
		return;
	}
	int shift = 64 - 8 * o->size;
	int64_t s = o->is_signed ? (int64_t)(u << shift) >> shift : 0;
	char num[32];
	if (o->is_signed)
		xsnprintf(num, sizeof num, "%" PRId64, s);
	else
		xsnprintf(num, sizeof num, "%" PRIu64, u);
	buf_puts(sb, num);
	if (!values)
		return;
	int exact = o->is_signed ? (s >= -(1ll << 53) && s <= (1ll << 53)) : u <= (1ull << 53);
	json_object_set_new(values, o->name,
			    exact ? json_integer(o->is_signed ? s : (json_int_t)u) :
				    json_string(num));
}

char *outcome_values(const struct oview *ov, const struct machine *m, json_t **values)
{
	return outcome_values_from(ov, read_machine, m, values);
}

char *outcome_values_from(const struct oview *ov, mem_reader read, const void *mem, json_t **values)
{
	struct buf sb = { 0 };
	json_t *vals = values ? json_object() : NULL;
	for (int i = 0; i < ov->nvars; i++) {
		struct buf v = { 0 };
		one_value(&ov->vars[i], read, mem, &v, vals);
		outkey_value(&sb, ov->vars[i].name, buf_str(&v));
		buf_free(&v);
	}
	if (values)
		*values = vals;
	return buf_take(&sb);
}

json_t *memory_json(const struct oview *ov, const struct machine *m)
{
	json_t *mem = json_object();
	struct buf scratch = { 0 };
	for (int i = 0; i < ov->nall; i++)
		one_value(&ov->all[i], read_machine, m, &scratch, mem);
	buf_free(&scratch);
	return mem;
}

char *addr_name(const struct image *im, uint64_t addr)
{
	const struct image_sym *s = image_at(im, addr);
	if (!s)
		return xasprintf("0x%" PRIx64, addr);
	if (s->addr == addr)
		return xstrdup(s->name);
	return xasprintf("%s+%" PRIu64, s->name, addr - s->addr);
}

char *crash_message(const struct oview *ov, const struct crash *c)
{
	switch (c->kind) {
	case CRASH_TRAP: {
		int line = image_line(ov->im, c->pc);
		if (line > 0 && line <= ov->nlines && strstr(ov->lines[line - 1], "BUG_ON"))
			return xasprintf("BUG_ON at line %d", line);
		return xstrdup("trap: unreachable");
	}
	case CRASH_NULL:
		return xasprintf("NULL pointer dereference (address %" PRIu64 ")", c->addr);
	case CRASH_STACK: return xstrdup("stack overflow");
	case CRASH_ACCESS: {
		char *at = addr_name(ov->im, c->addr);
		char *s = xasprintf("invalid memory access (address %s)", at);
		free(at);
		return s;
	}
	case CRASH_INSN: {
		char *at = addr_name(ov->im, c->pc);
		char *s = xasprintf("trap: invalid instruction at %s", at);
		free(at);
		return s;
	}
	default: return xasprintf("trap: %s", c->what[0] ? c->what : "emulator error");
	}
}

char *outcome_key(const struct oview *ov, const char *values, unsigned hang,
		  const char *crash_thread, const char *crash_msg)
{
	const char *hung[MACHINE_MAX_THREADS];
	int nhung = 0;
	for (int t = 0; t < ov->meta->nthreads; t++)
		if (hang & (1u << t))
			hung[nhung++] = ov->meta->threads[t];
	return outkey_make(values, hung, nhung, crash_thread, crash_msg);
}
