/*
 * classify.c - shared-variable accesses, address registers and loops (see classify.h).
 *
 * One pass per function in address order. A small table maps a register to the variable whose
 * address it holds (set by the address-forming sequences of each architecture, cleared when the
 * register is written otherwise, at calls, and at a loop head for registers the loop writes).
 */
#include "classify.h"

#include "buf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct tracked {
	char reg[24]; /* a register, or "@base+offset" for a stack slot */
	int var;      /* symbol index, -1 = not an address we know */
	long off;
};

struct regs {
	struct tracked t[48];
	int n;
};

const char *acc_kind_name(enum acc_kind k)
{
	return k == ACC_LOAD ? "load" : k == ACC_STORE ? "store" : k == ACC_RMW ? "rmw" : "none";
}

/* ---- operand text helpers ---------------------------------------------------------------- */

int ops_split(const char *text, struct ops *o)
{
	memset(o, 0, sizeof *o);
	const char *p = text;
	static const char *const prefixes[] = { "lock ", "rep ", "repz ", "repnz ",  "notrack ",
						"bnd ",	 "cs ",	 "ds ",	  "data16 ", NULL };
	for (int again = 1; again;) {
		again = 0;
		for (int i = 0; prefixes[i]; i++)
			if (strncmp(p, prefixes[i], strlen(prefixes[i])) == 0) {
				p += strlen(prefixes[i]);
				again = 1;
			}
	}
	size_t m = strcspn(p, " ");
	if (fmt_fixed(o->mn, sizeof o->mn, "%.*s", (int)m, p))
		return -1;
	p += m;
	while (*p == ' ')
		p++;
	int depth = 0;
	size_t k = 0;
	for (; *p; p++) {
		if (*p == '(' || *p == '[')
			depth++;
		if (*p == ')' || *p == ']')
			depth--;
		if (*p == ',' && depth == 0) {
			if (++o->n == OPS_MAX)
				return -1;
			k = 0;
			continue;
		}
		if (k + 1 >= sizeof o->op[0])
			return -1;
		o->op[o->n][k++] = *p;
	}
	if (o->op[0][0] || o->n > 0)
		o->n++;
	for (int i = 0; i < o->n; i++) {
		char *s = o->op[i];
		while (*s == ' ')
			memmove(s, s + 1, strlen(s));
		size_t l = strlen(s);
		while (l && s[l - 1] == ' ')
			s[--l] = '\0';
	}
	return 0;
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int is_in(const char *s, const char *const *list)
{
	for (int i = 0; list[i]; i++)
		if (strcmp(s, list[i]) == 0)
			return 1;
	return 0;
}

/* ---- register table ---------------------------------------------------------------------- */

static struct tracked *reg_find(struct regs *r, const char *reg)
{
	for (int i = 0; i < r->n; i++)
		if (strcmp(r->t[i].reg, reg) == 0)
			return &r->t[i];
	return NULL;
}

static void reg_set(struct regs *r, const char *reg, int var, long off)
{
	struct tracked *t = reg_find(r, reg);
	if (!t) {
		if (r->n == (int)(sizeof r->t / sizeof r->t[0]))
			return;
		t = &r->t[r->n++];
		if (fmt_fixed(t->reg, sizeof t->reg, "%s", reg)) {
			r->n--; /* no register has such a name: not tracked */
			return;
		}
	}
	t->var = var;
	t->off = off;
}

static void reg_kill(struct regs *r, const char *reg)
{
	struct tracked *t = reg_find(r, reg);
	if (t)
		t->var = -1;
}

static int reg_get(struct regs *r, const char *reg, long *off)
{
	struct tracked *t = reg_find(r, reg);
	if (!t || t->var < 0)
		return -1;
	*off = t->off;
	return t->var;
}

/* The variable at (address held in reg) + disp: re-resolved, so a register holding a section
 * anchor or the first of several variables finds the right one. */
static int reg_access(const struct dis *d, struct regs *r, const char *reg, long disp, long *off)
{
	long base;
	int v = reg_get(r, reg, &base);
	if (v < 0)
		return -1;
	return dis_resolve(d, d->syms[v].name, base + disp, off);
}

/* Stack slots (unoptimized code spills addresses): a store of a tracked register to
 * [frame register + imm] tracks the slot; a load from a tracked slot tracks the destination. */
static int is_frame_reg(const char *reg)
{
	return !strcmp(reg, "sp") || !strcmp(reg, "x29") || !strcmp(reg, "s0") ||
	       !strcmp(reg, "fp") || !strcmp(reg, "bp");
}

static void spill(struct regs *r, const char *base, long imm, int is_store, const char *reg)
{
	if (!is_frame_reg(base) || !reg[0])
		return;
	char slot[24];
	if (fmt_fixed(slot, sizeof slot, "@%s%+ld", base, imm))
		return;
	long off;
	if (is_store) {
		int v = reg_get(r, reg, &off);
		if (v >= 0)
			reg_set(r, slot, v, off);
		else
			reg_kill(r, slot);
	} else {
		int v = reg_get(r, slot, &off);
		if (v >= 0)
			reg_set(r, reg, v, off);
	}
}

static void add_acc(struct insn *in, enum acc_kind k, int var, long off, int width)
{
	if (var < 0 || in->nacc == DIS_MAX_ACC)
		return;
	in->acc[in->nacc].kind = k;
	in->acc[in->nacc].var = var;
	in->acc[in->nacc].offset = off;
	in->acc[in->nacc].width = width;
	in->nacc++;
}

static const struct reloc *rel_of(const struct insn *in, const char *type_prefix)
{
	for (int i = 0; i < in->nrel; i++)
		if (starts(in->rel[i].type, type_prefix))
			return &in->rel[i];
	return NULL;
}

/* ---- x86 (AT&T syntax) ------------------------------------------------------------------- */

/* Canonical register family: %eax/%ax/%al -> "ax", %r8d -> "r8". Width in *w. */
int x86_reg(const char *op, char *fam, int *w)
{
	if (op[0] != '%')
		return 0;
	const char *r = op + 1;
	size_t l = strlen(r);
	static const char *const l8[] = { "al", "bl",  "cl",  "dl",  "ah",  "bh", "ch",
					  "dh", "sil", "dil", "bpl", "spl", NULL };
	static const char *const l16[] = { "ax", "bx", "cx", "dx", "si", "di", "bp", "sp", NULL };
	*w = 0;
	if (r[0] == 'r' && isdigit((unsigned char)r[1])) {
		size_t d = 1;
		while (isdigit((unsigned char)r[d]))
			d++;
		if (fmt_fixed(fam, 8, "%.*s", (int)d, r))
			return 0;
		*w = r[d] == 'd' ? 4 : r[d] == 'w' ? 2 : r[d] == 'b' ? 1 : 8;
		return 1;
	}
	if (starts(r, "xmm") || starts(r, "ymm") || starts(r, "zmm")) {
		if (fmt_fixed(fam, 8, "%s", r))
			return 0;
		*w = r[0] == 'x' ? 16 : r[0] == 'y' ? 32 : 64;
		return 1;
	}
	if (is_in(r, l8)) {
		if (fmt_fixed(fam, 8, "%.*s", (int)(l - 1), r))
			return 0;
		if (l == 2 && strchr("abcd", r[0])) /* al -> "ax" */
			if (fmt_fixed(fam, 8, "%cx", r[0]))
				return 0;
		*w = 1;
		return 1;
	}
	if (is_in(r, l16)) {
		if (fmt_fixed(fam, 8, "%s", r))
			return 0;
		*w = 2;
		return 1;
	}
	if ((r[0] == 'e' || r[0] == 'r') && l == 3) {
		if (fmt_fixed(fam, 8, "%s", r + 1))
			return 0;
		*w = r[0] == 'e' ? 4 : 8;
		return 1;
	}
	if (fmt_fixed(fam, 8, "%s", r))
		return 0;
	return 1;
}

static int x86_is_mem(const char *op)
{
	if (!op[0] || op[0] == '$' || op[0] == '%' || op[0] == '*')
		return strchr(op, '(') != NULL && op[0] != '$';
	return 1;
}

static long x86_disp(const char *op)
{
	const char *c = strchr(op, ':');
	const char *s = c ? c + 1 : op;
	return strtol(s, NULL, 0);
}

/* Base register family of a memory operand "0x8(%rax,%rbx,4)" ("" if none or %rip). */
static void x86_base(const char *op, char *fam)
{
	fam[0] = '\0';
	const char *p = strchr(op, '(');
	if (!p || p[1] != '%')
		return;
	char r[16];
	size_t n = strcspn(p + 1, ",)");
	if (fmt_fixed(r, sizeof r, "%.*s", (int)n, p + 1))
		return;
	int w;
	if (strcmp(r, "%rip") != 0)
		x86_reg(r, fam, &w);
}

static int x86_width(const struct ops *o, int mem)
{
	static const char *const w16[] = { "movdqa", "movdqu", "movaps",  "movups",
					   "movapd", "movupd", "movntdq", "pxor",
					   "por",    "pand",   NULL };
	static const char *const w8[] = { "movq",   "movsd",  "movhps",	   "movlps", "movlpd",
					  "movhpd", "movntq", "cmpxchg8b", NULL };
	static const char *const w4[] = { "movd", "movss", NULL };
	const char *m = o->mn;
	if (is_in(m, w16))
		return 16;
	if (is_in(m, w8))
		return 8;
	if (is_in(m, w4))
		return 4;
	if (starts(m, "movz") || starts(m, "movs")) {
		if (strlen(m) == 6 && strchr("bwl", m[4]))
			return m[4] == 'b' ? 1 : m[4] == 'w' ? 2 : 4;
	}
	if (starts(m, "set"))
		return 1;
	for (int i = 0; i < o->n; i++) {
		char fam[8];
		int w;
		if (i != mem && x86_reg(o->op[i], fam, &w) && w)
			return w;
	}
	size_t l = strlen(m);
	switch (l ? m[l - 1] : 0) {
	case 'b': return 1;
	case 'w': return 2;
	case 'l': return 4;
	case 'q': return 8;
	}
	return 0;
}

static const char *const x86_rmw[] = {
	"add", "sub", "and", "or",  "xor", "adc",  "sbb",  "inc",     "dec", "neg", "not", "shl",
	"shr", "sar", "sal", "rol", "ror", "xadd", "xchg", "cmpxchg", "bts", "btr", "btc", NULL
};
static const char *const x86_readonly[] = { "cmp",     "test",	 "push",   "bt", "ucomiss",
					    "ucomisd", "comiss", "comisd", NULL };

/* Which relocation belongs to the memory operand (*mrel), which to the immediate (*irel). */
static void x86_relocs(const struct insn *in, const struct ops *o, int mem, int imm,
		       const struct reloc **mrel, const struct reloc **irel)
{
	*mrel = *irel = NULL;
	for (int k = 0; k < in->nrel; k++) {
		const struct reloc *rl = &in->rel[k];
		int pcrel = strstr(rl->type, "PC") || strstr(rl->type, "PLT");
		int at_end = rl->offset + 4 == in->next;
		if (pcrel && mem >= 0 && strstr(o->op[mem], "(%rip)"))
			*mrel = rl;
		else if (!pcrel && imm >= 0 && (at_end || mem < 0 || in->nrel > 1) &&
			 (!*mrel || *mrel != rl) &&
			 (in->nrel == 1 ? at_end || mem < 0 : k == in->nrel - 1))
			*irel = rl;
		else if (!pcrel && mem >= 0)
			*mrel = rl;
	}
}

/* The variable the memory operand reaches (index, *off), through its relocation or a register
 * holding an address; -1 when none. */
static int x86_mem_var(const struct dis *d, const struct insn *in, const struct ops *o, int mem,
		       const struct reloc *mrel, struct regs *r, long *off)
{
	if (mem < 0)
		return -1;
	if (mrel) {
		long a = mrel->addend;
		if (strstr(mrel->type, "PC"))
			a += (long)(in->next - mrel->offset);
		if (d->arch != ARCH_X86_64)
			a += x86_disp(o->op[mem]);
		return dis_resolve(d, mrel->sym, a, off);
	}
	char fam[8];
	x86_base(o->op[mem], fam);
	return fam[0] ? reg_access(d, r, fam, x86_disp(o->op[mem]), off) : -1;
}

/* An address definition (lea, mov $sym, mov between registers): 1 and the variable it holds
 * (*nv, *noff; *nv -1 when none), computed before the destination is cleared. */
static int x86_def(const struct dis *d, const struct ops *o, int mem, int imm,
		   const struct reloc *irel, int var, long off, struct regs *r, int *nv, long *noff)
{
	char dst[8], src[8];
	int w;
	*nv = -1;
	*noff = 0;
	if (starts(o->mn, "lea") && mem >= 0 && o->n == 2 && x86_reg(o->op[1], dst, &w)) {
		*nv = var;
		*noff = off;
		return 1;
	}
	if (starts(o->mn, "mov") && imm == 0 && irel && o->n == 2 && x86_reg(o->op[1], dst, &w)) {
		long a =
			irel->addend + (d->arch == ARCH_X86_64 ? 0 : strtol(o->op[0] + 1, NULL, 0));
		*nv = dis_resolve(d, irel->sym, a, noff);
		return 1;
	}
	if (starts(o->mn, "mov") && o->n == 2 && mem < 0 && x86_reg(o->op[0], src, &w) &&
	    x86_reg(o->op[1], dst, &w)) {
		*nv = reg_get(r, src, noff);
		return 1;
	}
	return 0;
}

/* The kind of access the instruction makes to its memory operand mem. */
static enum acc_kind x86_kind(const struct ops *o, int mem)
{
	char base_mn[24];
	xsnprintf(base_mn, sizeof base_mn, "%s", o->mn);
	/* strip a size suffix to find the operation */
	size_t l = strlen(base_mn);
	int is_rmw = is_in(base_mn, x86_rmw) || (l > 1 && strchr("bwlq", base_mn[l - 1]) &&
						 (base_mn[l - 1] = '\0', is_in(base_mn, x86_rmw)));
	if (strcmp(o->mn, "xchg") == 0 || starts(o->mn, "xadd") || starts(o->mn, "cmpxchg"))
		return ACC_RMW;
	if (starts(o->mn, "pop") || starts(o->mn, "set"))
		return ACC_STORE;
	if (is_in(o->mn, x86_readonly) || starts(o->mn, "cmp") || starts(o->mn, "test") ||
	    starts(o->mn, "push") || starts(o->mn, "bt ") || mem != o->n - 1)
		return ACC_LOAD;
	return is_rmw ? ACC_RMW : ACC_STORE;
}

/* One instruction: the registers it defines or clears, the access it makes. */
static void classify_x86_insn(const struct dis *d, struct insn *in, struct regs *r)
{
	struct ops o;
	ops_split(in->text, &o);
	if (starts(o.mn, "call")) {
		r->n = 0;
		return;
	}
	if (o.mn[0] == 'j' || starts(o.mn, "nop") || starts(o.mn, "prefetch") ||
	    starts(o.mn, "endbr") || starts(o.mn, "ret"))
		return;
	int mem = -1, imm = -1;
	for (int k = 0; k < o.n; k++) {
		if (o.op[k][0] == '$')
			imm = k;
		else if (x86_is_mem(o.op[k]))
			mem = k;
	}
	const struct reloc *mrel, *irel;
	x86_relocs(in, &o, mem, imm, &mrel, &irel);
	long off = 0, noff;
	int var = x86_mem_var(d, in, &o, mem, mrel, r, &off), nv;
	int is_def = x86_def(d, &o, mem, imm, irel, var, off, r, &nv, &noff);
	char dst[8] = "";
	int w;
	/* destination register: written unless the instruction only reads */
	if (o.n > 0 && !is_in(o.mn, x86_readonly) && !starts(o.mn, "cmp") &&
	    !starts(o.mn, "test") && x86_reg(o.op[o.n - 1], dst, &w))
		reg_kill(r, dst);
	if (strcmp(o.mn, "xchg") == 0 && o.n == 2 && x86_reg(o.op[0], dst, &w) && dst[0])
		reg_kill(r, dst);
	if (is_def) {
		if (nv >= 0 && x86_reg(o.op[o.n - 1], dst, &w))
			reg_set(r, dst, nv, noff);
		return;
	}
	if (starts(o.mn, "mov") && o.n == 2 && mem >= 0 && !mrel) {
		char fam[8], reg[8];
		x86_base(o.op[mem], fam);
		if (x86_reg(o.op[1 - mem], reg, &w))
			spill(r, fam, x86_disp(o.op[mem]), mem == 1, reg);
	}
	if (mem < 0 || var < 0 || starts(o.mn, "lea"))
		return;
	add_acc(in, x86_kind(&o, mem), var, off, x86_width(&o, mem));
}

static void classify_x86(const struct dis *d, struct func *f, int from, int to, struct regs *r)
{
	for (int i = from; i < to; i++)
		classify_x86_insn(d, &f->insns[i], r);
}

/* ---- aarch64 ----------------------------------------------------------------------------- */

void a64_reg(const char *op, char *out)
{
	/* w3 / x3 -> "x3"; sp, xzr pass through */
	if ((op[0] == 'w' || op[0] == 'x') && isdigit((unsigned char)op[1]))
		(void)!fmt_fixed(out, 8, "x%s", op + 1); /* too long: "", no register */
	else
		(void)!fmt_fixed(out, 8, "%s", op);
}

static int a64_width(const char *mn, const char *reg)
{
	size_t l = strlen(mn);
	if (strcmp(mn, "ldrsw") == 0 || strcmp(mn, "ldursw") == 0)
		return 4;
	if (mn[l - 1] == 'b' && strcmp(mn, "ldadd") != 0)
		return 1;
	if (mn[l - 1] == 'h')
		return 2;
	switch (reg[0]) {
	case 'w':
	case 's': return 4;
	case 'x':
	case 'd': return 8;
	case 'q': return 16;
	case 'h': return 2;
	case 'b': return 1;
	}
	return 0;
}

static const char *const a64_lse[] = { "ldadd",	 "ldclr",  "ldeor",  "ldset",  "ldsmax",
				       "ldsmin", "ldumax", "ldumin", "stadd",  "stclr",
				       "steor",	 "stset",  "stsmax", "stsmin", "stumax",
				       "stumin", "swp",	   "cas",    NULL };

/* An address definition (add of :lo12: or of an immediate, mov between registers): 1 and the
 * variable it holds (*nv, *noff; *nv -1 when none), read before the destination is cleared. */
static int a64_def(const struct dis *d, const struct insn *in, const struct ops *o, struct regs *r,
		   int *nv, long *noff)
{
	const struct reloc *add = rel_of(in, "R_AARCH64_ADD_ABS_LO12");
	char src[8];
	*nv = -1;
	*noff = 0;
	if (strcmp(o->mn, "add") == 0 && o->n == 3) {
		if (add) {
			*nv = dis_resolve(d, add->sym, add->addend, noff);
		} else if (o->op[2][0] == '#') {
			a64_reg(o->op[1], src);
			*nv = reg_get(r, src, noff);
			*noff += strtol(o->op[2] + 1, NULL, 0);
		}
		return 1;
	}
	if (strcmp(o->mn, "mov") == 0 && o->n == 2 && o->op[1][0] != '#') {
		a64_reg(o->op[1], src);
		*nv = reg_get(r, src, noff);
		return 1;
	}
	return 0;
}

/* The registers the instruction writes (a pair load's two), "" for none. */
static void a64_dests(const struct ops *o, char *dst, char *dst2)
{
	dst[0] = dst2[0] = '\0';
	if (o->n == 0 || (o->mn[0] == 's' && o->mn[1] == 't') || starts(o->mn, "cmp") ||
	    starts(o->mn, "cmn") || starts(o->mn, "tst") || o->mn[0] == 'b' ||
	    starts(o->mn, "cb") || starts(o->mn, "tb") || starts(o->mn, "prfm"))
		return;
	a64_reg(o->op[0], dst);
	if ((starts(o->mn, "ldp") || starts(o->mn, "ldnp") || starts(o->mn, "ldxp") ||
	     starts(o->mn, "ldaxp")) &&
	    o->n > 1)
		a64_reg(o->op[1], dst2);
}

/* The access of a load, store or LSE atomic through memory operand mem ([x1], [x1, #8],
 * [x1, #8]!; post-index: [x1], #8), after its address registers were used. */
static void a64_access(const struct dis *d, struct insn *in, const struct ops *o, int mem,
		       int is_lse, struct regs *r, const char *dst, const char *dst2)
{
	const struct reloc *lo = rel_of(in, "R_AARCH64_LDST");
	char base[8], breg[8];
	const char *m = o->op[mem] + 1;
	size_t bl = strcspn(m, ",]");
	if (fmt_fixed(breg, sizeof breg, "%.*s", (int)bl, m))
		return;
	a64_reg(breg, base);
	long imm = 0, off = 0;
	const char *hash = strchr(m, '#');
	if (hash && hash < strchr(m, ']'))
		imm = strtol(hash + 1, NULL, 0);
	int var = lo ? dis_resolve(d, lo->sym, lo->addend, &off) :
		       reg_access(d, r, base, imm, &off);
	if (strchr(o->op[mem], '!') || mem + 1 < o->n)
		reg_kill(r, base);
	reg_kill(r, dst); /* a load's destination, after its address was used */
	reg_kill(r, dst2);
	int is_st = o->mn[0] == 's' && o->mn[1] == 't';
	if (!is_lse && o->n == 2 && !lo) {
		char data[8];
		a64_reg(o->op[0], data);
		spill(r, base, imm, is_st, data);
	}
	int pair = strchr(o->mn, 'p') != NULL && !starts(o->mn, "ldap") && !is_lse;
	int status = (starts(o->mn, "stxr") || starts(o->mn, "stlxr") || starts(o->mn, "stxp") ||
		      starts(o->mn, "stlxp"));
	int width = a64_width(o->mn, o->op[status ? 1 : 0]);
	enum acc_kind k = is_lse ? ACC_RMW : is_st ? ACC_STORE : ACC_LOAD;
	add_acc(in, k, var, off, width);
	if (pair)
		add_acc(in, k, var, off + width, width);
}

/* One instruction: the registers it defines or clears, the access it makes. */
static void classify_a64_insn(const struct dis *d, struct insn *in, struct regs *r)
{
	struct ops o;
	ops_split(in->text, &o);
	if (strcmp(o.mn, "bl") == 0 || strcmp(o.mn, "blr") == 0) {
		r->n = 0;
		return;
	}
	int mem = -1;
	for (int k = 0; k < o.n; k++)
		if (o.op[k][0] == '[')
			mem = k;
	int is_ld = o.mn[0] == 'l' && o.mn[1] == 'd', is_st = o.mn[0] == 's' && o.mn[1] == 't';
	int is_lse = 0;
	for (int k = 0; a64_lse[k]; k++)
		is_lse |= starts(o.mn, a64_lse[k]);
	int nv;
	long noff;
	int is_def = a64_def(d, in, &o, r, &nv, &noff);
	char dst[8], dst2[8];
	a64_dests(&o, dst, dst2);
	if (is_def) {
		reg_kill(r, dst);
		if (nv >= 0)
			reg_set(r, dst, nv, noff);
		return;
	}
	if (mem < 0 || !(is_ld || is_st || is_lse) || starts(o.mn, "prfm")) {
		reg_kill(r, dst);
		reg_kill(r, dst2);
		return;
	}
	a64_access(d, in, &o, mem, is_lse, r, dst, dst2);
}

static void classify_a64(const struct dis *d, struct func *f, int from, int to, struct regs *r)
{
	for (int i = from; i < to; i++)
		classify_a64_insn(d, &f->insns[i], r);
}

/* ---- riscv64 ----------------------------------------------------------------------------- */

static int rv_width(const char *mn)
{
	if (starts(mn, "amo") || starts(mn, "lr.") || starts(mn, "sc.")) {
		const char *dot = strchr(mn, '.');
		return dot && dot[1] == 'd' ? 8 : 4;
	}
	const char *c = mn[0] == 'f' ? mn + 1 : mn;
	switch (c[1]) {
	case 'b': return 1;
	case 'h': return 2;
	case 'w': return 4;
	case 'd': return 8;
	}
	return 0;
}

/* The address an auipc at a pcrel_lo label materialised. */
static int rv_pcrel(const struct dis *d, const struct func *f, const struct reloc *lo, long *off)
{
	int s = dis_sym(d, lo->sym);
	if (s < 0)
		return -1;
	for (int i = 0; i < f->n; i++)
		if (f->insns[i].addr == d->syms[s].value) {
			const struct reloc *hi = rel_of(&f->insns[i], "R_RISCV_PCREL_HI20");
			if (hi)
				return dis_resolve(d, hi->sym, hi->addend, off);
		}
	return -1;
}

static void classify_rv(const struct dis *d, struct func *f, int from, int to, struct regs *r)
{
	static const char *const loads[] = { "lb",  "lh",  "lw",  "ld",	 "lbu",
					     "lhu", "lwu", "flw", "fld", NULL };
	static const char *const stores[] = { "sb", "sh", "sw", "sd", "fsw", "fsd", NULL };
	for (int i = from; i < to; i++) {
		struct insn *in = &f->insns[i];
		struct ops o;
		ops_split(in->text, &o);
		if (strcmp(o.mn, "call") == 0 || strcmp(o.mn, "jal") == 0 ||
		    strcmp(o.mn, "jalr") == 0) {
			r->n = 0;
			continue;
		}
		int is_load = is_in(o.mn, loads) || starts(o.mn, "lr.");
		int is_store = is_in(o.mn, stores);
		int is_amo = starts(o.mn, "amo") || starts(o.mn, "sc.");
		const struct reloc *lo = rel_of(in, "R_RISCV_LO12");
		const struct reloc *plo = rel_of(in, "R_RISCV_PCREL_LO12");
		long off = 0;
		int var = -1;
		if (lo)
			var = dis_resolve(d, lo->sym, lo->addend, &off);
		else if (plo)
			var = rv_pcrel(d, f, plo, &off);
		int writes = o.n > 0 && !is_store && o.mn[0] != 'b' && strcmp(o.mn, "j") != 0 &&
			     strcmp(o.mn, "ret") != 0 && strcmp(o.mn, "nop") != 0 &&
			     !starts(o.mn, "fence") && !starts(o.mn, "jr");
		int is_def = writes &&
			     (strcmp(o.mn, "addi") == 0 || strcmp(o.mn, "mv") == 0 ||
			      (strcmp(o.mn, "add") == 0 && o.n == 3 &&
			       (o.op[2][0] == '-' || isdigit((unsigned char)o.op[2][0]))));
		if (is_def && var < 0 && o.n >= 2) {
			var = reg_get(r, o.op[1], &off);
			if (o.n == 3)
				off += strtol(o.op[2], NULL, 0);
		}
		if (is_def) {
			reg_kill(r, o.op[0]);
			if (var >= 0)
				reg_set(r, o.op[0], var, off);
			continue;
		}
		if (!(is_load || is_store || is_amo)) {
			if (writes)
				reg_kill(r, o.op[0]);
			continue;
		}
		const char *m = o.op[is_store || (!is_amo) ? 1 : o.n - 1];
		if (is_amo)
			m = o.op[o.n - 1];
		const char *par = strchr(m, '(');
		if (!par) {
			if (writes)
				reg_kill(r, o.op[0]);
			continue;
		}
		if (var < 0) {
			char base[8];
			size_t bl = strcspn(par + 1, ")");
			if (fmt_fixed(base, sizeof base, "%.*s", (int)bl, par + 1))
				continue;
			var = reg_access(d, r, base, strtol(m, NULL, 0), &off);
		}
		if (writes)
			reg_kill(r, o.op[0]); /* a load's destination, after its address was used */
		if (!is_amo && !lo && !plo) {
			char base[8];
			size_t bl = strcspn(par + 1, ")");
			if (fmt_fixed(base, sizeof base, "%.*s", (int)bl, par + 1))
				continue;
			spill(r, base, strtol(m, NULL, 0), is_store, o.op[0]);
		}
		enum acc_kind k = is_amo && !starts(o.mn, "sc.")    ? ACC_RMW :
				  (is_store || starts(o.mn, "sc.")) ? ACC_STORE :
								      ACC_LOAD;
		add_acc(in, k, var, off, rv_width(o.mn));
	}
}

/* ---- branches and loops ------------------------------------------------------------------ */

static int branch_target(const struct dis *d, const struct insn *in, unsigned long *target)
{
	struct ops o;
	ops_split(in->text, &o);
	const char *m = o.mn;
	int br;
	switch (d->arch) {
	case ARCH_X86_64:
	case ARCH_I386: br = m[0] == 'j' || starts(m, "loop"); break;
	case ARCH_AARCH64:
		br = (m[0] == 'b' && (m[1] == '\0' || m[1] == '.')) || starts(m, "bc.") ||
		     starts(m, "cb") || starts(m, "tb");
		break;
	case ARCH_RISCV64:
		br = (m[0] == 'b' && strcmp(m, "bset") != 0) || strcmp(m, "j") == 0;
		break;
	default: br = 0;
	}
	if (!br)
		return 0;
	const char *lt = strstr(in->text, " <");
	if (!lt)
		return 0;
	const char *s = lt;
	while (s > in->text && isxdigit((unsigned char)s[-1]))
		s--;
	if (s == lt)
		return 0;
	*target = strtoul(s, NULL, 16);
	return 1;
}

/* A call to a function of the same object (a static helper the compiler did not inline). */
static int call_target(const struct dis *d, const struct insn *in)
{
	struct ops o;
	ops_split(in->text, &o);
	if (!starts(o.mn, "call") && strcmp(o.mn, "bl") != 0 && strcmp(o.mn, "jal") != 0)
		return -1;
	char name[80] = "";
	for (int k = 0; k < in->nrel; k++)
		if (strstr(in->rel[k].type, "CALL") || strstr(in->rel[k].type, "PLT") ||
		    strstr(in->rel[k].type, "PC32") || strstr(in->rel[k].type, "JUMP"))
			if (fmt_fixed(name, sizeof name, "%s", in->rel[k].sym))
				return -1;
	if (!name[0]) {
		const char *lt = strstr(in->text, " <"), *gt = lt ? strchr(lt, '>') : NULL;
		if (lt && gt && !memchr(lt, '+', (size_t)(gt - lt)))
			if (fmt_fixed(name, sizeof name, "%.*s", (int)(gt - lt - 2), lt + 2))
				return -1;
	}
	for (int f = 0; f < d->nfuncs; f++)
		if (name[0] && strcmp(d->funcs[f].name, name) == 0)
			return f;
	return -1;
}

void loops_mark(struct func *f)
{
	for (int i = 0; i < f->n; i++) {
		struct insn *b = &f->insns[i];
		if (!b->is_branch)
			continue;
		for (int j = 0; j < f->n; j++)
			if (f->insns[j].addr == b->target)
				f->insns[j].is_target = 1;
		if (b->target > b->addr || f->n == 0 || b->target < f->insns[0].addr)
			continue;
		for (int j = 0; j < f->n; j++)
			if (f->insns[j].addr >= b->target && f->insns[j].addr <= b->addr)
				f->insns[j].in_loop = 1;
	}
}

/* Registers written inside a loop are not known at its head: clear them there. */
static void kill_loop_regs(const struct func *f, int head, struct regs *r)
{
	for (int i = head; i < f->n; i++) {
		const struct insn *b = &f->insns[i];
		if (!b->is_branch || b->target != f->insns[head].addr || b->addr < b->target)
			continue;
		for (int j = head; j <= i; j++) {
			struct ops o;
			ops_split(f->insns[j].text, &o);
			if (o.n == 0)
				continue;
			for (int t = 0; t < r->n; t++) {
				const char *reg = r->t[t].reg;
				const char *dst = o.op[o.n - 1]; /* x86 AT&T */
				const char *first = o.op[0];	 /* aarch64, riscv */
				char fam[8] = "";
				int w;
				if (x86_reg(dst, fam, &w) && strcmp(fam, reg) == 0)
					r->t[t].var = -1;
				char a[8];
				a64_reg(first, a);
				if (strcmp(a, reg) == 0 || strcmp(first, reg) == 0)
					r->t[t].var = -1;
			}
		}
	}
}

void classify_func(const struct dis *d, struct func *f)
{
	struct regs r = { .n = 0 };
	for (int i = 0; i < f->n; i++) {
		f->insns[i].nacc = 0;
		f->insns[i].is_branch = branch_target(d, &f->insns[i], &f->insns[i].target);
		f->insns[i].callee = call_target(d, &f->insns[i]);
	}
	loops_mark(f);
	/* one instruction at a time so loop heads can clear registers first */
	for (int i = 0; i < f->n; i++) {
		if (f->insns[i].is_target)
			kill_loop_regs(f, i, &r);
		switch (d->arch) {
		case ARCH_X86_64:
		case ARCH_I386: classify_x86(d, f, i, i + 1, &r); break;
		case ARCH_AARCH64: classify_a64(d, f, i, i + 1, &r); break;
		case ARCH_RISCV64: classify_rv(d, f, i, i + 1, &r); break;
		default: break;
		}
	}
}
