/*
 * flow.c - value flow of a variable's loads to its uses, and path-aware order (see flow.h).
 *
 * Each instruction is reduced to its effects (registers read and written, address registers,
 * flags, the stack slot of its memory operand, control) by one small function per syntax: x86
 * AT&T (x86_64, i386), aarch64, riscv64. A worklist solver runs the transfer over the
 * instruction-level control-flow graph to a fixpoint; a last pass records the uses.
 */
#include "flow.h"

#include "buf.h"
#include "classify.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FLOW_MAX_LOCS 96
#define FX_MAX 6

/* ---- effects of one instruction ------------------------------------------------------------ */

struct effects {
	char reads[FX_MAX][24]; /* registers whose values the result is computed from */
	int nreads;
	char addr[3][24]; /* registers that form the memory operand's address */
	int naddr;
	char writes[3][24]; /* registers written with the result */
	int nwrites;
	int partial; /* the write keeps part of the old value (x86 8/16-bit) */
	int konst;   /* the result is a constant (or unrelated memory) */
	int reads_flags, writes_flags;
	int mem_load, mem_store;     /* the memory operand is read / written */
	char slot[32];		     /* the memory operand is this stack slot ("" if not) */
	int cond, jump, leave, call; /* control: conditional branch, jump, no successor, call */
};

static int starts(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

static void add(char list[][24], int *n, int max, const char *reg)
{
	if (!reg[0] || *n >= max)
		return;
	for (int i = 0; i < *n; i++)
		if (!strcmp(list[i], reg))
			return;
	if (fmt_fixed(list[(*n)++], 24, "%s", reg))
		(*n)--;
}

#define READ(e, r) add((e)->reads, &(e)->nreads, FX_MAX, r)
#define ADDR(e, r) add((e)->addr, &(e)->naddr, 3, r)
#define WRITE(e, r) add((e)->writes, &(e)->nwrites, 3, r)

static void set_slot(struct effects *e, const char *base, long disp)
{
	if (fmt_fixed(e->slot, sizeof e->slot, "@%s%+ld", base, disp))
		e->slot[0] = '\0';
}

/* x86, AT&T syntax */

static int x86_fam(const char *op, char *fam)
{
	int w;
	if (op[0] != '%' || !x86_reg(op, fam, &w))
		return 0;
	return w ? w : 8;
}

static int x86_mem(const char *op)
{
	return op[0] && op[0] != '%' && op[0] != '$';
}

/* A register operand as a location: its family, or "<family>.b" for a byte register (al,
 * r8b): a byte written by setcc is then read back alone by movzbl, without the rest of the
 * register's older value. 0 if op is not a register. */
static int x86_loc(const char *op, char *loc)
{
	char fam[8];
	int w = x86_fam(op, fam);
	if (!w)
		return 0;
	if (fmt_fixed(loc, 24, w == 1 ? "%s.b" : "%s", fam))
		return 0;
	return w;
}

/* "-0x8(%rbp)", "0x0(%rip)", "0x4(%rax,%rdx,4)", "%fs:0x28", "0x0" (absolute) */
static void x86_memop(const char *op, struct effects *e)
{
	const char *p = strchr(op, '(');
	if (!p)
		return;
	char base[8] = "", index[8] = "";
	char r[16];
	const char *q = p + 1;
	size_t n = strcspn(q, ",)");
	if (fmt_fixed(r, sizeof r, "%.*s", (int)n, q))
		return;
	if (r[0] == '%' && strcmp(r, "%rip") && strcmp(r, "%eip"))
		x86_fam(r, base);
	if (q[n] == ',') {
		q += n + 1;
		n = strcspn(q, ",)");
		if (fmt_fixed(r, sizeof r, "%.*s", (int)n, q))
			return;
		if (r[0] == '%')
			x86_fam(r, index);
	}
	const char *c = strchr(op, ':');
	long disp = strtol(c && c < p ? c + 1 : op, NULL, 0);
	if ((!strcmp(base, "bp") || !strcmp(base, "sp")) && !index[0])
		set_slot(e, base, disp);
	ADDR(e, base);
	ADDR(e, index);
}

/* Control transfers and the implicit-operand conversions: 1 when the instruction is one. */
static int fx_x86_control(const struct ops *o, struct effects *e)
{
	const char *m = o->mn;
	if (m[0] == 'j') {
		if (starts(m, "jmp"))
			*(o->op[0][0] == '*' ? &e->leave : &e->jump) = 1;
		else
			e->cond = e->reads_flags = 1;
		if (starts(m, "jcxz") || starts(m, "jecxz") || starts(m, "jrcxz"))
			READ(e, "cx");
		return 1;
	}
	if (starts(m, "loop")) {
		e->cond = 1;
		READ(e, "cx");
		WRITE(e, "cx");
		return 1;
	}
	if (starts(m, "call"))
		return e->call = 1;
	if (starts(m, "ret") || starts(m, "ud2") || starts(m, "hlt"))
		return e->leave = 1;
	if (o->n == 0 && (starts(m, "clt") || starts(m, "cwt") || starts(m, "cbt") ||
			  starts(m, "cqt") || starts(m, "cdq") || starts(m, "cqo"))) {
		READ(e, "ax"); /* cltq, cwtl, cbtw: ax <- ax; cqto, cltd, cwtd: dx <- ax */
		WRITE(e, starts(m, "cqt") || starts(m, "cltd") || starts(m, "cwtd") ||
					 starts(m, "cdq") || starts(m, "cqo") ?
				 "dx" :
				 "ax");
		return 1;
	}
	return o->n == 0; /* nop, endbr64, mfence, lfence, pause, ... */
}

/* lea, compares, setcc, push, pop and zeroing idioms: 1 when the instruction is one (mem: the
 * index of its memory operand or -1). */
static int fx_x86_special(const struct ops *o, int mem, struct effects *e)
{
	const char *m = o->mn;
	char fam[24];
	int last = o->n - 1;
	if (starts(m, "lea")) { /* the address registers are the values computed from */
		struct effects a = { 0 };
		x86_memop(o->op[0], &a);
		for (int k = 0; k < a.naddr; k++)
			READ(e, a.addr[k]);
		if (x86_loc(o->op[last], fam))
			WRITE(e, fam);
		return 1;
	}
	int is_cmp = (starts(m, "cmp") && !starts(m, "cmpxchg")) || starts(m, "test") ||
		     !strcmp(m, "bt") || !strcmp(m, "btl") || !strcmp(m, "btq") ||
		     starts(m, "ucomis") || starts(m, "comis");
	if (is_cmp) {
		for (int k = 0; k < o->n; k++)
			if (x86_loc(o->op[k], fam))
				READ(e, fam);
		e->mem_load = mem >= 0;
		e->writes_flags = 1;
		return 1;
	}
	if (starts(m, "set")) {
		e->reads_flags = 1;
		if (x86_loc(o->op[0], fam)) {
			WRITE(e, fam);
			e->partial = 1;
		} else {
			e->mem_store = 1;
		}
		return 1;
	}
	if (starts(m, "push")) {
		if (x86_loc(o->op[0], fam))
			READ(e, fam);
		e->mem_load = mem >= 0;
		return 1;
	}
	if (starts(m, "pop")) {
		e->konst = 1;
		if (x86_loc(o->op[0], fam))
			WRITE(e, fam);
		return 1;
	}
	/* xor %eax,%eax and friends: a constant */
	if (o->n == 2 && !strcmp(o->op[0], o->op[1]) && o->op[0][0] == '%' &&
	    (starts(m, "xor") || starts(m, "sub") || starts(m, "pxor") || starts(m, "xorp"))) {
		e->konst = e->writes_flags = 1;
		if (x86_loc(o->op[1], fam))
			WRITE(e, fam);
		return 1;
	}
	return 0;
}

/* Moves and arithmetic: sources, destination, flags, memory. */
static void fx_x86_alu(const struct ops *o, int mem, struct effects *e)
{
	const char *m = o->mn;
	char fam[24];
	int last = o->n - 1;
	int is_mov = (starts(m, "mov") && o->n == 2) || starts(m, "cmov");
	int xchg = starts(m, "xchg") || starts(m, "xadd") || starts(m, "cmpxchg");
	/* sources: every register operand except a mov's destination */
	for (int k = 0; k < o->n; k++)
		if ((k != last || !is_mov || starts(m, "cmov")) && x86_loc(o->op[k], fam))
			READ(e, fam);
	if (starts(m, "cmov"))
		e->reads_flags = 1;
	if (is_mov && o->op[0][0] == '$')
		e->konst = 1;
	if (starts(m, "adc") || starts(m, "sbb") || starts(m, "rcl") || starts(m, "rcr"))
		e->reads_flags = 1;
	if (!strcmp(m, "mul") || !strcmp(m, "mull") || !strcmp(m, "mulq") || starts(m, "div") ||
	    starts(m, "idiv") || (starts(m, "imul") && o->n == 1)) {
		READ(e, "ax");
		READ(e, "dx");
		WRITE(e, "ax");
		WRITE(e, "dx");
		e->writes_flags = 1;
		return;
	}
	if (mem >= 0 && (mem != last || !is_mov))
		e->mem_load = 1;
	if (mem == last) {
		e->mem_store = 1;
	} else if (x86_loc(o->op[last], fam)) {
		int w = x86_loc(o->op[last], fam);
		WRITE(e, fam);
		e->partial = w < 4 && !starts(m, "movz") && !starts(m, "movs");
	}
	if (xchg && o->n == 2 && x86_loc(o->op[0], fam))
		WRITE(e, fam);
	if (!is_mov)
		e->writes_flags = 1;
}

static void fx_x86(const char *text, struct effects *e)
{
	struct ops o;
	ops_split(text, &o);
	const char *m = o.mn;
	if (fx_x86_control(&o, e))
		return;
	int mem = -1;
	for (int k = 0; k < o.n; k++)
		if (x86_mem(o.op[k]))
			mem = k;
	if (mem >= 0 && !starts(m, "lea") && !starts(m, "nop") && !starts(m, "prefetch"))
		x86_memop(o.op[mem], e);
	if (starts(m, "nop") || starts(m, "prefetch") || starts(m, "clflush"))
		return;
	if (!fx_x86_special(&o, mem, e))
		fx_x86_alu(&o, mem, e);
}

/* aarch64 */

/* w3/x3 -> "x3", b0/h0/s0/d0/q0/v0.4s -> "v0", wsp -> "sp", xzr/wzr -> "" (always 0);
 * 0 if op is not a register. */
static int a64_fam(const char *op, char *out)
{
	out[0] = '\0';
	if (!strcmp(op, "xzr") || !strcmp(op, "wzr"))
		return 1;
	if (!strcmp(op, "sp") || !strcmp(op, "wsp")) {
		strcpy(out, "sp");
		return 1;
	}
	if (!strcmp(op, "lr")) {
		strcpy(out, "x30");
		return 1;
	}
	if (!op[0] || !strchr("wxbhsdqv", op[0]) || !isdigit((unsigned char)op[1]))
		return 0;
	size_t n = 1;
	while (isdigit((unsigned char)op[n]))
		n++;
	if (op[n] && op[n] != '.')
		return 0;
	/* x3 / w3 -> "x3", v/q/d/s/h/b3 -> "v3"; a number too long for a register is none */
	return !fmt_fixed(out, 8, "%c%.*s", op[0] == 'w' || op[0] == 'x' ? 'x' : 'v', (int)(n - 1),
			  op + 1);
}

static int a64_read(struct effects *e, const char *op)
{
	char r[8];
	/* an extended/shifted register operand: "x2, lsl #3" was split; "w1, sxtw" too */
	if (!a64_fam(op, r))
		return 0;
	READ(e, r);
	return 1;
}

/* "[x1]", "[x1, #8]", "[sp, #16]!", "[x1, x2, lsl #3]" */
static void a64_memop(const char *op, struct effects *e)
{
	char tok[3][64] = { "", "", "" }; /* an operand is shorter than 64 bytes (ops_split) */
	const char *p = op + 1;
	for (int k = 0; k < 3 && *p && *p != ']'; k++) {
		while (*p == ' ')
			p++;
		size_t n = strcspn(p, ",]");
		xsnprintf(tok[k], sizeof tok[k], "%.*s", (int)n, p);
		p += n;
		if (*p == ',')
			p++;
	}
	char base[8] = "", index[8] = "";
	a64_fam(tok[0], base);
	int has_index = a64_fam(tok[1], index) && tok[1][0] != '#';
	long imm = tok[1][0] == '#' ? strtol(tok[1] + 1, NULL, 0) : 0;
	if ((!strcmp(base, "sp") || !strcmp(base, "x29")) && !has_index)
		set_slot(e, base, imm);
	ADDR(e, base);
	if (has_index)
		ADDR(e, index);
}

/* Branches, calls, returns, compares and instructions with no register effect: 1 when the
 * instruction is one. */
static int fx_a64_control(const struct ops *o, struct effects *e)
{
	const char *m = o->mn;
	if (!strcmp(m, "b"))
		return e->jump = 1;
	if (starts(m, "b.") || starts(m, "bc."))
		return e->cond = e->reads_flags = 1;
	if (starts(m, "cbz") || starts(m, "cbnz") || starts(m, "tbz") || starts(m, "tbnz")) {
		e->cond = 1;
		a64_read(e, o->op[0]);
		return 1;
	}
	if (!strcmp(m, "bl") || !strcmp(m, "blr"))
		return e->call = 1;
	if (!strcmp(m, "br") || !strcmp(m, "ret") || !strcmp(m, "eret") || !strcmp(m, "brk") ||
	    !strcmp(m, "udf") || !strcmp(m, "hlt"))
		return e->leave = 1;
	if (o->n == 0 || starts(m, "dmb") || starts(m, "dsb") || starts(m, "prfm") ||
	    starts(m, "prfum") || !strcmp(m, "isb") || !strcmp(m, "hint"))
		return 1;
	if (!strcmp(m, "cmp") || !strcmp(m, "cmn") || !strcmp(m, "tst") || starts(m, "fcmp") ||
	    !strcmp(m, "ccmp") || !strcmp(m, "ccmn") || starts(m, "fccmp")) {
		for (int k = 0; k < o->n; k++)
			a64_read(e, o->op[k]);
		e->writes_flags = 1;
		e->reads_flags = (m[0] == 'c' && m[1] == 'c') || starts(m, "fccmp");
		return 1;
	}
	return 0;
}

/* Atomics (LSE), loads and stores: 1 when the instruction is one (mem: its memory operand). */
static int fx_a64_memory(const struct ops *o, int mem, struct effects *e)
{
	static const char *const lse[] = { "ldadd",  "ldclr",  "ldeor",	 "ldset", "ldsmax",
					   "ldsmin", "ldumax", "ldumin", "swp",	  NULL };
	static const char *const lse_st[] = { "stadd",	"stclr",  "steor",  "stset", "stsmax",
					      "stsmin", "stumax", "stumin", NULL };
	const char *m = o->mn;
	char r[8];
	int is_lse = 0, is_lse_st = 0;
	for (int k = 0; lse[k]; k++)
		is_lse |= starts(m, lse[k]);
	for (int k = 0; lse_st[k]; k++)
		is_lse_st |= starts(m, lse_st[k]);
	if (is_lse || starts(m, "cas")) { /* ldadd ws, wt, [xn]: wt <- memory, memory <- op */
		a64_read(e, o->op[0]);
		if (starts(m, "cas"))
			a64_read(e, o->op[1]);
		e->mem_load = e->mem_store = 1;
		if (a64_fam(o->op[starts(m, "cas") ? 0 : 1], r))
			WRITE(e, r);
		return 1;
	}
	if (is_lse_st) {
		a64_read(e, o->op[0]);
		return e->mem_load = e->mem_store = 1;
	}
	if (m[0] == 'l' && m[1] == 'd' && mem >= 0) {
		int pair = strchr(m + 2, 'p') != NULL && !starts(m, "ldap");
		e->mem_load = 1;
		if (a64_fam(o->op[0], r))
			WRITE(e, r);
		if (pair && a64_fam(o->op[1], r))
			WRITE(e, r);
		return 1;
	}
	if (m[0] != 's' || m[1] != 't' || mem < 0)
		return 0;
	int excl = starts(m, "stxr") || starts(m, "stlxr") || starts(m, "stxp") ||
		   starts(m, "stlxp");
	int d0 = excl ? 1 : 0;
	e->mem_store = 1;
	a64_read(e, o->op[d0]);
	if (strchr(m + 2, 'p') != NULL) /* a pair */
		a64_read(e, o->op[d0 + 1]);
	if (excl && a64_fam(o->op[0], r)) {
		/* the status register gets no value of the variable; the store (a use, recorded
		 * before the writes) gets the data */
		WRITE(e, r);
		e->konst = 1;
	}
	return 1;
}

/* The general form: op0 written, the other register operands read; constants and flags. */
static void fx_a64_alu(const struct ops *o, struct effects *e)
{
	const char *m = o->mn;
	char r[8];
	if (!strcmp(m, "adrp") || !strcmp(m, "adr") || !strcmp(m, "movz") || !strcmp(m, "movn")) {
		e->konst = 1;
		if (a64_fam(o->op[0], r))
			WRITE(e, r);
		return;
	}
	for (int k = 1; k < o->n; k++)
		a64_read(e, o->op[k]);
	if (!strcmp(m, "movk")) {
		a64_read(e, o->op[0]);
		e->partial = 1;
	}
	if ((!strcmp(m, "mov") || !strcmp(m, "fmov") || !strcmp(m, "movi")) && o->n == 2 &&
	    o->op[1][0] == '#')
		e->konst = 1;
	if (starts(m, "csel") || starts(m, "csinc") || starts(m, "csinv") || starts(m, "csneg") ||
	    starts(m, "cset") || starts(m, "cinc") || starts(m, "cinv") || starts(m, "cneg") ||
	    starts(m, "fcsel") || !strcmp(m, "adc") || !strcmp(m, "sbc") || !strcmp(m, "ngc") ||
	    !strcmp(m, "adcs") || !strcmp(m, "sbcs"))
		e->reads_flags = 1;
	if (!strcmp(m, "adds") || !strcmp(m, "subs") || !strcmp(m, "ands") || !strcmp(m, "bics") ||
	    !strcmp(m, "negs") || !strcmp(m, "adcs") || !strcmp(m, "sbcs") || !strcmp(m, "ngcs"))
		e->writes_flags = 1;
	if (a64_fam(o->op[0], r))
		WRITE(e, r);
}

static void fx_a64(const char *text, struct effects *e)
{
	struct ops o;
	ops_split(text, &o);
	int mem = -1;
	for (int k = 0; k < o.n; k++)
		if (o.op[k][0] == '[')
			mem = k;
	if (fx_a64_control(&o, e))
		return;
	if (mem >= 0)
		a64_memop(o.op[mem], e);
	if (!fx_a64_memory(&o, mem, e))
		fx_a64_alu(&o, e);
}

/* riscv64 */

static int rv_fam(const char *op, char *out)
{
	out[0] = '\0';
	static const char *const named[] = { "ra", "sp", "gp", "tp", NULL };
	if (!strcmp(op, "zero"))
		return 1;
	if (!strcmp(op, "fp")) {
		strcpy(out, "s0");
		return 1;
	}
	for (int i = 0; named[i]; i++)
		if (!strcmp(op, named[i])) {
			strcpy(out, op);
			return 1;
		}
	const char *p = op;
	if (p[0] == 'f' && p[1] && strchr("tsa", p[1]))
		p++;
	if (!p[0] || !strchr("tsa", p[0]) || !isdigit((unsigned char)p[1]))
		return 0;
	for (const char *q = p + 1; *q; q++)
		if (!isdigit((unsigned char)*q))
			return 0;
	if (fmt_fixed(out, 8, "%s", op))
		return 0;
	return 1;
}

static void rv_read(struct effects *e, const char *op)
{
	char r[8];
	if (rv_fam(op, r))
		READ(e, r);
}

/* "-24(s0)", "0(a5)", "(a5)" */
static void rv_memop(const char *op, struct effects *e)
{
	const char *p = strchr(op, '(');
	if (!p)
		return;
	char reg[16], base[8];
	size_t n = strcspn(p + 1, ")");
	if (fmt_fixed(reg, sizeof reg, "%.*s", (int)n, p + 1))
		return;
	if (!rv_fam(reg, base))
		return;
	if (!strcmp(base, "sp") || !strcmp(base, "s0"))
		set_slot(e, base, strtol(op, NULL, 0));
	ADDR(e, base);
}

static void fx_rv(const char *text, struct effects *e)
{
	static const char *const loads[] = { "lb",  "lh",  "lw",  "ld",	 "lbu",
					     "lhu", "lwu", "flw", "fld", NULL };
	static const char *const stores[] = { "sb", "sh", "sw", "sd", "fsw", "fsd", NULL };
	struct ops o;
	ops_split(text, &o);
	const char *m = o.mn;
	char r[8];
	if (m[0] == 'b' && strcmp(m, "bset") && strcmp(m, "bclr") && strcmp(m, "binv") &&
	    strcmp(m, "bext")) {
		e->cond = 1;
		for (int k = 0; k + 1 < o.n; k++)
			rv_read(e, o.op[k]);
		return;
	}
	if (!strcmp(m, "j")) {
		e->jump = 1;
		return;
	}
	if (!strcmp(m, "ret") || !strcmp(m, "jr") || !strcmp(m, "tail") || !strcmp(m, "ebreak") ||
	    !strcmp(m, "unimp")) {
		e->leave = 1;
		return;
	}
	if (!strcmp(m, "call") || !strcmp(m, "jal") || !strcmp(m, "jalr")) {
		e->call = 1;
		return;
	}
	if (o.n == 0 || starts(m, "fence") || !strcmp(m, "nop"))
		return;
	int is_load = 0, is_store = 0;
	for (int k = 0; loads[k]; k++)
		is_load |= !strcmp(m, loads[k]);
	for (int k = 0; stores[k]; k++)
		is_store |= !strcmp(m, stores[k]);
	if (is_load || starts(m, "lr.")) {
		rv_memop(o.op[1], e);
		e->mem_load = 1;
		if (rv_fam(o.op[0], r))
			WRITE(e, r);
		return;
	}
	if (is_store) {
		rv_memop(o.op[1], e);
		e->mem_store = 1;
		rv_read(e, o.op[0]);
		return;
	}
	if (starts(m, "sc.") || starts(m, "amo")) {
		rv_memop(o.op[o.n - 1], e);
		e->mem_store = 1;
		e->mem_load = starts(m, "amo");
		rv_read(e, o.op[1]);
		if (rv_fam(o.op[0], r))
			WRITE(e, r);
		e->konst = starts(m, "sc."); /* sc's rd is a status */
		return;
	}
	if (!strcmp(m, "li") || !strcmp(m, "lui") || !strcmp(m, "auipc"))
		e->konst = 1;
	for (int k = 1; k < o.n; k++)
		rv_read(e, o.op[k]);
	if (rv_fam(o.op[0], r))
		WRITE(e, r);
}

static void effects_of(enum arch a, const struct insn *in, struct effects *e)
{
	memset(e, 0, sizeof *e);
	switch (a) {
	case ARCH_X86_64:
	case ARCH_I386: fx_x86(in->text, e); break;
	case ARCH_AARCH64: fx_a64(in->text, e); break;
	case ARCH_RISCV64: fx_rv(in->text, e); break;
	default: break;
	}
}

/* ---- the state: location -> loads of the variable it may carry ------------------------------- */

struct loc {
	char name[24];
	uint64_t fresh, stale;
};

struct state {
	int n, reached;
	struct loc l[FLOW_MAX_LOCS];
};

static struct loc *st_find(struct state *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->l[i].name, name))
			return &s->l[i];
	return NULL;
}

static void st_get(struct state *s, const char *name, uint64_t *fresh, uint64_t *stale)
{
	const struct loc *l = st_find(s, name);
	if (l) {
		*fresh |= l->fresh;
		*stale |= l->stale;
	}
}

/* -1: no room */
static int st_set(struct state *s, const char *name, uint64_t fresh, uint64_t stale)
{
	struct loc *l = st_find(s, name);
	if (!fresh && !stale) {
		if (l)
			*l = s->l[--s->n];
		return 0;
	}
	if (!l) {
		if (s->n == FLOW_MAX_LOCS)
			return -1;
		l = &s->l[s->n++];
		if (fmt_fixed(l->name, sizeof l->name, "%s", name))
			return -1;
	}
	l->fresh = fresh;
	l->stale = stale;
	return 0;
}

/* dst |= src; *changed when dst grew; -1: no room */
static int st_join(struct state *dst, const struct state *src, int *changed)
{
	if (!dst->reached) {
		*dst = *src;
		dst->reached = 1;
		*changed = 1;
		return 0;
	}
	for (int i = 0; i < src->n; i++) {
		const struct loc *s = &src->l[i];
		struct loc *d = st_find(dst, s->name);
		uint64_t f = d ? d->fresh : 0, t = d ? d->stale : 0;
		if ((f | s->fresh) == f && (t | s->stale) == t)
			continue;
		*changed = 1;
		if (st_set(dst, s->name, f | s->fresh, t | s->stale))
			return -1;
	}
	return 0;
}

/* A register read: "ax.b" is the byte last written alone, else the whole register. */
static void loc_get(struct state *s, const char *name, uint64_t *fresh, uint64_t *stale)
{
	const char *dot = strchr(name, '.');
	if (dot && !st_find(s, name)) {
		char base[24];
		if (fmt_fixed(base, sizeof base, "%.*s", (int)(dot - name), name))
			return;
		st_get(s, base, fresh, stale);
		return;
	}
	st_get(s, name, fresh, stale);
}

/* A register write: a byte ("ax.b") is kept alone and merged into the whole register; a
 * partial write merges; a whole write replaces the register and forgets its byte. -1: no room. */
static int loc_set(struct state *s, const char *name, uint64_t fresh, uint64_t stale, int partial)
{
	const char *dot = strchr(name, '.');
	char base[24], byte[32];
	if (dot) {
		if (fmt_fixed(base, sizeof base, "%.*s", (int)(dot - name), name))
			return -1;
		uint64_t f = fresh, t = stale;
		st_get(s, base, &f, &t);
		return st_set(s, name, fresh, stale) || st_set(s, base, f, t) ? -1 : 0;
	}
	uint64_t f = fresh, t = stale;
	if (partial)
		st_get(s, name, &f, &t);
	if (fmt_fixed(byte, sizeof byte, "%s.b", name))
		return -1;
	if (st_find(s, byte) && st_set(s, byte, 0, 0))
		return -1;
	return st_set(s, name, f, t);
}

static int callee_saved(enum arch a, const char *reg)
{
	static const char *const x64[] = { "bx", "bp", "sp", "r12", "r13", "r14", "r15", NULL };
	static const char *const x32[] = { "bx", "si", "di", "bp", "sp", NULL };
	const char *const *list = a == ARCH_X86_64 ? x64 : a == ARCH_I386 ? x32 : NULL;
	if (reg[0] == '@')
		return 1;
	if (list) {
		for (int i = 0; list[i]; i++)
			if (!strcmp(list[i], reg))
				return 1;
		return 0;
	}
	if (a == ARCH_AARCH64) {
		int n = reg[0] == 'x' ? atoi(reg + 1) : -1;
		return !strcmp(reg, "sp") || (n >= 19 && n <= 29);
	}
	return !strcmp(reg, "sp") || (reg[0] == 's' && isdigit((unsigned char)reg[1]));
}

/* ---- the analysis ---------------------------------------------------------------------------- */

struct use_acc {
	uint64_t reach, stale;
};

static int loads_var(const struct dis *d, const struct insn *in, const char *var)
{
	for (int a = 0; a < in->nacc; a++)
		if ((in->acc[a].kind == ACC_LOAD || in->acc[a].kind == ACC_RMW) &&
		    !strcmp(d->syms[in->acc[a].var].name, var))
			return 1;
	return 0;
}

static int stores_var(const struct dis *d, const struct insn *in, const char *var)
{
	for (int a = 0; a < in->nacc; a++)
		if ((in->acc[a].kind == ACC_STORE || in->acc[a].kind == ACC_RMW) &&
		    !strcmp(d->syms[in->acc[a].var].name, var))
			return 1;
	return 0;
}

/* One instruction on s (in place); with rec, the use's loads are added to u. -1: no room. */
static int transfer(const struct dis *d, const struct insn *in, const struct effects *e, int lid,
		    const struct flow_use *use, struct state *s, struct use_acc *u)
{
	if (lid >= 0) /* the variable is loaded again: every value of it now is an older one */
		for (int i = 0; i < s->n; i++) {
			s->l[i].stale |= s->l[i].fresh;
			s->l[i].fresh = 0;
		}
	uint64_t vf = 0, vs = 0;
	for (int k = 0; k < e->nreads; k++)
		loc_get(s, e->reads[k], &vf, &vs);
	if (e->reads_flags)
		st_get(s, "flags", &vf, &vs);
	if (e->mem_load && e->slot[0])
		st_get(s, e->slot, &vf, &vs);
	if (lid >= 0)
		vf |= 1ull << lid;
	if (u) {
		uint64_t af = 0, as = 0;
		if (use->kind == FLOW_DEREF && (e->mem_load || e->mem_store) && !e->slot[0])
			for (int k = 0; k < e->naddr; k++)
				st_get(s, e->addr[k], &af, &as);
		if (use->kind == FLOW_BRANCH && e->cond) {
			af = vf;
			as = vs;
		}
		if (use->kind == FLOW_STORE && stores_var(d, in, use->var)) {
			af = vf;
			as = vs;
		}
		u->reach |= af | as;
		u->stale |= as;
	}
	if (e->konst)
		vf = vs = 0;
	for (int k = 0; k < e->nwrites; k++)
		if (loc_set(s, e->writes[k], vf, vs, e->partial))
			return -1;
	if (e->writes_flags && st_set(s, "flags", vf, vs))
		return -1;
	if (e->mem_store && e->slot[0] && st_set(s, e->slot, vf, vs))
		return -1;
	return 0;
}

static void after_call(enum arch a, struct state *s)
{
	for (int i = 0; i < s->n;)
		if (!callee_saved(a, s->l[i].name))
			s->l[i] = s->l[--s->n];
		else
			i++;
}

static int index_of(const struct func *f, unsigned long addr)
{
	for (int i = 0; i < f->n; i++)
		if (f->insns[i].addr == addr)
			return i;
	return -1;
}

/* successors of instruction i: up to 2 in out; returns how many */
static int succs(const struct func *f, int i, const struct effects *e, int out[2])
{
	int n = 0;
	if (e->leave)
		return 0;
	if (!e->jump && i + 1 < f->n)
		out[n++] = i + 1;
	if ((e->jump || e->cond) && f->insns[i].is_branch) {
		int t = index_of(f, f->insns[i].target);
		if (t >= 0 && (n == 0 || out[0] != t))
			out[n++] = t;
	}
	return n;
}

struct flow_use flow_use_parse(const char *name)
{
	struct flow_use u = { FLOW_STORE, name };
	if (!strcmp(name, "deref"))
		u.kind = FLOW_DEREF;
	else if (!strcmp(name, "branch"))
		u.kind = FLOW_BRANCH;
	return u;
}

int flow_func(const struct dis *d, const struct func *f, const char *var,
	      const struct flow_use *use, struct flow_result *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	if (f->n == 0)
		return 0;
	int *lid = xmalloc((size_t)f->n * sizeof *lid);
	struct effects *fx = xmalloc((size_t)f->n * sizeof *fx);
	struct state *in = xcalloc((size_t)f->n, sizeof *in);
	int *work = xmalloc((size_t)f->n * sizeof *work);
	int *queued = xcalloc((size_t)f->n, sizeof *queued);
	struct state *s = xmalloc(sizeof *s);
	int rc = 0, nw = 0;
	for (int i = 0; i < f->n; i++) {
		effects_of(d->arch, &f->insns[i], &fx[i]);
		lid[i] = -1;
		if (loads_var(d, &f->insns[i], var)) {
			if (r->nloads == FLOW_MAX_LOADS) {
				fmt_msg(err, errlen,
					"%s: more than %d loads of %s: value flow not analysed",
					f->name, FLOW_MAX_LOADS, var);
				rc = -1;
				goto out;
			}
			r->load_insn[r->nloads] = i;
			lid[i] = r->nloads++;
		}
	}
	in[0].reached = 1;
	work[nw++] = 0;
	queued[0] = 1;
	while (nw > 0 && rc == 0) {
		int i = work[--nw];
		queued[i] = 0;
		*s = in[i];
		if (transfer(d, &f->insns[i], &fx[i], lid[i], use, s, NULL)) {
			rc = -1;
			break;
		}
		if (fx[i].call)
			after_call(d->arch, s);
		int next[2], ns = succs(f, i, &fx[i], next);
		for (int k = 0; k < ns; k++) {
			int changed = 0;
			if (st_join(&in[next[k]], s, &changed)) {
				rc = -1;
				break;
			}
			if (changed && !queued[next[k]]) {
				queued[next[k]] = 1;
				work[nw++] = next[k];
			}
		}
	}
	if (rc) {
		fmt_msg(err, errlen, "%s: more than %d live locations: value flow not analysed",
			f->name, FLOW_MAX_LOCS);
		goto out;
	}
	struct use_acc u = { 0, 0 };
	for (int i = 0; i < f->n; i++) {
		if (!in[i].reached)
			continue;
		*s = in[i];
		transfer(d, &f->insns[i], &fx[i], lid[i], use, s, &u);
	}
	r->reach = u.reach;
	r->stale = u.stale;
out:
	free(lid);
	free(fx);
	free(in);
	free(work);
	free(queued);
	free(s);
	return rc;
}

/* ---- order on every path --------------------------------------------------------------------- */

static int accesses_var(const struct dis *d, const struct insn *in, const char *var, int stores)
{
	return stores ? stores_var(d, in, var) : loads_var(d, in, var);
}

int flow_before(const struct dis *d, const struct func *f, const char *a, const char *b, int stores)
{
	if (f->n == 0)
		return 0;
	/* must-analysis: done[i] = a was accessed on every path from the entry to i's start */
	signed char *done = xmalloc((size_t)f->n); /* -1: not reached yet, 0, 1 */
	int *work = xmalloc((size_t)f->n * sizeof *work);
	int *queued = xcalloc((size_t)f->n, sizeof *queued);
	memset(done, -1, (size_t)f->n);
	done[0] = 0;
	int nw = 0;
	work[nw++] = 0;
	queued[0] = 1;
	while (nw > 0) {
		int i = work[--nw];
		queued[i] = 0;
		struct effects e;
		effects_of(d->arch, &f->insns[i], &e);
		int out = done[i] || accesses_var(d, &f->insns[i], a, stores);
		int next[2], ns = succs(f, i, &e, next);
		for (int k = 0; k < ns; k++) {
			int j = next[k], v = done[j] < 0 ? out : done[j] && out;
			if (v != done[j] && !queued[j]) {
				queued[j] = 1;
				work[nw++] = j;
			}
			done[j] = (signed char)v;
		}
	}
	int seen = 0, holds = 1;
	for (int i = 0; i < f->n; i++)
		if (done[i] >= 0 && accesses_var(d, &f->insns[i], b, stores)) {
			seen = 1;
			holds &= done[i];
		}
	free(done);
	free(work);
	free(queued);
	return seen && holds;
}
