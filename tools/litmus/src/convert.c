/*
 * convert.c - writing a litmus test as a course example (see convert.h).
 */
#include "convert.h"
#include "buf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cond.h"

enum variant { V_PLAIN, V_FIXED };

/* ---- expressions ---------------------------------------------------------------------------- */

/* C binding strength of an expression (higher binds tighter). */
static int prec(const struct lit_expr *e)
{
	static const int binprec[] = {
		[LOP_MUL] = 10, [LOP_ADD] = 9, [LOP_SUB] = 9,  [LOP_LT] = 7,  [LOP_LE] = 7,
		[LOP_GT] = 7,	[LOP_GE] = 7,  [LOP_EQ] = 6,   [LOP_NE] = 6,  [LOP_BAND] = 5,
		[LOP_BXOR] = 4, [LOP_BOR] = 3, [LOP_LAND] = 2, [LOP_LOR] = 1,
	};
	return e->kind == LE_BINARY ? binprec[e->op] : e->kind == LE_UNARY ? 11 : 12;
}

struct printer {
	const struct lit_test *t;
	int th;
	enum variant v;
	struct buf *b;
	struct lit_line_map *at; /* NULL, or: the litmus line of each line of b (from 0) */
};

static void expr(struct printer *p, const struct lit_expr *e, int min);

static int arith(int op)
{
	return op == LOP_MUL || op == LOP_ADD || op == LOP_SUB;
}

static int logical(int op)
{
	return op == LOP_LAND || op == LOP_LOR;
}

/* Operand c of the binary operator e needs parentheses: for its meaning, or because gcc's
 * -Wparentheses (-Wall -Werror on every target) asks for them (a & b == c, a && b || c,
 * !a == b). */
static int paren(const struct lit_expr *e, const struct lit_expr *c, int right)
{
	if (c->kind == LE_UNARY)
		return c->op == '!' && !right && !logical(e->op) && !arith(e->op);
	if (c->kind != LE_BINARY)
		return 0;
	if (prec(c) < prec(e) || (right && prec(c) == prec(e)))
		return 1;
	if (arith(e->op))
		return 0;
	if (logical(e->op))
		return logical(c->op) && c->op != e->op;
	if (e->op <= LOP_NE) /* a comparison */
		return !arith(c->op);
	return c->op != e->op; /* & ^ | */
}

static void operand(struct printer *p, const struct lit_expr *e, const struct lit_expr *c,
		    int right)
{
	int par = paren(e, c, right);
	if (par)
		buf_puts(p->b, "(");
	expr(p, c, 0);
	if (par)
		buf_puts(p->b, ")");
}

static const char *loc_name(const struct printer *p, int loc)
{
	return p->t->locs[loc].name;
}

static void call(struct printer *p, const char *fn, const char *suffix, int loc,
		 const struct lit_expr *a, const struct lit_expr *b)
{
	buf_printf(p->b, "%s%s(&%s", fn, suffix, loc_name(p, loc));
	if (a) {
		buf_puts(p->b, ", ");
		expr(p, a, 0);
	}
	if (b) {
		buf_puts(p->b, ", ");
		expr(p, b, 0);
	}
	buf_puts(p->b, ")");
}

/* rcu_read_lock(), srcu_read_unlock(&s, idx), synchronize_srcu(&s), ... (primitives() defines
 * them: steps of the explorer's scheduler, which runs the grace periods) */
static void rcu_call(struct printer *p, const struct lit_stmt *s)
{
	static const char *const names[2][3] = {
		{ "rcu_read_lock", "rcu_read_unlock", "synchronize_rcu" },
		{ "srcu_read_lock", "srcu_read_unlock", "synchronize_srcu" }
	};
	int k = s->kind == LS_RCU_LOCK ? 0 : s->kind == LS_RCU_UNLOCK ? 1 : 2;
	if (s->loc < 0)
		buf_printf(p->b, "%s()", names[0][k]);
	else if (k == 0)
		buf_printf(p->b, "(void)%s(&%s)", names[1][k], loc_name(p, s->loc));
	else
		call(p, names[1][k], "", s->loc, k == 1 && s->e ? s->e : NULL, NULL);
}

/* xchg, cmpxchg and the atomic_t operations, with the kernel's order of arguments:
 * atomic_add(i, &v), atomic_inc(&v), atomic_cmpxchg(&v, o, n), atomic_add_unless(&v, a, u). */
static void rmw(struct printer *p, const struct lit_expr *e)
{
	const char *fn = e->spelled ? e->spelled : e->kind == LE_XCHG ? "xchg" : "cmpxchg";
	const char *suffix = e->spelled ? "" : lit_order_suffix(e->order);
	if (e->kind == LE_RMW && !e->op) {
		buf_printf(p->b, "%s(", fn);
		expr(p, e->a, 0);
		buf_printf(p->b, ", &%s)", loc_name(p, e->loc));
	} else if ((e->kind == LE_RMW && e->op) || !strcmp(fn, "atomic_inc_not_zero")) {
		call(p, fn, "", e->loc, NULL, NULL);
	} else {
		call(p, fn, suffix, e->loc, e->a, e->kind == LE_XCHG ? NULL : e->b);
	}
}

static void expr(struct printer *p, const struct lit_expr *e, int min)
{
	char name[2 * LIT_NAME];
	int paren = prec(e) < min;
	if (paren)
		buf_puts(p->b, "(");
	switch (e->kind) {
	case LE_CONST: buf_printf(p->b, "%d", (int)e->value); break;
	case LE_REG:
		lit_reg_cname(p->th, p->t->threads[p->th].regs[e->reg].name, name, sizeof name);
		buf_puts(p->b, name);
		break;
	case LE_LOAD:
		if (p->v == V_PLAIN || e->access == LA_PLAIN)
			buf_puts(p->b, loc_name(p, e->loc));
		else if (e->spelled) /* atomic_read(&v), defined by primitives() */
			call(p, e->spelled, "", e->loc, NULL, NULL);
		else if (e->access == LA_ONCE)
			buf_printf(p->b, "READ_ONCE(%s)", loc_name(p, e->loc));
		else
			buf_printf(p->b, "smp_load_acquire(&%s)", loc_name(p, e->loc));
		break;
	case LE_XCHG:
	case LE_CMPXCHG:
	case LE_RMW:
	case LE_ADD_UNLESS: rmw(p, e); break;
	case LE_ADDR: /* (lit_convert refuses pointers: not printed) */ buf_puts(p->b, "0"); break;
	case LE_SRCU_LOCK: call(p, "srcu_read_lock", "", e->loc, NULL, NULL); break;
	case LE_TRYLOCK: call(p, "spin_trylock", "", e->loc, NULL, NULL); break;
	case LE_ISLOCKED: call(p, "spin_is_locked", "", e->loc, NULL, NULL); break;
	case LE_UNARY:
		buf_printf(p->b, "%c", e->op);
		expr(p, e->a, 11);
		break;
	case LE_BINARY:
		operand(p, e, e->a, 0);
		buf_printf(p->b, " %s ", lit_binop_text(e->op));
		operand(p, e, e->b, 1);
		break;
	}
	if (paren)
		buf_puts(p->b, ")");
}

/* ---- statements ----------------------------------------------------------------------------- */

static void indent(struct printer *p, int depth)
{
	for (int i = 0; i < depth; i++)
		buf_puts(p->b, "\t");
}

/* A statement that prints nothing in this variant (a barrier in plain). */
static int silent(const struct printer *p, const struct lit_stmt *s)
{
	return s->kind == LS_FENCE && p->v == V_PLAIN;
}

static void stmt(struct printer *p, const struct lit_stmt *s, int depth);

/* The statements of a list, one per line. */
static void stmts(struct printer *p, const struct lit_stmt *s, int depth)
{
	for (; s; s = s->next) {
		if (silent(p, s))
			continue;
		indent(p, depth);
		stmt(p, s, depth);
		buf_puts(p->b, "\n");
	}
}

/* The body of an if or else: a braced block on this line, or a statement on the next. */
static void branch(struct printer *p, const struct lit_stmt *s, int depth)
{
	if (s && s->kind == LS_BLOCK) {
		buf_puts(p->b, " {\n");
		stmts(p, s->body, depth + 1);
		indent(p, depth);
		buf_puts(p->b, "}");
		return;
	}
	buf_puts(p->b, "\n");
	indent(p, depth + 1);
	if (!s || silent(p, s))
		buf_puts(p->b, ";");
	else
		stmt(p, s, depth + 1);
}

static void if_stmt(struct printer *p, const struct lit_stmt *s, int depth)
{
	buf_puts(p->b, "if (");
	expr(p, s->e, 0);
	buf_puts(p->b, ")");
	branch(p, s->then, depth);
	if (!s->els)
		return;
	if (s->then && s->then->kind == LS_BLOCK) {
		buf_puts(p->b, " else");
	} else {
		buf_puts(p->b, "\n");
		indent(p, depth);
		buf_puts(p->b, "else");
	}
	if (s->els->kind == LS_IF) {
		buf_puts(p->b, " ");
		if_stmt(p, s->els, depth);
	} else {
		branch(p, s->els, depth);
	}
}

/* One statement, indented by the caller, without its newline. */
/* The lines of b written so far (its newlines). */
static size_t lines_of(const struct buf *b)
{
	size_t k = 0;
	for (size_t i = 0; i < b->len; i++)
		k += buf_str(b)[i] == '\n';
	return k;
}

/* m->litmus[k] = line, growing the map (new entries 0). */
static void map_set(struct lit_line_map *m, size_t k, int line)
{
	if (k >= m->n) {
		m->litmus = xrealloc(m->litmus, (k + 1) * sizeof *m->litmus);
		for (size_t i = m->n; i <= k; i++)
			m->litmus[i] = 0;
		m->n = k + 1;
	}
	m->litmus[k] = line;
}

/* Records that the line of b being written holds the statement of litmus line `line`. */
static void mark_line(struct printer *p, int line)
{
	if (p->at)
		map_set(p->at, lines_of(p->b), line);
}

static void stmt(struct printer *p, const struct lit_stmt *s, int depth)
{
	char name[2 * LIT_NAME];
	mark_line(p, s->line);
	switch (s->kind) {
	case LS_ASSIGN:
		lit_reg_cname(p->th, p->t->threads[p->th].regs[s->reg].name, name, sizeof name);
		buf_printf(p->b, "%s = ", name);
		expr(p, s->e, 0);
		break;
	case LS_STORE:
		if (p->v == V_PLAIN || s->access == LA_PLAIN)
			buf_printf(p->b, "%s = ", loc_name(p, s->loc));
		else if (s->spelled) /* atomic_set(&v, e) */
			buf_printf(p->b, "%s(&%s, ", s->spelled, loc_name(p, s->loc));
		else if (s->access == LA_ONCE)
			buf_printf(p->b, "WRITE_ONCE(%s, ", loc_name(p, s->loc));
		else
			buf_printf(p->b, "smp_store_release(&%s, ", loc_name(p, s->loc));
		expr(p, s->e, 0);
		if (p->v == V_FIXED && s->access != LA_PLAIN)
			buf_puts(p->b, ")");
		break;
	case LS_EVAL:
		buf_puts(p->b, "(void)");
		expr(p, s->e, 11);
		break;
	case LS_FENCE: buf_printf(p->b, "%s()", lit_fence_name(s->fence)); break;
	case LS_LOCK:
	case LS_UNLOCK:
		buf_printf(p->b, "%s(&%s)", s->kind == LS_LOCK ? "spin_lock" : "spin_unlock",
			   loc_name(p, s->loc));
		break;
	case LS_IF: if_stmt(p, s, depth); return;
	case LS_RCU_LOCK:
	case LS_RCU_UNLOCK:
	case LS_SYNC: rcu_call(p, s); break;
	case LS_BLOCK:
		buf_puts(p->b, "{\n");
		stmts(p, s->body, depth + 1);
		indent(p, depth);
		buf_puts(p->b, "}");
		return;
	}
	buf_puts(p->b, ";");
}

/* ---- evidence ------------------------------------------------------------------------------ */

struct counts {
	int loads[LIT_MAX_LOCS], stores[LIT_MAX_LOCS];
	int unfit[LIT_MAX_LOCS]; /* conditional, plain or read-modify-written: not counted */
};

static void count_expr(struct counts *c, const struct lit_expr *e, int cond)
{
	if (!e)
		return;
	switch (e->kind) {
	case LE_LOAD:
		if (cond || e->access == LA_PLAIN)
			c->unfit[e->loc] = 1;
		c->loads[e->loc]++;
		break;
	case LE_XCHG:
	case LE_CMPXCHG:
	case LE_RMW:
	case LE_ADD_UNLESS: c->unfit[e->loc] = 1; break;
	case LE_BINARY:
		count_expr(c, e->a, cond);
		count_expr(c, e->b, cond || e->op == LOP_LAND || e->op == LOP_LOR);
		return;
	default: break;
	}
	count_expr(c, e->a, cond);
	count_expr(c, e->b, cond);
}

static void count_stmts(struct counts *c, const struct lit_stmt *s, int cond)
{
	for (; s; s = s->next) {
		count_expr(c, s->e, cond);
		if (s->kind == LS_STORE) {
			if (cond || s->access == LA_PLAIN)
				c->unfit[s->loc] = 1;
			c->stores[s->loc]++;
		}
		count_stmts(c, s->then, 1);
		count_stmts(c, s->els, 1);
		count_stmts(c, s->body, cond);
	}
}

static int takes_lock(const struct lit_stmt *s)
{
	for (; s; s = s->next)
		if (s->kind == LS_LOCK || takes_lock(s->then) || takes_lock(s->els) ||
		    takes_lock(s->body))
			return 1;
	return 0;
}

/*
 * The evidence lines of one variant; the number of comparisons written. A thread that takes a
 * spinlock gets none: around the lock's loop gcc -Os addresses the shared variables from one
 * base register plus offsets, which tools/asm does not attribute (aarch64, riscv64).
 */
static int evidence(const struct lit_test *t, const char *variant, struct buf *b)
{
	int total = 0;
	for (int i = 0; i < t->nthreads; i++) {
		struct counts c;
		memset(&c, 0, sizeof c);
		if (takes_lock(t->threads[i].body))
			continue;
		count_stmts(&c, t->threads[i].body, 0);
		int n = 0;
		for (int l = 0; l < t->nlocs; l++) {
			if (c.unfit[l] || t->locs[l].type != LT_INT)
				continue;
			const char *fn[2] = { "loads", "stores" };
			int v[2] = { c.loads[l], c.stores[l] };
			for (int k = 0; k < 2; k++) {
				if (!v[k])
					continue;
				if (n % 8) /* at most 8 comparisons per line (tools/asm) */
					buf_puts(b, " && ");
				else
					buf_printf(b, "%s * evidence.%s: ", n ? "\n" : "", variant);
				buf_printf(b, "%s(P%d, %s) == %d", fn[k], i, t->locs[l].name, v[k]);
				n++;
			}
		}
		if (n)
			buf_puts(b, "\n");
		total += n;
	}
	return total;
}

/* ---- primitives course.h does not define ------------------------------------------------ */

struct uses {
	int xchg[4], cmpxchg[4], lock, trylock, islocked, rcu;
	int fence[LF_MB_AFTER_SRCU_READ_UNLOCK + 1];
};

static void uses_expr(struct uses *u, const struct lit_expr *e)
{
	if (!e)
		return;
	u->xchg[e->order] |= e->kind == LE_XCHG;
	u->cmpxchg[e->order] |= e->kind == LE_CMPXCHG;
	u->trylock |= e->kind == LE_TRYLOCK;
	u->islocked |= e->kind == LE_ISLOCKED;
	u->rcu |= e->kind == LE_SRCU_LOCK;
	uses_expr(u, e->a);
	uses_expr(u, e->b);
}

static void uses_stmts(struct uses *u, const struct lit_stmt *s)
{
	for (; s; s = s->next) {
		uses_expr(u, s->e);
		u->lock |= s->kind == LS_LOCK || s->kind == LS_UNLOCK;
		u->rcu |= s->kind == LS_RCU_LOCK || s->kind == LS_RCU_UNLOCK || s->kind == LS_SYNC;
		if (s->kind == LS_FENCE)
			u->fence[s->fence] = 1;
		uses_stmts(u, s->then);
		uses_stmts(u, s->els);
		uses_stmts(u, s->body);
	}
}

static const char *const orders[] = { "__ATOMIC_SEQ_CST", "__ATOMIC_RELAXED", "__ATOMIC_ACQUIRE",
				      "__ATOMIC_RELEASE" };
/* cmpxchg's order when the comparison fails (it cannot be a release) */
static const char *const fail_orders[] = { "__ATOMIC_SEQ_CST", "__ATOMIC_RELAXED",
					   "__ATOMIC_ACQUIRE", "__ATOMIC_RELAXED" };

/* RCU and SRCU: under the explorer (wasm) each call is a step of its scheduler (the import
 * course_rcu: 0 lock, 1 unlock, 2 grace period; the domain 0 for RCU, else the srcu_struct's
 * address), elsewhere compiler barriers and a full barrier, so the file compiles everywhere. */
static void rcu_primitives(struct buf *b)
{
	buf_puts(
		b,
		"\n/* RCU and SRCU: under the explorer each call is a step of its scheduler, which "
		"runs the\n * grace periods (a grace period waits for every read-side critical "
		"section that began\n * before it; tools/wasm/README.md); an srcu_struct is an int, "
		"its address the domain. */\n"
		"#if defined(__wasm__)\n"
		"__attribute__((import_module(\"env\"), import_name(\"course_rcu\")))\n"
		"void course_rcu(int op, int domain, int line);\n"
		"#define course_rcu_op(op, s) course_rcu((op), (int)(__INTPTR_TYPE__)(s), __LINE__)\n"
		"#else\n"
		"#define course_rcu_op(op, s) do { (void)(s); if ((op) == 2) smp_mb(); else "
		"barrier(); } while (0)\n"
		"#endif\n"
		"#define rcu_read_lock() course_rcu_op(0, 0)\n"
		"#define rcu_read_unlock() course_rcu_op(1, 0)\n"
		"#define synchronize_rcu() course_rcu_op(2, 0)\n"
		"#define srcu_read_lock(s) ({ course_rcu_op(0, (s)); smp_mb(); 0; })\n"
		"#define srcu_read_unlock(s, idx) do { (void)(idx); smp_mb(); course_rcu_op(1, (s)); "
		"} while (0)\n"
		"#define synchronize_srcu(s) course_rcu_op(2, (s))\n");
}

static void primitives(const struct lit_test *t, struct buf *b)
{
	struct uses u;
	memset(&u, 0, sizeof u);
	for (int i = 0; i < t->nthreads; i++)
		uses_stmts(&u, t->threads[i].body);
	struct buf d = { 0 };
	for (int o = 0; o < 4; o++) {
		if (u.xchg[o])
			buf_printf(&d, "#define xchg%s(p, v) __atomic_exchange_n((p), (v), %s)\n",
				   lit_order_suffix(o), orders[o]);
		if (u.cmpxchg[o])
			buf_printf(
				&d,
				"#define cmpxchg%s(p, o, n) ({ __typeof__(*(p)) __old = (o); \\\n"
				"\t__atomic_compare_exchange_n((p), &__old, (n), 0, %s, %s); __old; })\n",
				lit_order_suffix(o), orders[o], fail_orders[o]);
	}
	/* The kernel's lock fast paths (qspinlock: queued_spin_lock, queued_spin_trylock) take a free
	 * lock with a compare-and-swap of 0 to 1: a failed attempt reads and writes nothing, so a
	 * thread spinning on a held lock only reads it (tools/native's loop cut: a state repeated with
	 * no write since), as the reference enumerator's lock (paths.c: CASA of 0 to 1). */
	if (u.lock)
		buf_puts(
			&d,
			"#define spin_lock(l) do { \\\n"
			"\tint __free; \\\n"
			"\twhile (__free = 0, !__atomic_compare_exchange_n((l), &__free, 1, 0, \\\n"
			"\t\t\t\t\t\t\t__ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) \\\n"
			"\t\twhile (READ_ONCE(*(l))) \\\n"
			"\t\t\t; \\\n"
			"} while (0)\n"
			"#define spin_unlock(l) smp_store_release((l), 0)\n");
	if (u.trylock)
		buf_puts(
			&d,
			"#define spin_trylock(l) ({ int __free = READ_ONCE(*(l)); \\\n"
			"\t!__free && __atomic_compare_exchange_n((l), &__free, 1, 0, __ATOMIC_ACQUIRE, \\\n"
			"\t\t\t\t\t\t__ATOMIC_RELAXED); })\n");
	if (u.islocked)
		buf_puts(&d, "#define spin_is_locked(l) (READ_ONCE(*(l)) != 0)\n");
	for (int f = LF_MB_BEFORE_ATOMIC; f <= LF_MB_AFTER_UNLOCK_LOCK; f++)
		if (u.fence[f])
			buf_printf(&d, "#define %s() smp_mb()\n", lit_fence_name(f));
	size_t before = d.len;
	lit_atomic_defines(t, &d);
	if (d.len) {
		buf_puts(
			b,
			"\n/* Kernel primitives course.h does not define, in portable C11 atomics");
		if (u.lock || u.trylock || u.islocked)
			buf_puts(b, " (a spinlock\n * is an int, 0 when free)");
		if (d.len > before)
			buf_puts(b, " (an atomic_t\n * is an int)");
		for (int f = LF_MB_BEFORE_ATOMIC; f <= LF_MB_AFTER_UNLOCK_LOCK; f++)
			if (u.fence[f]) {
				buf_puts(
					b,
					";\n * the smp_mb__*() barriers are full barriers, as on most "
					"architectures");
				break;
			}
		buf_printf(b, ". */\n%s", buf_str(&d));
	}
	buf_free(&d);
	if (u.rcu)
		rcu_primitives(b);
}

/* ---- the file ----------------------------------------------------------------------------- */

/* Text for a comment or a metadata value: one line, no comment end. */
static void comment_text(struct buf *b, const char *s)
{
	for (; *s; s++) {
		if (s[0] == '*' && s[1] == '/')
			buf_puts(b, "* ");
		else
			buf_printf(b, "%c", isprint((unsigned char)*s) ? *s : ' ');
	}
}

/* Names the example's C cannot use as globals. */
static int reserved(const char *n)
{
	static const char *const words[] = {
		"auto",	       "break",	   "case",     "char",	    "const",	   "continue",
		"default",     "do",	   "double",   "else",	    "enum",	   "extern",
		"float",       "for",	   "goto",     "if",	    "inline",	   "int",
		"long",	       "register", "restrict", "return",    "short",	   "signed",
		"sizeof",      "static",   "struct",   "switch",    "typedef",	   "union",
		"unsigned",    "void",	   "volatile", "while",	    "READ_ONCE",   "WRITE_ONCE",
		"barrier",     "smp_mb",   "smp_rmb",  "smp_wmb",   "BUG_ON",	   "SHARED",
		"OBSERVED",    "THREAD",   "INIT",     "CHECK",	    "PLAIN",	   "FIXED",
		"TRANSFORMED", "xchg",	   "cmpxchg",  "spin_lock", "spin_unlock", NULL
	};
	for (int i = 0; words[i]; i++)
		if (!strcmp(n, words[i]))
			return 1;
	if (n[0] == 'P' && n[1] && strspn(n + 1, "0123456789") == strlen(n + 1))
		return 1; /* a thread function */
	return !strncmp(n, "__", 2) || !strncmp(n, "course_", 7) || !strncmp(n, "smp_", 4) ||
	       !strncmp(n, "spin_", 5) || !strncmp(n, "xchg_", 5) || !strncmp(n, "cmpxchg_", 8);
}

static int check_names(const struct lit_test *t, char *err, size_t errlen)
{
	char name[2 * LIT_NAME];
	for (int l = 0; l < t->nlocs; l++)
		if (reserved(t->locs[l].name)) {
			fmt_msg(err, errlen,
				"%s:%d: location '%s' cannot be a C global in the example", t->file,
				t->locs[l].line, t->locs[l].name);
			return -1;
		}
	for (int i = 0; i < t->nthreads; i++)
		for (int r = 0; r < t->threads[i].nregs; r++) {
			lit_reg_cname(i, t->threads[i].regs[r].name, name, sizeof name);
			int clash = lit_find_loc(t, name);
			if (clash >= 0) {
				fmt_msg(err, errlen,
					"%s:%d: register %d:%s would be named %s, like a location",
					t->file, t->threads[i].regs[r].line, i,
					t->threads[i].regs[r].name, name);
				return -1;
			}
		}
	return 0;
}

void lit_example_name(const char *test_name, int humps, char *buf, size_t n)
{
	size_t k = 0;
	int dash = 0;
	for (const char *s = test_name; *s && k + 1 < n; s++) {
		if (isalnum((unsigned char)*s)) {
			/* "poonceLock": an upper-case letter after a lower-case one starts a word */
			if (humps && s > test_name && isupper((unsigned char)*s) &&
			    islower((unsigned char)s[-1]))
				dash = 1;
			if (dash && k && k + 2 < n)
				buf[k++] = '-';
			buf[k++] = (char)tolower((unsigned char)*s);
			dash = 0;
		} else {
			dash = 1;
		}
	}
	buf[k] = '\0';
}

/* key: "expect" (the SC verdict) or "expect-tso" (the x86-TSO verdict, for the explorer's mode);
 * variant: "fixed" (the reference's verdict), "plain" (only Never, which the list states) */
static void expect(const struct lit_test *t, const char *key, const char *variant,
		   const char *verdict, struct buf *b)
{
	struct buf pos = { 0 }, neg = { 0 };
	lit_expect_predicates(t, &pos, &neg);
	int never = !strcmp(verdict, "Never"), always = !strcmp(verdict, "Always");
	buf_printf(b, " * %s.%s: %s: %s\n", key, variant, never ? "unreachable" : "reachable",
		   buf_str(&pos));
	if (!never)
		buf_printf(b, " * %s.%s: %s: %s\n", key, variant,
			   always ? "unreachable" : "reachable", buf_str(&neg));
	buf_free(&pos);
	buf_free(&neg);
}

static void metadata(const struct lit_test *t, const struct lit_convert_info *info, struct buf *b)
{
	char name[2 * LIT_NAME];
	buf_puts(b, "/*@example\n * title: ");
	comment_text(b, t->name);
	buf_printf(b, " (litmus test)\n * page: %s\n * shows: ", info->page);
	if (t->doc[0]) {
		comment_text(b, t->doc);
	} else {
		struct buf c = { 0 };
		lit_cond_herd(t, t->cond, &c);
		buf_puts(b, "Which outcomes of this litmus test are possible; its condition is ");
		comment_text(b, buf_str(&c));
		buf_puts(b, ".");
		buf_free(&c);
	}
	if (info->goal & LIT_NEVER)
		buf_puts(b,
			 " No run of either variant reaches the test's condition, under sequential "
			 "consistency or under x86-TSO, so the explorer has no goal to play here.");
	buf_puts(b, "\n * threads:");
	for (int i = 0; i < t->nthreads; i++)
		buf_printf(b, " P%d", i);
	buf_puts(b, "\n * variants: plain fixed\n * outcome:");
	for (int c = 0; c < t->ncvars; c++) {
		lit_cvar_name(t, c, name, sizeof name);
		buf_printf(b, " %s", name);
	}
	buf_puts(b, "\n * cflags: -std=gnu11\n");
	evidence(t, "plain", b);
	evidence(t, "fixed", b);
	expect(t, "expect", "fixed", info->sc_verdict, b);
	if (info->goal & LIT_NEVER)
		expect(t, "expect", "plain", "Never", b);
	if (info->tso_verdict)
		expect(t, "expect-tso", "fixed", info->tso_verdict, b);
	if (info->tso_verdict && (info->goal & LIT_NEVER))
		expect(t, "expect-tso", "plain", "Never", b);
	/* (the explorer names a goal's model beside its words) */
	static const struct {
		int flag;
		const char *key;
	} goals[] = { { LIT_GOAL_PLAIN, "goal.plain" },
		      { LIT_GOAL_TSO_PLAIN, "goal-tso.plain" },
		      { LIT_GOAL_TSO_FIXED, "goal-tso.fixed" } };
	for (size_t k = 0; k < sizeof goals / sizeof goals[0]; k++) {
		if (!(info->goal & goals[k].flag))
			continue;
		struct buf pos = { 0 }, neg = { 0 }, c = { 0 };
		lit_expect_predicates(t, &pos, &neg);
		lit_cond_herd(t, t->cond, &c);
		buf_printf(b, " * %s: make the test's condition (exists ", goals[k].key);
		comment_text(b, buf_str(&c));
		buf_printf(b, ") come true: %s\n", buf_str(&pos));
		buf_free(&pos);
		buf_free(&neg);
		buf_free(&c);
	}
	buf_puts(b, " */\n");
}

static void declarations(const struct lit_test *t, struct buf *b)
{
	char name[2 * LIT_NAME];
	buf_puts(b, "\n");
	for (int l = 0; l < t->nlocs; l++) {
		const struct lit_loc *loc = &t->locs[l];
		if (loc->init)
			buf_printf(b, "SHARED_INIT(int, %s, %d);\n", loc->name, (int)loc->init);
		else
			buf_printf(b, "SHARED(int, %s);%s\n", loc->name,
				   loc->type == LT_SPINLOCK ? "\t/* a spinlock_t */" : "");
	}
	for (int i = 0; i < t->nthreads; i++)
		for (int r = 0; r < t->threads[i].nregs; r++) {
			lit_reg_cname(i, t->threads[i].regs[r].name, name, sizeof name);
			buf_printf(b, "OBSERVED(int, %s);\n", name);
		}
}

/* The initial state's values of thread i's registers ("0:r1=2;"): set first thing. */
static void register_inits(const struct lit_test *t, int i, struct buf *b)
{
	char name[2 * LIT_NAME];
	for (int r = 0; r < t->threads[i].nregs; r++) {
		if (!t->threads[i].regs[r].init)
			continue;
		lit_reg_cname(i, t->threads[i].regs[r].name, name, sizeof name);
		buf_printf(b, "\t%s = %d; /* the initial state's %d:%s */\n", name,
			   (int)t->threads[i].regs[r].init, i, t->threads[i].regs[r].name);
	}
}

/* The threads; map (may be NULL) gets the litmus line of each fixed-variant statement line. */
static void threads(const struct lit_test *t, struct buf *b, struct lit_line_map *map)
{
	for (int i = 0; i < t->nthreads; i++) {
		struct buf v[2] = { { 0 }, { 0 } };
		struct lit_line_map at = { 0 };
		for (int k = 0; k < 2; k++) {
			struct printer p = { t, i, k == 0 ? V_PLAIN : V_FIXED, &v[k],
					     k == 1 ? &at : NULL };
			stmts(&p, t->threads[i].body, 1);
		}
		buf_printf(b, "\nTHREAD(P%d)\n{\n", i);
		register_inits(t, i, b);
		if (strcmp(buf_str(&v[0]), buf_str(&v[1])))
			buf_printf(b, "#if PLAIN\n%s#else\n", buf_str(&v[0]));
		size_t base = lines_of(b); /* v[1]'s line k is the file's line base + k + 1 */
		buf_puts(b, buf_str(&v[1]));
		if (strcmp(buf_str(&v[0]), buf_str(&v[1])))
			buf_puts(b, "#endif\n");
		buf_puts(b, "}\n");
		for (size_t k = 0; map && k < at.n; k++)
			if (at.litmus[k])
				map_set(map, base + k, at.litmus[k]);
		free(at.litmus);
		buf_free(&v[0]);
		buf_free(&v[1]);
	}
}

static int fail(char *err, size_t errlen, const struct lit_test *t, int line, const char *msg)
{
	fmt_msg(err, errlen, "%s:%d: %s", t->file, line, msg);
	return -1;
}

int lit_convert(const struct lit_test *t, const struct lit_convert_info *info, struct buf *out,
		char *err, size_t errlen)
{
	if (t->uses_ptr)
		return fail(
			err, errlen, t, t->ptr_line,
			"pointer values: the explorer's outcomes are numbers, not locations, so "
			"no example");
	if (t->filter)
		return fail(err, errlen, t, t->filter_line,
			    "filter: the explorer judges every run, so no example");
	if (t->ncvars == 0)
		return fail(err, errlen, t, t->cond_line, "the condition names no location");
	if (check_names(t, err, errlen) < 0)
		return -1;
	int tso_never = !info->tso_verdict || !strcmp(info->tso_verdict, "Never");
	if ((info->goal & LIT_GOAL_TSO_FIXED) && tso_never)
		return fail(err, errlen, t, t->cond_line,
			    "goal-tso.fixed: the reference finds no x86-TSO run of the test that "
			    "reaches its condition");
	if ((info->goal & LIT_NEVER) && (strcmp(info->sc_verdict, "Never") || !tso_never))
		return fail(err, errlen, t, t->cond_line,
			    "never: the reference reaches the condition under SC or x86-TSO");
	struct buf ev = { 0 };
	int nev = evidence(t, "fixed", &ev);
	buf_free(&ev);
	if (nev == 0 && !info->explore_only)
		return fail(
			err, errlen, t, t->threads[0].line,
			"no marked access to count as evidence (outside conditionals, in a thread "
			"without spin_lock)");
	metadata(t, info, out);
	struct buf c = { 0 };
	lit_cond_herd(t, t->cond, &c);
	buf_puts(out, "/*\n * Generated by tools/litmus from ");
	comment_text(out, info->source);
	buf_printf(out, " (do not edit).\n * Condition: %s (", lit_quant_name(t->quant));
	comment_text(out, buf_str(&c));
	buf_puts(out, ")\n");
	if (t->result[0])
		buf_printf(out, " * The Linux kernel memory model (%s): %s.\n",
			   t->result_file ? "herd's output beside the file" : "the file's Result",
			   t->result);
	buf_printf(out, " * The reference enumerator: SC %s", info->sc_verdict);
	if (info->tso_verdict)
		buf_printf(out, ", x86-TSO %s", info->tso_verdict);
	buf_puts(out, ".\n * fixed is the test as written; plain makes its marked accesses plain C "
		      "and drops its\n * barriers (locks and atomic operations stay).\n */\n"
		      "#include \"course.h\"\n");
	buf_free(&c);
	if (nev == 0)
		buf_puts(out,
			 "/* No evidence lines (every thread takes a spinlock, or no access is "
			 "countable): for the\n * explorer only, not a course example. */\n");
	primitives(t, out);
	declarations(t, out);
	threads(t, out, info->lines);
	return 0;
}
