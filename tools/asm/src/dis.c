/*
 * dis.c - parser of an object's listing: `readelf -SsW` then `objdump -d -r -l --no-show-raw-insn`
 * (see dis.h).
 */
#include "dis.h"

#include "buf.h"
#include "classify.h"

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

/* The first len bytes of src into dst (n bytes): 0, or -1 when they do not fit (dst is then ""):
 * the caller refuses the line. */
static int copy(char *dst, size_t n, const char *src, size_t len)
{
	return fmt_fixed(dst, n, "%.*s", (int)len, src);
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

#define DIS_MAX_SECTIONS 256

/* readelf -S: "  [ 7] course_shared     PROGBITS ..." -> section names by index. Returns 1 for a
 * section line, 0 for another line, -1 with msg for one this parser cannot hold. */
static int parse_section(char names[][64], const char *line, const char **msg)
{
	const char *b = strchr(line, '[');
	if (!b)
		return 0;
	char *end;
	long idx = strtol(b + 1, &end, 10);
	if (end == b + 1 || *end != ']' || idx < 0)
		return 0;
	*msg = "more than 256 sections";
	if (idx >= DIS_MAX_SECTIONS)
		return -1;
	const char *n = end + 1;
	while (*n == ' ')
		n++;
	*msg = "a section name of 64 bytes or more";
	return copy(names[idx], 64, n, strcspn(n, " ")) ? -1 : 1;
}

/* Split line at blanks into at most max fields (pointers into line, which is modified); returns
 * the number of fields, or max + 1 when there are more. */
static int split_fields(char *line, char **f, int max)
{
	int n = 0;
	for (char *p = strtok(line, " \t"); p; p = strtok(NULL, " \t")) {
		if (n == max)
			return max + 1;
		f[n++] = p;
	}
	return n;
}

/* readelf -s: "    36: 0000000000000000     0 NOTYPE  LOCAL  DEFAULT    7 .LANCHOR0". Returns 1 for
 * a symbol line, 0 for another line, -1 with msg for a name this parser cannot hold. */
static int parse_readelf_symbol(struct dis *d, char secnames[][64], char *line, const char **msg)
{
	char *f[8];
	int n = split_fields(line, f, 8);
	size_t l0 = strlen(f[0] ? f[0] : "");
	if (n < 7 || n > 8 || l0 < 2 || f[0][l0 - 1] != ':' || !isdigit((unsigned char)f[0][0]))
		return 0;
	const char *type = f[3], *bind = f[4], *ndx = f[6], *name = n == 8 ? f[7] : "";
	char *end;
	long idx = strtol(ndx, &end, 10);
	if (*end || idx <= 0 || idx >= DIS_MAX_SECTIONS)
		return 1; /* UND, ABS, COM: not ours */
	struct symbol s = { 0 };
	s.value = strtoul(f[1], NULL, 16);
	s.size = strtoul(f[2], NULL, 10);
	const char *shown = name[0] ? name : secnames[idx];
	*msg = "a symbol name of 80 bytes or more";
	if (copy(s.section, sizeof s.section, secnames[idx], strlen(secnames[idx])) ||
	    copy(s.name, sizeof s.name, shown, strlen(shown)))
		return -1;
	s.type = !strcmp(type, "OBJECT")  ? 'O' :
		 !strcmp(type, "FUNC")	  ? 'F' :
		 !strcmp(type, "SECTION") ? 'd' :
					    ' ';
	s.global = strcmp(bind, "LOCAL") != 0;
	d->syms = xrealloc(d->syms, sizeof *d->syms * (size_t)(d->nsyms + 1));
	d->syms[d->nsyms++] = s;
	return 1;
}

/* A new function named name[0, len): NULL when the name does not fit (the line is refused). */
static struct func *add_func(struct dis *d, const char *name, size_t len)
{
	struct func f = { 0 };
	if (copy(f.name, sizeof f.name, name, len))
		return NULL;
	d->funcs = xrealloc(d->funcs, sizeof *d->funcs * (size_t)(d->nfuncs + 1));
	d->funcs[d->nfuncs] = f;
	return &d->funcs[d->nfuncs++];
}

static struct insn *add_insn(struct func *f)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 16;
		f->insns = xrealloc(f->insns, sizeof *f->insns * (size_t)f->cap);
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
	if (arch == ARCH_AARCH64) /* "\t// #1", "  // b.any" (a condition's other names) */
		c = strstr(t, "//");
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

/* "/path/to/file.c:31" or "file.c:31 (discriminator 2)": 1 and the line number in *out (0 when the
 * file is not main_file), or 0 when line is no line marker. */
static int parse_line_marker(const char *line, const char *main_file, int *out)
{
	const char *disc = strstr(line, " (discriminator");
	size_t len = disc ? (size_t)(disc - line) : strlen(line);
	size_t i = len;
	while (i > 0 && isdigit((unsigned char)line[i - 1]))
		i--;
	if (i == len || i == 0 || line[i - 1] != ':')
		return 0;
	size_t b = i - 1; /* the base name: line[b, i - 1) */
	while (b > 0 && line[b - 1] != '/')
		b--;
	size_t blen = i - 1 - b;
	int mine = !main_file[0] ||
		   (strlen(main_file) == blen && !strncmp(line + b, main_file, blen));
	*out = mine ? atoi(line + i) : 0;
	return 1;
}

static int err_at(char *err, size_t errlen, const char *what, int lineno, const char *msg,
		  const char *text)
{
	fmt_msg(err, errlen, "%s:%d: %s: %.80s", what, lineno, msg, text);
	return -1;
}

/* Alignment padding an assembler puts after a function's last instruction: "nop", "nopw ...",
 * "data16 cs nopw ...", "xchg %ax,%ax", i386's "lea 0x0(%esi,%eiz,1),%esi", "int3". */
int dis_is_padding(const char *t)
{
	static const char *const prefixes[] = { "data16 ", "cs ", "ds ", "rex ", "rex.W " };
	for (size_t k = 0; k < sizeof prefixes / sizeof *prefixes; k++)
		if (strncmp(t, prefixes[k], strlen(prefixes[k])) == 0)
			return dis_is_padding(t + strlen(prefixes[k]));
	if (strncmp(t, "nop", 3) == 0 || strncmp(t, "c.nop", 5) == 0 || strcmp(t, "int3") == 0 ||
	    strcmp(t, "xchg %ax,%ax") == 0)
		return 1;
	/* lea 0x0(%esi,%eiz,1),%esi / lea 0x0(%esi),%esi: the register is unchanged */
	const char *dst = strrchr(t, ',');
	if (strncmp(t, "lea ", 4) != 0 || !dst || dst[1] != '%')
		return 0;
	int same = 0;
	const char *const forms[] = { "lea 0x0(%s),%s", "lea 0x0(%s,%%eiz,1),%s",
				      "lea (%s,%%eiz,1),%s" };
	for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
		char *want = xasprintf(forms[k], dst + 1, dst + 1);
		same |= strcmp(t, want) == 0;
		free(want);
	}
	return same;
}

int dis_ends_flow(const char *t)
{
	static const char *const ends[] = { "ret", "retq", "jmp", "b", "br", "j", "jr", "ud2" };
	size_t m = strcspn(t, " ");
	for (size_t k = 0; k < sizeof ends / sizeof *ends; k++)
		if (strlen(ends[k]) == m && strncmp(t, ends[k], m) == 0)
			return 1;
	return 0;
}

/* Drop the padding after a function's last real instruction (its `next` stays the padding's
 * address: the end of the instruction). A function made only of padding keeps it. */
static void drop_padding(struct func *fn)
{
	int n = fn->n;
	while (n > 0 && dis_is_padding(fn->insns[n - 1].text))
		n--;
	if (n > 0)
		fn->n = n;
}

/* The parser's state over one listing: where it is, and what the line at hand belongs to. */
struct parser {
	struct dis *d;
	const char *what;
	int lineno;
	enum { RE_NONE, RE_SECTIONS, RE_SYMBOLS, OBJDUMP } part;
	char secnames[DIS_MAX_SECTIONS][64];
	struct func *cur;
	int cur_line;
	const char *msg; /* why the line at hand is refused */
};

/* readelf's part: section headers, then the symbol table. 1: the line is read; 0: not readelf's;
 * -1: refused (p->msg). */
static int readelf_line(struct parser *p, const char *line)
{
	if (strncmp(line, "Section Headers:", 16) == 0)
		return p->part = RE_SECTIONS, 1;
	if (strncmp(line, "Symbol table '", 14) == 0)
		return p->part = RE_SYMBOLS, 1;
	if (p->part == RE_SECTIONS)
		return parse_section(p->secnames, line, &p->msg);
	if (p->part != RE_SYMBOLS)
		return 0;
	char *copy_of_line = xstrdup(line);
	int r = parse_readelf_symbol(p->d, p->secnames, copy_of_line, &p->msg);
	free(copy_of_line);
	return r;
}

/* function header: "0000000000000010 <t1>:" (a local label inside a function continues it).
 * 1: read; 0: not a header; -1: refused. */
static int header_line(struct parser *p, const char *line)
{
	const char *lt = strstr(line, " <");
	size_t l = strlen(line);
	if (!lt || !is_hex(line, (size_t)(lt - line)) || l < 2 || strcmp(line + l - 2, ">:") != 0)
		return 0;
	const char *name = lt + 2;
	size_t nlen = strlen(name) - 2;
	if (is_local_label(name, nlen) && p->cur)
		return 1;
	p->cur = add_func(p->d, name, nlen);
	p->cur_line = 0;
	p->msg = "a function name of 80 bytes or more";
	return p->cur ? 1 : -1;
}

/* "gp-0x4", ".data+0x10", "course_shared", "*ABS*+0x8" -> r->sym and r->addend */
static int reloc_target(struct reloc *r, const char *rest)
{
	const char *sign = NULL;
	for (const char *q = rest + 1; *q; q++)
		if ((*q == '+' || *q == '-') && q[1] == '0' && q[2] == 'x')
			sign = q;
	if (!sign)
		return copy(r->sym, sizeof r->sym, rest, strlen(rest));
	r->addend = strtol(sign + 1, NULL, 16);
	if (*sign == '-')
		r->addend = -r->addend;
	return copy(r->sym, sizeof r->sym, rest, (size_t)(sign - rest));
}

/* relocation: "\t\t\t13: R_X86_64_PC32\tgp-0x4" (s: its offset; rest: from the type on) */
static int reloc_line(struct parser *p, const char *s, const char *rest)
{
	p->msg = "relocation before any instruction";
	if (p->cur->n == 0)
		return -1;
	struct insn *in = &p->cur->insns[p->cur->n - 1];
	p->msg = "more than " DIS_MAX_REL_TEXT " relocations on one instruction";
	if (in->nrel == DIS_MAX_REL)
		return -1;
	struct reloc *r = &in->rel[in->nrel++];
	r->offset = strtoul(s, NULL, 16);
	size_t tl = strcspn(rest, "\t ");
	p->msg = "a relocation type or symbol of 40/80 bytes or more";
	if (copy(r->type, sizeof r->type, rest, tl))
		return -1;
	rest += tl;
	while (*rest == '\t' || *rest == ' ')
		rest++;
	return reloc_target(r, rest) ? -1 : 1;
}

/* an instruction "  1f:\tmov ..." or its relocation (lines that start with a blank) */
static int insn_line(struct parser *p, const char *line)
{
	const char *s = line;
	while (*s == ' ' || *s == '\t')
		s++;
	if (strcmp(s, "...") == 0 || *s == '\0')
		return 1;
	const char *colon = strchr(s, ':');
	p->msg = "unrecognised line";
	if (!colon || !is_hex(s, (size_t)(colon - s)))
		return -1;
	const char *rest = colon + 1;
	while (*rest == ' ' || *rest == '\t')
		rest++;
	p->msg = "instruction outside a function";
	if (!p->cur)
		return -1;
	if (strncmp(rest, "R_", 2) == 0)
		return reloc_line(p, s, rest);
	struct insn *in = add_insn(p->cur);
	in->addr = strtoul(s, NULL, 16);
	in->line = p->cur_line;
	p->msg = "an instruction of 200 bytes or more";
	if (copy(in->text, sizeof in->text, rest, strlen(rest)))
		return -1;
	clean_text(in->text, p->d->arch);
	struct ops o;
	p->msg = "an instruction with more than 6 operands or an operand of 64 bytes or more";
	if (ops_split(in->text, &o))
		return -1;
	if (in->text[0] == '\0' || strcmp(in->text, "...") == 0)
		p->cur->n--;
	return 1;
}

/* objdump's part: headers, instructions, relocations, -l's line markers. 1 or -1 (p->msg). */
static int objdump_line(struct parser *p, const char *line)
{
	if (strncmp(line, "Disassembly of section ", 23) == 0) {
		p->part = OBJDUMP;
		p->cur = NULL;
		return 1;
	}
	if (strstr(line, "file format "))
		return 1;
	int r = header_line(p, line);
	if (r)
		return r;
	if (line[0] == '\t' || line[0] == ' ')
		return insn_line(p, line);
	size_t l = strlen(line);
	if ((l > 3 && strcmp(line + l - 3, "():") == 0) || strcmp(line, "...") == 0)
		return 1; /* "t1():": a function or inlined function's name, from -l */
	int ln;
	if (parse_line_marker(line, p->d->main_file, &ln)) {
		p->cur_line = ln;
		return 1;
	}
	p->msg = "unrecognised line";
	return -1;
}

/* One line of the listing: 1, or -1 (p->msg). Before objdump's part, the lines are readelf's. */
static int parse_line(struct parser *p, const char *line)
{
	if (line[0] == '\0')
		return 1;
	if (p->part != OBJDUMP) {
		int r = readelf_line(p, line);
		if (r)
			return r;
		if (!strstr(line, "file format") &&
		    strncmp(line, "Disassembly of section ", 23) != 0)
			return 1;
	}
	return objdump_line(p, line);
}

/* After the listing: empty functions, each instruction's end, no trailing padding. */
static void finish(struct dis *d)
{
	/* A function symbol of size 0 (clang emits one for a body it proved empty or unreachable)
	 * has no header in objdump's listing: it is a function with no instructions. */
	for (int s = 0; s < d->nsyms; s++) {
		const struct symbol *sy = &d->syms[s];
		if (sy->type == 'F' && sy->size == 0 && !dis_func(d, sy->name))
			add_func(d, sy->name, strlen(sy->name));
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
		drop_padding(fn);
	}
}

int dis_parse(struct dis *d, enum arch arch, const char *text, const char *what,
	      const char *main_file, char *err, size_t errlen)
{
	memset(d, 0, sizeof *d);
	d->arch = arch;
	if (copy(d->main_file, sizeof d->main_file, main_file, strlen(main_file)))
		return err_at(err, errlen, what, 0, "a file name of 256 bytes or more", main_file);
	struct parser *p = xcalloc(1, sizeof *p);
	p->d = d;
	p->what = what;
	int rc = 0;
	for (const char *at = text; *at && rc == 0;) {
		const char *nl = strchr(at, '\n');
		size_t len = nl ? (size_t)(nl - at) : strlen(at);
		char *line = xstrndup(at, len);
		at = nl ? nl + 1 : at + len;
		p->lineno++;
		if (parse_line(p, line) < 0)
			rc = err_at(err, errlen, what, p->lineno, p->msg, line);
		free(line);
	}
	free(p);
	if (rc == 0)
		finish(d);
	return rc;
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
				memcpy(mine->insns[j].alt, alt.funcs[f].insns[i].text,
				       sizeof mine->insns[j].alt);
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
