/*
 * prog.c - lowering a parsed test to instructions (see prog.h). Shared accesses inside an
 * expression become instructions writing temporaries, in C's order of evaluation: arguments
 * before the access, the left operand of && and || before the right one, which is evaluated
 * only when C evaluates it.
 */
#include "prog.h"
#include "buf.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

struct lower {
	struct lit_prog *p;
	struct prog_thread *th;
	char *err;
	size_t errlen;
	jmp_buf fail;
};

static _Noreturn void lfail(struct lower *l, int line, const char *msg)
{
	fmt_msg(l->err, l->errlen, "%s:%d: %s", l->p->t->file, line, msg);
	longjmp(l->fail, 1);
}

static struct insn *emit(struct lower *l, enum insn_op op, int line)
{
	if (l->th->n == PROG_MAX_CODE)
		lfail(l, line, "thread too long to enumerate");
	struct insn *i = &l->th->code[l->th->n++];
	memset(i, 0, sizeof *i);
	i->op = op;
	i->line = line;
	i->addr_reg = -1;
	return i;
}

static int temp(struct lower *l, int line)
{
	if (l->th->nregs == PROG_MAX_REGS)
		lfail(l, line, "expression too complex to enumerate");
	return l->th->nregs++;
}

static struct lit_expr *node(struct lower *l, enum lit_expr_kind k, int line)
{
	struct lit_expr *e = arena_alloc(l->p->arena, sizeof *e);
	if (!e)
		lfail(l, line, "out of memory");
	e->kind = k;
	e->line = line;
	return e;
}

static struct lit_expr *reg_node(struct lower *l, int reg, int line)
{
	struct lit_expr *e = node(l, LE_REG, line);
	e->reg = reg;
	return e;
}

/* e != 0 */
static struct lit_expr *truth(struct lower *l, const struct lit_expr *e)
{
	struct lit_expr *z = node(l, LE_CONST, e->line), *b = node(l, LE_BINARY, e->line);
	b->op = LOP_NE;
	b->a = (struct lit_expr *)e;
	b->b = z;
	return b;
}

static const struct lit_expr *expr(struct lower *l, const struct lit_expr *e);

/* a && b, a || b with accesses in b: b runs only when C would evaluate it. */
static const struct lit_expr *logical(struct lower *l, const struct lit_expr *e)
{
	const struct lit_expr *a = truth(l, expr(l, e->a));
	int t = temp(l, e->line);
	struct insn *set = emit(l, OP_SET, e->line);
	set->dst = t;
	set->e = a;
	struct insn *skip_b = NULL;
	if (e->op == LOP_LAND) {
		skip_b = emit(l, OP_JZ, e->line); /* false: the result is 0 */
		skip_b->e = reg_node(l, t, e->line);
	} else {
		struct insn *to_b = emit(l, OP_JZ, e->line); /* false: evaluate b */
		to_b->e = reg_node(l, t, e->line);
		skip_b = emit(l, OP_JMP, e->line); /* true: the result is 1 */
		to_b->target = l->th->n;
	}
	int jump = (int)(skip_b - l->th->code);
	const struct lit_expr *b = truth(l, expr(l, e->b));
	set = emit(l, OP_SET, e->line);
	set->dst = t;
	set->e = b;
	l->th->code[jump].target = l->th->n;
	return reg_node(l, t, e->line);
}

static int has_access(const struct lit_expr *e)
{
	if (!e)
		return 0;
	if (e->kind != LE_CONST && e->kind != LE_REG && e->kind != LE_UNARY &&
	    e->kind != LE_BINARY && e->kind != LE_ADDR)
		return 1;
	return has_access(e->a) || has_access(e->b);
}

static struct lit_expr *binary(struct lower *l, int op, const struct lit_expr *a,
			       const struct lit_expr *b, int line)
{
	struct lit_expr *e = node(l, LE_BINARY, line);
	e->op = op;
	e->a = (struct lit_expr *)a;
	e->b = (struct lit_expr *)b;
	return e;
}

/* The new value of an atomic_t operation rmw on old with operand a. */
static const struct lit_expr *rmw_value(struct lower *l, enum lit_rmw rmw,
					const struct lit_expr *old, const struct lit_expr *a,
					int line)
{
	static const int ops[] = {
		[LRMW_ADD] = LOP_ADD, [LRMW_SUB] = LOP_SUB,  [LRMW_AND] = LOP_BAND,
		[LRMW_OR] = LOP_BOR,  [LRMW_XOR] = LOP_BXOR, [LRMW_ANDNOT] = LOP_BAND
	};
	if (rmw == LRMW_ANDNOT) {
		struct lit_expr *n = node(l, LE_UNARY, line);
		n->op = '~';
		n->a = (struct lit_expr *)a;
		a = n;
	}
	return binary(l, ops[rmw], old, a, line);
}

/* What an atomic_t operation yields, its old value in register old: see enum lit_ret. */
static const struct lit_expr *rmw_result(struct lower *l, const struct lit_expr *e,
					 const struct insn *i)
{
	const struct lit_expr *old = reg_node(l, i->dst, e->line);
	if (e->ret == LRET_OLD || e->ret == LRET_VOID)
		return old;
	struct insn *s = emit(l, OP_SET, e->line);
	s->dst = temp(l, e->line);
	s->e = i->e; /* the new value, over the old one's register */
	const struct lit_expr *nv = reg_node(l, s->dst, e->line);
	struct lit_expr *zero = node(l, LE_CONST, e->line);
	if (e->ret == LRET_ZERO)
		nv = binary(l, LOP_EQ, nv, zero, e->line);
	else if (e->ret == LRET_NEG)
		nv = binary(l, LOP_LT, nv, zero, e->line);
	return nv;
}

/* srcu_read_lock(s): a read-side section of s begins, then smp_mb() (the kernel's
 * __srcu_read_lock has one); it yields 0, the index srcu_read_unlock is given back. */
static const struct lit_expr *srcu_lock(struct lower *l, const struct lit_expr *e)
{
	emit(l, OP_RCU_LOCK, e->line)->loc = e->loc;
	emit(l, OP_FENCE, e->line)->fence = LF_MB;
	return node(l, LE_CONST, e->line);
}

static enum insn_op access_op(enum lit_expr_kind k)
{
	switch (k) {
	case LE_XCHG: return OP_XCHG;
	case LE_CMPXCHG: return OP_CMPXCHG;
	case LE_TRYLOCK: return OP_TRYLOCK;
	case LE_RMW: return OP_RMW;
	case LE_ADD_UNLESS: return OP_ADD_UNLESS;
	default: return OP_LOAD;
	}
}

/* An access in an expression: an instruction writing a temporary, which stands for it. */
static const struct lit_expr *access(struct lower *l, const struct lit_expr *e)
{
	if (e->kind == LE_SRCU_LOCK)
		return srcu_lock(l, e);
	const struct lit_expr *a = e->a ? expr(l, e->a) : NULL;
	const struct lit_expr *b = e->b ? expr(l, e->b) : NULL;
	struct insn *i = emit(l, access_op(e->kind), e->line);
	i->dst = temp(l, e->line);
	i->loc = e->loc;
	i->addr_reg = e->dyn ? e->reg : -1;
	i->access = e->kind == LE_ISLOCKED ? LA_ONCE : e->access;
	i->order = e->order;
	i->e = a;
	i->e2 = b;
	if (e->kind == LE_RMW) {
		i->noret = e->ret == LRET_VOID;
		i->e = rmw_value(l, e->rmw, reg_node(l, i->dst, e->line), a, e->line);
		return rmw_result(l, e, i);
	}
	if (e->kind != LE_ISLOCKED)
		return reg_node(l, i->dst, e->line);
	struct insn *s = emit(l, OP_SET, e->line);
	s->dst = i->dst;
	s->e = truth(l, reg_node(l, i->dst, e->line));
	return reg_node(l, s->dst, e->line);
}

/* The pure expression equal to e once its accesses have been emitted. */
static const struct lit_expr *expr(struct lower *l, const struct lit_expr *e)
{
	if (!has_access(e))
		return e;
	switch (e->kind) {
	case LE_UNARY: {
		struct lit_expr *u = node(l, LE_UNARY, e->line);
		u->op = e->op;
		u->a = (struct lit_expr *)expr(l, e->a);
		return u;
	}
	case LE_BINARY: {
		if ((e->op == LOP_LAND || e->op == LOP_LOR) && has_access(e->b))
			return logical(l, e);
		struct lit_expr *b = node(l, LE_BINARY, e->line);
		b->op = e->op;
		b->a = (struct lit_expr *)expr(l, e->a);
		b->b = (struct lit_expr *)expr(l, e->b);
		return b;
	}
	default: return access(l, e);
	}
}

static void stmts(struct lower *l, const struct lit_stmt *s);

/* RCU and SRCU. On x86 the SRCU read-side primitives have a full barrier each (the kernel's
 * __srcu_read_lock and __srcu_read_unlock: smp_mb()), RCU's none (preemption off); a grace
 * period is a full barrier on both sides (synchronize_rcu, synchronize_srcu). */
static void rcu_stmt(struct lower *l, const struct lit_stmt *s)
{
	int srcu = s->loc >= 0;
	switch (s->kind) {
	case LS_RCU_LOCK:
		emit(l, OP_RCU_LOCK, s->line)->loc = s->loc;
		if (srcu)
			emit(l, OP_FENCE, s->line)->fence = LF_MB;
		break;
	case LS_RCU_UNLOCK:
		if (s->e)
			expr(l, s->e); /* the index: evaluated, not used */
		if (srcu)
			emit(l, OP_FENCE, s->line)->fence = LF_MB;
		emit(l, OP_RCU_UNLOCK, s->line)->loc = s->loc;
		break;
	default:
		emit(l, OP_FENCE, s->line)->fence = LF_MB;
		emit(l, OP_GP, s->line)->loc = s->loc;
		break;
	}
}

static void stmt(struct lower *l, const struct lit_stmt *s)
{
	struct insn *i;
	const struct lit_expr *e;
	switch (s->kind) {
	case LS_ASSIGN:
		e = expr(l, s->e);
		i = emit(l, OP_SET, s->line);
		i->dst = s->reg;
		i->e = e;
		break;
	case LS_STORE:
		e = expr(l, s->e);
		i = emit(l, OP_STORE, s->line);
		i->loc = s->loc;
		i->addr_reg = s->dyn ? s->reg : -1;
		i->access = s->access;
		i->e = e;
		break;
	case LS_RCU_LOCK:
	case LS_RCU_UNLOCK:
	case LS_SYNC: rcu_stmt(l, s); break;
	case LS_EVAL: expr(l, s->e); break;
	case LS_FENCE: emit(l, OP_FENCE, s->line)->fence = s->fence; break;
	case LS_LOCK:
	case LS_UNLOCK:
		i = emit(l, s->kind == LS_LOCK ? OP_LOCK : OP_UNLOCK, s->line);
		i->loc = s->loc;
		i->access = s->kind == LS_LOCK ? LA_ACQUIRE : LA_RELEASE;
		break;
	case LS_IF: {
		e = expr(l, s->e);
		int jz = l->th->n;
		emit(l, OP_JZ, s->line)->e = e;
		stmts(l, s->then);
		if (s->els) {
			int jmp = l->th->n;
			emit(l, OP_JMP, s->line);
			l->th->code[jz].target = l->th->n;
			stmts(l, s->els);
			l->th->code[jmp].target = l->th->n;
		} else {
			l->th->code[jz].target = l->th->n;
		}
		break;
	}
	case LS_BLOCK: stmts(l, s->body); break;
	}
}

static void stmts(struct lower *l, const struct lit_stmt *s)
{
	for (; s; s = s->next)
		stmt(l, s);
}

/* Lowers every thread; 0, or -1 with the message in l->err. */
static int lower_threads(struct lower *l)
{
	const struct lit_test *t = l->p->t;
	if (setjmp(l->fail))
		return -1;
	for (int i = 0; i < t->nthreads; i++) {
		struct prog_thread *th = calloc(1, sizeof *th);
		if (!th)
			lfail(l, t->threads[i].line, "out of memory");
		l->p->th[i] = l->th = th;
		l->p->nthreads = i + 1;
		th->nregs = t->threads[i].nregs;
		stmts(l, t->threads[i].body);
	}
	return 0;
}

struct lit_prog *lit_lower(const struct lit_test *t, char *err, size_t errlen)
{
	struct lit_prog *p = calloc(1, sizeof *p);
	struct lower *l = calloc(1, sizeof *l);
	if (!p || !l || !(p->arena = arena_new())) {
		fmt_msg(err, errlen, "%s:1: out of memory", t->file);
		free(l);
		lit_prog_free(p);
		return NULL;
	}
	p->t = t;
	*l = (struct lower){ .p = p, .err = err, .errlen = errlen };
	int rc = lower_threads(l);
	free(l);
	if (rc < 0) {
		lit_prog_free(p);
		return NULL;
	}
	return p;
}

void lit_prog_free(struct lit_prog *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->nthreads; i++)
		free(p->th[i]);
	arena_free(p->arena);
	free(p);
}

int insn_is_access(enum insn_op op)
{
	return op >= OP_LOAD;
}

static int32_t wrap(uint32_t v)
{
	return (int32_t)v; /* two's complement on every compiler this builds with */
}

int32_t lit_eval(const struct lit_expr *e, const int32_t *regs)
{
	switch (e->kind) {
	case LE_CONST: return e->value;
	case LE_REG: return regs[e->reg];
	case LE_ADDR: return e->value;
	case LE_UNARY: {
		int32_t a = lit_eval(e->a, regs);
		return e->op == '!' ? !a : e->op == '~' ? ~a : wrap(0u - (uint32_t)a);
	}
	case LE_BINARY: break;
	default: return 0; /* accesses were lowered away */
	}
	int32_t a = lit_eval(e->a, regs);
	if (e->op == LOP_LAND && !a)
		return 0;
	if (e->op == LOP_LOR && a)
		return 1;
	int32_t b = lit_eval(e->b, regs);
	switch (e->op) {
	case LOP_MUL: return wrap((uint32_t)a * (uint32_t)b);
	case LOP_ADD: return wrap((uint32_t)a + (uint32_t)b);
	case LOP_SUB: return wrap((uint32_t)a - (uint32_t)b);
	case LOP_LT: return a < b;
	case LOP_LE: return a <= b;
	case LOP_GT: return a > b;
	case LOP_GE: return a >= b;
	case LOP_EQ: return a == b;
	case LOP_NE: return a != b;
	case LOP_BAND: return a & b;
	case LOP_BXOR: return a ^ b;
	case LOP_BOR: return a | b;
	default: return b != 0; /* && and || with a decided above */
	}
}
