/*
 * dis.c - parser of an object's listing: `readelf -SsW` then `objdump -d -r -l --no-show-raw-insn`
 * (see dis.h).
 */
#include "dis.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const arch_names[] = { "x86_64", "i386", "aarch64", "riscv64" };

enum arch arch_from_name(const char *name)
{
	for (int i = 0; i < ARCH_UNKNOWN; i++)
		if (strcmp(name, arch_names[i]) == 0)
			return (enum arch)i;
	return ARCH_UNKNOWN;
}

const char *arch_name(enum arch a)
{
	return a < ARCH_UNKNOWN ? arch_names[a] : "unknown";
}

static void copy(char *dst, size_t n, const char *src, size_t len)
{
	if (len >= n)
		len = n - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

static int is_hex(const char *s, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* readelf -S: "  [ 7] course_shared     PROGBITS ..." -> section names by index */
static int parse_section(char names[][64], int max, const char *line)
{
	const char *b = strchr(line, '[');
	if (!b)
		return 0;
	char *end;
	long idx = strtol(b + 1, &end, 10);
	if (end == b + 1 || *end != ']' || idx < 0 || idx >= max)
		return 0;
	const char *n = end + 1;
	while (*n == ' ')
		n++;
	size_t l = strcspn(n, " ");
	copy(names[idx], 64, n, l);
	return 1;
}

/* readelf -s: "    36: 0000000000000000     0 NOTYPE  LOCAL  DEFAULT    7 .LANCHOR0" */
static int parse_readelf_symbol(struct dis *d, char secnames[][64], int max, const char *line)
{
	char value[40], type[16], bind[16], vis[16], ndx[16], name[128] = "";
	unsigned long size;
	int num;
	int n = sscanf(line, " %d: %39s %lu %15s %15s %15s %15s %127s", &num, value, &size, type,
		       bind, vis, ndx, name);
	if (n < 7)
		return 0;
	char *end;
	long idx = strtol(ndx, &end, 10);
	if (*end || idx <= 0 || idx >= max)
		return 1; /* UND, ABS, COM: not ours */
	struct symbol s = { 0 };
	s.value = strtoul(value, NULL, 16);
	s.size = size;
	copy(s.section, sizeof s.section, secnames[idx], strlen(secnames[idx]));
	copy(s.name, sizeof s.name, name[0] ? name : secnames[idx],
	     strlen(name[0] ? name : secnames[idx]));
	s.type = !strcmp(type, "OBJECT")  ? 'O' :
		 !strcmp(type, "FUNC")	  ? 'F' :
		 !strcmp(type, "SECTION") ? 'd' :
					    ' ';
	s.global = strcmp(bind, "LOCAL") != 0;
	struct symbol *ns = realloc(d->syms, sizeof *ns * (size_t)(d->nsyms + 1));
	if (!ns)
		return -1;
	d->syms = ns;
	d->syms[d->nsyms++] = s;
	return 1;
}

static struct func *add_func(struct dis *d, const char *name, size_t len)
{
	struct func *n = realloc(d->funcs, sizeof *n * (size_t)(d->nfuncs + 1));
	if (!n)
		return NULL;
	d->funcs = n;
	struct func *f = &d->funcs[d->nfuncs++];
	memset(f, 0, sizeof *f);
	copy(f->name, sizeof f->name, name, len);
	return f;
}

static struct insn *add_insn(struct func *f)
{
	if (f->n == f->cap) {
		int cap = f->cap ? f->cap * 2 : 16;
		struct insn *n = realloc(f->insns, sizeof *n * (size_t)cap);
		if (!n)
			return NULL;
		f->insns = n;
		f->cap = cap;
	}
	struct insn *i = &f->insns[f->n++];
	memset(i, 0, sizeof *i);
	return i;
}

/* Is this symbol a label inside a function rather than a function of its own? */
static int is_local_label(const char *name, size_t len)
{
	return (len >= 2 && name[0] == '.' && name[1] == 'L') || (len >= 1 && name[0] == '$');
}

/* Strip objdump's trailing comment ("# 17 <t1+0x7>", "// #1") and trailing blanks. */
static void clean_text(char *t, enum arch arch)
{
	char *c = NULL;
	if (arch == ARCH_AARCH64)
		c = strstr(t, "\t//");
	else
		c = strstr(t, " #");
	if (!c && arch == ARCH_RISCV64)
		c = strstr(t, " #");
	if (c)
		*c = '\0';
	size_t n = strlen(t);
	while (n > 0 && isspace((unsigned char)t[n - 1]))
		t[--n] = '\0';
	for (char *p = t; *p; p++)
		if (*p == '\t')
			*p = ' ';
	/* collapse runs of spaces after the mnemonic */
	char *w = t;
	for (char *p = t; *p; p++)
		if (!(*p == ' ' && w > t && w[-1] == ' '))
			*w++ = *p;
	*w = '\0';
}

/* "/path/to/file.c:31" or "file.c:31 (discriminator 2)": line number or 0. */
static int parse_line_marker(const char *line, const char *main_file, int *out)
{
	const char *disc = strstr(line, " (discriminator");
	size_t len = disc ? (size_t)(disc - line) : strlen(line);
	size_t i = len;
	while (i > 0 && isdigit((unsigned char)line[i - 1]))
		i--;
	if (i == len || i == 0 || line[i - 1] != ':')
		return 0;
	char file[512];
	copy(file, sizeof file, line, i - 1);
	const char *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	*out = (!main_file[0] || strcmp(base, main_file) == 0) ? atoi(line + i) : 0;
	return 1;
}

static int err_at(char *err, size_t errlen, const char *what, int lineno, const char *msg,
		  const char *text)
{
	snprintf(err, errlen, "%s:%d: %s: %.80s", what, lineno, msg, text);
	return -1;
}

int dis_parse(struct dis *d, enum arch arch, const char *text, const char *what,
	      const char *main_file, char *err, size_t errlen)
{
	memset(d, 0, sizeof *d);
	d->arch = arch;
	copy(d->main_file, sizeof d->main_file, main_file, strlen(main_file));
	struct func *cur = NULL;
	int cur_line = 0, lineno = 0, in_disasm = 0;
	enum { RE_NONE, RE_SECTIONS, RE_SYMBOLS } re = RE_NONE;
	static char secnames[256][64];
	memset(secnames, 0, sizeof secnames);
	const char *p = text;
	char line[1024];

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		copy(line, sizeof line, p, len);
		p = nl ? nl + 1 : p + len;
		lineno++;
		if (line[0] == '\0')
			continue;
		if (!in_disasm) {
			/* readelf -S -s output before the objdump listing */
			if (strncmp(line, "Section Headers:", 16) == 0) {
				re = RE_SECTIONS;
				continue;
			}
			if (strncmp(line, "Symbol table '", 14) == 0) {
				re = RE_SYMBOLS;
				continue;
			}
			if (re == RE_SECTIONS && parse_section(secnames, 256, line))
				continue;
			if (re == RE_SYMBOLS) {
				int r = parse_readelf_symbol(d, secnames, 256, line);
				if (r < 0)
					return err_at(err, errlen, what, lineno, "out of memory",
						      "");
				if (r > 0)
					continue;
			}
			if (!strstr(line, "file format") &&
			    strncmp(line, "Disassembly of section ", 23) != 0)
				continue;
		}
		if (strncmp(line, "Disassembly of section ", 23) == 0) {
			in_disasm = 1;
			cur = NULL;
			continue;
		}
		if (strstr(line, "file format ")) {
			continue;
		}
		/* function header: "0000000000000010 <t1>:" */
		char *lt = strstr(line, " <");
		if (lt && is_hex(line, (size_t)(lt - line)) && line[strlen(line) - 1] == ':' &&
		    line[strlen(line) - 2] == '>') {
			const char *name = lt + 2;
			size_t nlen = strlen(name) - 2;
			if (is_local_label(name, nlen) && cur)
				continue;
			cur = add_func(d, name, nlen);
			if (!cur)
				return err_at(err, errlen, what, lineno, "out of memory", "");
			cur_line = 0;
			continue;
		}
		/* relocation: "\t\t\t13: R_X86_64_PC32\tgp-0x4" */
		if (line[0] == '\t' || line[0] == ' ') {
			const char *s = line;
			while (*s == ' ' || *s == '\t')
				s++;
			if (strcmp(s, "...") == 0 || *s == '\0')
				continue;
			const char *colon = strchr(s, ':');
			if (!colon || !is_hex(s, (size_t)(colon - s)))
				return err_at(err, errlen, what, lineno, "unrecognised line", line);
			const char *rest = colon + 1;
			while (*rest == ' ' || *rest == '\t')
				rest++;
			if (!cur)
				return err_at(err, errlen, what, lineno,
					      "instruction outside a function", line);
			if (strncmp(rest, "R_", 2) == 0) {
				if (cur->n == 0)
					return err_at(err, errlen, what, lineno,
						      "relocation before any instruction", line);
				struct insn *in = &cur->insns[cur->n - 1];
				if (in->nrel == DIS_MAX_REL)
					continue;
				struct reloc *r = &in->rel[in->nrel++];
				r->offset = strtoul(s, NULL, 16);
				const char *ts = rest;
				while (*rest && *rest != '\t' && *rest != ' ')
					rest++;
				copy(r->type, sizeof r->type, ts, (size_t)(rest - ts));
				while (*rest == '\t' || *rest == ' ')
					rest++;
				/* "gp-0x4", ".data+0x10", "course_shared", "*ABS*+0x8" */
				const char *sign = NULL;
				for (const char *q = rest + 1; *q; q++)
					if ((*q == '+' || *q == '-') && q[1] == '0' && q[2] == 'x')
						sign = q;
				if (sign) {
					copy(r->sym, sizeof r->sym, rest, (size_t)(sign - rest));
					r->addend = strtol(sign + 1, NULL, 16);
					if (*sign == '-')
						r->addend = -r->addend;
				} else {
					copy(r->sym, sizeof r->sym, rest, strlen(rest));
				}
				continue;
			}
			struct insn *in = add_insn(cur);
			if (!in)
				return err_at(err, errlen, what, lineno, "out of memory", "");
			in->addr = strtoul(s, NULL, 16);
			in->line = cur_line;
			copy(in->text, sizeof in->text, rest, strlen(rest));
			clean_text(in->text, arch);
			if (in->text[0] == '\0' || strcmp(in->text, "...") == 0)
				cur->n--;
			continue;
		}
		/* "t1():" (function or inlined function name from -l) */
		size_t l = strlen(line);
		if (l > 3 && strcmp(line + l - 3, "():") == 0)
			continue;
		int ln;
		if (parse_line_marker(line, d->main_file, &ln)) {
			cur_line = ln;
			continue;
		}
		if (strcmp(line, "...") == 0)
			continue;
		return err_at(err, errlen, what, lineno, "unrecognised line", line);
	}
	/* A function symbol of size 0 (clang emits one for a body it proved empty or unreachable)
	 * has no header in objdump's listing: it is a function with no instructions. */
	for (int s = 0; s < d->nsyms; s++) {
		const struct symbol *sy = &d->syms[s];
		if (sy->type == 'F' && sy->size == 0 && !dis_func(d, sy->name) &&
		    !add_func(d, sy->name, strlen(sy->name)))
			return err_at(err, errlen, what, lineno, "out of memory", "");
	}
	for (int f = 0; f < d->nfuncs; f++) {
		struct func *fn = &d->funcs[f];
		for (int i = 0; i < fn->n; i++) {
			unsigned long next = i + 1 < fn->n ? fn->insns[i + 1].addr : 0;
			if (!next) {
				int s = dis_sym(d, fn->name);
				next = s >= 0 && d->syms[s].size ?
					       d->syms[s].value + d->syms[s].size :
					       fn->insns[i].addr + 4;
			}
			fn->insns[i].next = next;
		}
	}
	return 0;
}

int dis_add_alt(struct dis *d, const char *text, const char *what, char *err, size_t errlen)
{
	struct dis alt;
	if (dis_parse(&alt, d->arch, text, what, d->main_file, err, errlen) != 0)
		return -1;
	for (int f = 0; f < alt.nfuncs; f++) {
		struct func *mine = (struct func *)dis_func(d, alt.funcs[f].name);
		if (!mine)
			continue;
		int j = 0;
		for (int i = 0; i < alt.funcs[f].n; i++) {
			while (j < mine->n && mine->insns[j].addr < alt.funcs[f].insns[i].addr)
				j++;
			if (j < mine->n && mine->insns[j].addr == alt.funcs[f].insns[i].addr)
				strcpy(mine->insns[j].alt, alt.funcs[f].insns[i].text);
		}
	}
	dis_free(&alt);
	return 0;
}

void dis_free(struct dis *d)
{
	for (int f = 0; f < d->nfuncs; f++)
		free(d->funcs[f].insns);
	free(d->funcs);
	free(d->syms);
	memset(d, 0, sizeof *d);
}

const struct func *dis_func(const struct dis *d, const char *name)
{
	for (int f = 0; f < d->nfuncs; f++)
		if (strcmp(d->funcs[f].name, name) == 0)
			return &d->funcs[f];
	return NULL;
}

int dis_sym(const struct dis *d, const char *name)
{
	for (int s = 0; s < d->nsyms; s++)
		if (strcmp(d->syms[s].name, name) == 0)
			return s;
	return -1;
}

int dis_resolve(const struct dis *d, const char *sym, long addend, long *off)
{
	int s = dis_sym(d, sym);
	if (s < 0)
		return -1;
	const struct symbol *base = &d->syms[s];
	long addr = (long)base->value + addend;
	if (base->type == 'O' && addr >= (long)base->value &&
	    addr < (long)(base->value + (base->size ? base->size : 1))) {
		*off = addr - (long)base->value;
		return s;
	}
	for (int i = 0; i < d->nsyms; i++) {
		const struct symbol *o = &d->syms[i];
		if (o->type != 'O' || strcmp(o->section, base->section) != 0)
			continue;
		unsigned long size = o->size ? o->size : 1;
		if (addr >= (long)o->value && addr < (long)(o->value + size)) {
			*off = addr - (long)o->value;
			return i;
		}
	}
	return -1;
}
