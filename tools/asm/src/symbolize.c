/*
 * symbolize.c - relocations' symbols written into the instruction text (see symbolize.h). Each
 * architecture's relocation types say which field is relocated; the text is searched for the
 * operand objdump printed for that field, which is replaced; a field not found in the text gets
 * the symbol as a trailing comment rather than nothing.
 */
#include "symbolize.h"

#include "buf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A range [at, at + len) of the text. */
struct span {
	size_t at, len;
};

static int has(const char *s, const char *part)
{
	return strstr(s, part) != NULL;
}

/* Length of the number at s ("0x1f", "-0x4", "12"), 0 if none. */
static size_t num_len(const char *s)
{
	size_t i = s[0] == '-';
	if (s[i] == '0' && s[i + 1] == 'x') {
		size_t j = i + 2;
		while (isxdigit((unsigned char)s[j]))
			j++;
		return j > i + 2 ? j : 0;
	}
	size_t j = i;
	while (isdigit((unsigned char)s[j]))
		j++;
	return j > i ? j : 0;
}

/* objdump's printed target "1f <t0+0x1f>" (a branch, a call, adrp's page). */
static int find_target(const char *t, struct span *sp)
{
	const char *lt = strstr(t, " <");
	const char *gt = lt ? strchr(lt, '>') : NULL;
	if (!gt)
		return 0;
	const char *s = lt;
	while (s > t && isxdigit((unsigned char)s[-1]))
		s--;
	if (s == lt)
		return 0;
	sp->at = (size_t)(s - t);
	sp->len = (size_t)(gt + 1 - s);
	return 1;
}

/* The number that ends right before t + end (as in "0x0(%rip)", "4(a5)"). */
static int num_before(const char *t, size_t end, struct span *sp)
{
	size_t s = end;
	while (s > 0 && (isxdigit((unsigned char)t[s - 1]) || t[s - 1] == 'x' || t[s - 1] == '-'))
		s--;
	if (s == end || num_len(t + s) != end - s)
		return 0;
	sp->at = s;
	sp->len = end - s;
	return 1;
}

/* The number at t + at, if one starts there. */
static int num_at(const char *t, size_t at, struct span *sp)
{
	size_t n = num_len(t + at);
	sp->at = at;
	sp->len = n;
	return n > 0;
}

/* Start of the operands: after the mnemonic (and prefixes such as "lock "). */
static size_t operands(const char *t)
{
	const char *sp = strrchr(t, ' ');
	const char *first = strchr(t, ' ');
	/* "lock cmpxchg %ecx,0x0(%rip)": the operands follow the last blank before the first comma */
	const char *comma = strchr(t, ',');
	if (comma) {
		sp = first;
		for (const char *p = first; p && p < comma; p = strchr(p + 1, ' '))
			sp = p;
	}
	return sp ? (size_t)(sp + 1 - t) : strlen(t);
}

/* The first operand that begins with a number (an absolute address: "0x0", "0x4(%eax)"). */
static int first_numeric_operand(const char *t, struct span *sp)
{
	size_t i = operands(t);
	while (t[i]) {
		if (num_at(t, i, sp) && t[i - 1] != '$')
			return 1;
		const char *c = strchr(t + i, ',');
		if (!c)
			return 0;
		i = (size_t)(c + 1 - t);
	}
	return 0;
}

/* The last operand, when it is a number ("lui a5,0x0", "add x1, x1, #0x0"). */
static int last_number(const char *t, struct span *sp)
{
	const char *c = strrchr(t, ',');
	if (!c)
		return 0;
	size_t i = (size_t)(c + 1 - t);
	while (t[i] == ' ' || t[i] == '#')
		i++;
	return num_at(t, i, sp) && !t[i + sp->len];
}

static long num_value(const char *t, const struct span *sp)
{
	return strtol(t + sp->at, NULL, 0);
}

/* The variable (or else the symbol) at sym + addend: "big", "pair+4", "helper", ".LC0+8". An
 * address computed for an anchor (address: adrp, lui, the add of its low bits) keeps the anchor's
 * name: the variable is chosen by the access that follows. */
static char *reloc_name(const struct dis *d, const char *sym, long addend, int address)
{
	long off = 0;
	int own = dis_sym(d, sym);
	int s = address && (own < 0 || d->syms[own].type != 'O') ?
			-1 :
			dis_resolve(d, sym, addend, &off);
	if (s >= 0)
		return off ? xasprintf("%s+%ld", d->syms[s].name, off) : xstrdup(d->syms[s].name);
	return addend ? xasprintf("%s%+ld", sym, addend) : xstrdup(sym);
}

/* One relocation's edit: the span of the text it replaces and the words around the name. */
struct edit {
	struct span sp;
	int found;
	const char *pre, *post; /* around the name: "$", "#:lo12:", "%hi(" ... ")" */
	long addend;		/* of the name: the relocation's, or the field's for REL */
	int address;		/* the field forms an address (adrp, lui, add): see reloc_name */
};

static void x86_locate(const struct dis *d, const struct insn *in, const struct reloc *r,
		       const char *t, int intel, struct edit *e)
{
	int pcrel = has(r->type, "PC32") || has(r->type, "PLT32") || has(r->type, "GOTPC");
	size_t tl = strlen(r->type);
	int size = tl > 3 && strcmp(r->type + tl - 3, "_64") == 0 ? 8 : 4; /* R_X86_64_64 */
	e->addend =
		r->addend + (pcrel && d->arch == ARCH_X86_64 ? (long)(in->next - r->offset) : 0);
	if (pcrel && (e->found = find_target(t, &e->sp))) {
		e->addend = d->arch == ARCH_X86_64 ? e->addend : 0;
		return;
	}
	const char *rip = strstr(t, intel ? "[rip+" : "(%rip)");
	if (pcrel && rip) {
		e->found = intel ? num_at(t, (size_t)(rip - t) + 5, &e->sp) :
				   num_before(t, (size_t)(rip - t), &e->sp);
		return;
	}
	int last = r->offset + (unsigned long)size == in->next;
	const char *dollar = strchr(t, '$');
	const char *ds = strstr(t, "ds:");
	if (!intel && last && dollar) {
		e->found = num_at(t, (size_t)(dollar + 1 - t), &e->sp);
	} else if (!intel) {
		e->found = first_numeric_operand(t, &e->sp);
	} else if (ds) {
		e->found = num_at(t, (size_t)(ds + 3 - t), &e->sp);
	} else if (last && last_number(t, &e->sp)) {
		e->found = 1;
		e->pre = "OFFSET ";
	}
	if (e->found && d->arch == ARCH_I386)
		e->addend = num_value(t, &e->sp); /* REL: the addend is the field's content */
}

static void a64_locate(const struct reloc *r, const char *t, struct edit *e)
{
	e->addend = r->addend;
	e->address = has(r->type, "ADR") || has(r->type, "ADD_ABS");
	if (has(r->type, "ADD_ABS_LO12")) {
		e->found = last_number(t, &e->sp);
		e->pre = "#:lo12:";
		if (e->found && e->sp.at > 0 && t[e->sp.at - 1] == '#')
			e->sp.at--, e->sp.len++;
	} else if (has(r->type, "LDST") && has(r->type, "LO12")) {
		const char *rb = strchr(t, ']');
		if (!rb)
			return;
		e->found = 1;
		e->sp.at = (size_t)(rb - t);
		e->sp.len = 0;
		e->pre = ", #:lo12:";
		const char *hash = strrchr(t, '#');
		if (hash && hash < rb && num_at(t, (size_t)(hash + 1 - t), &e->sp) &&
		    t[e->sp.at + e->sp.len] == ']') {
			e->sp.at--, e->sp.len++;
			e->pre = "#:lo12:";
		}
	} else {
		e->found = find_target(t, &e->sp);
	}
}

/* %pcrel_lo's symbol is the label of its auipc: the auipc's own relocation names the variable. */
static const struct reloc *pcrel_hi(const struct dis *d, const struct func *fn, const char *label)
{
	int s = dis_sym(d, label);
	for (int i = 0; s >= 0 && i < fn->n; i++)
		for (int k = 0; fn->insns[i].addr == d->syms[s].value && k < fn->insns[i].nrel; k++)
			if (has(fn->insns[i].rel[k].type, "HI20"))
				return &fn->insns[i].rel[k];
	return NULL;
}

static void rv_locate(const struct reloc *r, const char *t, struct edit *e)
{
	e->addend = r->addend;
	e->address = has(r->type, "HI20") || (has(r->type, "LO12") && !strchr(t, '('));
	if (has(r->type, "HI20") || has(r->type, "CALL")) {
		e->found = last_number(t, &e->sp);
		e->pre = has(r->type, "PCREL") || has(r->type, "CALL") ? "%pcrel_hi(" : "%hi(";
		e->post = ")";
	} else if (has(r->type, "LO12")) {
		e->pre = has(r->type, "PCREL") ? "%pcrel_lo(" : "%lo(";
		e->post = ")";
		const char *paren = strrchr(t, '(');
		if (paren)
			e->found = num_before(t, (size_t)(paren - t), &e->sp);
		else if (strncmp(t, "mv ", 3) == 0) /* "mv a5,a5" is "addi a5,a5,0" */
			e->found = 2;
		else
			e->found = last_number(t, &e->sp);
	} else if (!has(r->type, "RELAX") && r->sym[0] != '.') {
		e->found =
			find_target(t, &e->sp); /* a branch to a local label: evidence.c names it */
	}
}

/* Apply one relocation to *t (replaced by the new text). */
static void apply(const struct dis *d, const struct func *fn, const struct insn *in,
		  const struct reloc *r, char **t, int intel)
{
	struct edit e = { .pre = "", .post = "" };
	const char *sym = r->sym;
	if (d->arch == ARCH_X86_64 || d->arch == ARCH_I386)
		x86_locate(d, in, r, *t, intel, &e);
	else if (d->arch == ARCH_AARCH64)
		a64_locate(r, *t, &e);
	else if (d->arch == ARCH_RISCV64)
		rv_locate(r, *t, &e);
	if (d->arch == ARCH_RISCV64 && has(r->type, "PCREL_LO")) {
		const struct reloc *hi = pcrel_hi(d, fn, r->sym);
		if (hi)
			sym = hi->sym, e.addend = hi->addend;
	}
	if (d->arch == ARCH_RISCV64 && (has(r->type, "RELAX") || (!e.found && r->sym[0] == '.')))
		return;
	char *name = reloc_name(d, sym, e.addend, e.address);
	struct buf b = { 0 };
	if (e.found == 2) { /* riscv "mv rd,rs" -> "addi rd,rs,%lo(sym)" */
		buf_printf(&b, "addi %s,%s%s%s", *t + 3, e.pre, name, e.post);
	} else if (e.found) {
		buf_put(&b, *t, e.sp.at);
		buf_printf(&b, "%s%s%s%s", e.pre, name, e.post, *t + e.sp.at + e.sp.len);
	} else {
		buf_printf(&b, "%s %s %s", *t, d->arch == ARCH_AARCH64 ? "//" : "#", name);
	}
	free(name);
	free(*t);
	*t = buf_take(&b);
}

char *insn_symbolic(const struct dis *d, const struct func *fn, const struct insn *in,
		    const char *text, int intel)
{
	char *t = xstrdup(text);
	for (int k = 0; text[0] && k < in->nrel; k++)
		apply(d, fn, in, &in->rel[k], &t, intel);
	return t;
}
