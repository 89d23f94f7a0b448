/*
 * prims.c - the kernel primitives a thread body calls, with the arguments and orderings of
 * tools/memory-model/linux-kernel.def (herd7's C dialect for the kernel's model): the marked
 * accesses, xchg/cmpxchg, spinlocks, barriers, the atomic_t operations, RCU and SRCU.
 */
#include <stdio.h>
#include <string.h>

#include "parser.h"

/* ---- names -------------------------------------------------------------------------------- */

static const char *const fence_names[] = {
	[LF_MB] = "smp_mb",
	[LF_RMB] = "smp_rmb",
	[LF_WMB] = "smp_wmb",
	[LF_BARRIER] = "barrier",
	[LF_MB_BEFORE_ATOMIC] = "smp_mb__before_atomic",
	[LF_MB_AFTER_ATOMIC] = "smp_mb__after_atomic",
	[LF_MB_AFTER_SPINLOCK] = "smp_mb__after_spinlock",
	[LF_MB_AFTER_UNLOCK_LOCK] = "smp_mb__after_unlock_lock",
	[LF_MB_AFTER_SRCU_READ_UNLOCK] = "smp_mb__after_srcu_read_unlock",
};

const char *lit_fence_name(enum lit_fence f)
{
	return fence_names[f];
}

static int fence_of(const char *name)
{
	for (int f = 0; f < (int)(sizeof fence_names / sizeof fence_names[0]); f++)
		if (!strcmp(name, fence_names[f]))
			return f;
	return -1;
}

static const char *const order_suffixes[] = { "", "_relaxed", "_acquire", "_release" };

const char *lit_order_suffix(enum lit_order o)
{
	return order_suffixes[o];
}

/* "xchg_acquire" -> order LO_ACQUIRE for base "xchg"; -1 when name is not base[suffix]. */
static int rmw_order(const char *name, const char *base)
{
	size_t n = strlen(base);
	if (strncmp(name, base, n))
		return -1;
	for (int o = 0; o < 4; o++)
		if (!strcmp(name + n, order_suffixes[o]))
			return o;
	return -1;
}

int parser_is_rcu(const char *name)
{
	static const char *const prefixes[] = { "call_rcu", "call_srcu",    "kfree_rcu",
						"list_",    "hlist_",	    "rcu_",
						"srcu_",    "synchronize_", NULL };
	for (int i = 0; prefixes[i]; i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return 1;
	return 0;
}

/* ---- helpers ------------------------------------------------------------------------------ */

static void open_call(struct parser *p)
{
	parser_expect_punct(p, "(", "after the primitive");
}

static void close_call(struct parser *p)
{
	parser_expect_punct(p, ")", "to close the call");
}

static void comma(struct parser *p, const char *after)
{
	parser_expect_punct(p, ",", after);
}

/* An int location argument of an expression node, static or through a pointer register. */
static void int_loc(struct parser *p, struct lit_thread *th, int star, const char *prim,
		    struct lit_expr *e)
{
	e->loc = parser_loc_arg(p, th, star, LT_INT, prim, &e->reg);
	e->dyn = e->loc < 0;
}

/* ---- atomic_t (linux-kernel.def: value-first for the arithmetic, location-first for the rest) */

enum { F_VAL_LOC, F_LOC }; /* atomic_add(i, v); atomic_inc(v) */

static const struct {
	const char *base;
	enum lit_rmw rmw;
	enum lit_ret ret;
	int form, ordered; /* ordered: takes _relaxed/_acquire/_release */
} atomics[] = {
	{ "add", LRMW_ADD, LRET_VOID, F_VAL_LOC, 0 },
	{ "sub", LRMW_SUB, LRET_VOID, F_VAL_LOC, 0 },
	{ "and", LRMW_AND, LRET_VOID, F_VAL_LOC, 0 },
	{ "or", LRMW_OR, LRET_VOID, F_VAL_LOC, 0 },
	{ "xor", LRMW_XOR, LRET_VOID, F_VAL_LOC, 0 },
	{ "andnot", LRMW_ANDNOT, LRET_VOID, F_VAL_LOC, 0 },
	{ "inc", LRMW_ADD, LRET_VOID, F_LOC, 0 },
	{ "dec", LRMW_SUB, LRET_VOID, F_LOC, 0 },
	{ "add_return", LRMW_ADD, LRET_NEW, F_VAL_LOC, 1 },
	{ "sub_return", LRMW_SUB, LRET_NEW, F_VAL_LOC, 1 },
	{ "inc_return", LRMW_ADD, LRET_NEW, F_LOC, 1 },
	{ "dec_return", LRMW_SUB, LRET_NEW, F_LOC, 1 },
	{ "fetch_add", LRMW_ADD, LRET_OLD, F_VAL_LOC, 1 },
	{ "fetch_sub", LRMW_SUB, LRET_OLD, F_VAL_LOC, 1 },
	{ "fetch_and", LRMW_AND, LRET_OLD, F_VAL_LOC, 1 },
	{ "fetch_or", LRMW_OR, LRET_OLD, F_VAL_LOC, 1 },
	{ "fetch_xor", LRMW_XOR, LRET_OLD, F_VAL_LOC, 1 },
	{ "fetch_andnot", LRMW_ANDNOT, LRET_OLD, F_VAL_LOC, 1 },
	{ "fetch_inc", LRMW_ADD, LRET_OLD, F_LOC, 1 },
	{ "fetch_dec", LRMW_SUB, LRET_OLD, F_LOC, 1 },
	{ "sub_and_test", LRMW_SUB, LRET_ZERO, F_VAL_LOC, 0 },
	{ "dec_and_test", LRMW_SUB, LRET_ZERO, F_LOC, 0 },
	{ "inc_and_test", LRMW_ADD, LRET_ZERO, F_LOC, 0 },
	{ "add_negative", LRMW_ADD, LRET_NEG, F_VAL_LOC, 1 },
};

/* The atomic_t operation (name without "atomic_"), or NULL. */
static struct lit_expr *atomic_rmw(struct parser *p, struct lit_thread *th, const char *name,
				   const char *rest, int line)
{
	for (size_t i = 0; i < sizeof atomics / sizeof atomics[0]; i++) {
		int o = rmw_order(rest, atomics[i].base);
		if (o < 0 || (o > 0 && !atomics[i].ordered))
			continue;
		struct lit_expr *e = parser_enode(p, LE_RMW, line);
		e->spelled = parser_strdup(p, name);
		e->op = atomics[i].form == F_LOC;
		e->rmw = atomics[i].rmw;
		e->ret = atomics[i].ret;
		/* without a return value the operation is relaxed (linux-kernel.def: noreturn) */
		e->order = e->ret == LRET_VOID ? LO_RELAXED : (enum lit_order)o;
		open_call(p);
		if (atomics[i].form == F_VAL_LOC) {
			e->a = parser_expr(p, th);
			comma(p, "after the value");
		} else {
			e->a = parser_enode(p, LE_CONST, line);
			e->a->value = 1;
		}
		int_loc(p, th, 0, name, e);
		close_call(p);
		return e;
	}
	return NULL;
}

/* atomic_add_unless(v, a, u), atomic_inc_not_zero(v): 1 when it added */
static struct lit_expr *add_unless(struct parser *p, struct lit_thread *th, const char *name,
				   int line)
{
	struct lit_expr *e = parser_enode(p, LE_ADD_UNLESS, line);
	e->spelled = parser_strdup(p, name);
	open_call(p);
	int_loc(p, th, 0, name, e);
	if (!strcmp(name, "atomic_inc_not_zero")) {
		e->a = parser_enode(p, LE_CONST, line);
		e->a->value = 1;
		e->b = parser_enode(p, LE_CONST, line);
	} else {
		comma(p, "after the location");
		e->a = parser_expr(p, th);
		comma(p, "after the value to add");
		e->b = parser_expr(p, th);
		parser_sequenced(p, e->a, e->b, line);
	}
	close_call(p);
	return e;
}

/* ---- calls in expressions ----------------------------------------------------------------- */

/* xchg(x, v), cmpxchg(x, o, n) and their atomic_ and ordered forms (the "(" is current) */
static struct lit_expr *xchg_call(struct parser *p, struct lit_thread *th, const char *name,
				  const char *base, int line)
{
	int o = rmw_order(base, "xchg");
	struct lit_expr *e = parser_enode(p, o >= 0 ? LE_XCHG : LE_CMPXCHG, line);
	e->order = o >= 0 ? o : rmw_order(base, "cmpxchg");
	if (base != name)
		e->spelled = parser_strdup(p, name);
	open_call(p);
	int_loc(p, th, 0, name, e);
	comma(p, "after the location");
	e->a = parser_expr(p, th);
	if (e->kind == LE_CMPXCHG) {
		comma(p, "after the expected value");
		e->b = parser_expr(p, th);
		parser_sequenced(p, e->a, e->b, line);
	}
	close_call(p);
	return e;
}

/* READ_ONCE(*x), smp_load_acquire(x), rcu_dereference(*x), atomic_read(v), ... */
static struct lit_expr *load_call(struct parser *p, struct lit_thread *th, const char *name,
				  int line)
{
	static const struct {
		const char *name;
		enum lit_access access;
		int star;
	} loads[] = { { "READ_ONCE", LA_ONCE, 1 },
		      { "smp_load_acquire", LA_ACQUIRE, 0 },
		      { "rcu_dereference", LA_ONCE, 1 },
		      { "atomic_read", LA_ONCE, 0 },
		      { "atomic_read_acquire", LA_ACQUIRE, 0 } };
	for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++) {
		if (strcmp(name, loads[i].name))
			continue;
		struct lit_expr *e = parser_enode(p, LE_LOAD, line);
		e->access = loads[i].access;
		if (i > 1) /* atomic_read, rcu_dereference, ... */
			e->spelled = parser_strdup(p, name);
		open_call(p);
		int_loc(p, th, loads[i].star, name, e);
		close_call(p);
		return e;
	}
	return NULL;
}

struct lit_expr *parser_call_expr(struct parser *p, struct lit_thread *th, const char *name,
				  int line)
{
	struct lit_expr *e = load_call(p, th, name, line);
	const char *base = !strncmp(name, "atomic_", 7) ? name + 7 : name;
	if (e)
		return e;
	if (rmw_order(base, "xchg") >= 0 || rmw_order(base, "cmpxchg") >= 0)
		return xchg_call(p, th, name, base, line);
	if (!strcmp(name, "spin_trylock") || !strcmp(name, "spin_is_locked")) {
		e = parser_enode(p, name[5] == 't' ? LE_TRYLOCK : LE_ISLOCKED, line);
		open_call(p);
		e->loc = parser_loc_arg(p, th, 0, LT_SPINLOCK, name, NULL);
		close_call(p);
		return e;
	}
	if (!strcmp(name, "atomic_add_unless") || !strcmp(name, "atomic_inc_not_zero"))
		return add_unless(p, th, name, line);
	if (base != name && (e = atomic_rmw(p, th, name, base, line)))
		return e;
	if (!strcmp(name, "srcu_read_lock")) {
		e = parser_enode(p, LE_SRCU_LOCK, line);
		open_call(p);
		e->loc = parser_loc_arg(p, th, 0, LT_SRCU, name, NULL);
		close_call(p);
		parser_mark_rcu(p, line);
		return e;
	}
	parser_unknown_name(p, name, line);
}

/* ---- statements --------------------------------------------------------------------------- */

/* WRITE_ONCE(*x, e), smp_store_release(x, e), rcu_assign_pointer(*x, e), atomic_set(v, e),
 * atomic_set_release(v, e), smp_store_mb(x, e) (a store, then smp_mb()) */
static struct lit_stmt *store_call(struct parser *p, struct lit_thread *th, const char *name,
				   int line)
{
	static const struct {
		const char *name;
		enum lit_access access;
		int star;
	} stores[] = { { "WRITE_ONCE", LA_ONCE, 1 },
		       { "smp_store_release", LA_RELEASE, 0 },
		       { "rcu_assign_pointer", LA_RELEASE, 1 },
		       { "atomic_set", LA_ONCE, 0 },
		       { "atomic_set_release", LA_RELEASE, 0 },
		       { "smp_store_mb", LA_ONCE, 1 } };
	for (size_t i = 0; i < sizeof stores / sizeof stores[0]; i++) {
		if (strcmp(name, stores[i].name))
			continue;
		struct lit_stmt *s = parser_snode(p, LS_STORE, line);
		s->access = stores[i].access;
		if (i > 1) /* rcu_assign_pointer, atomic_set, ... */
			s->spelled = parser_strdup(p, name);
		open_call(p);
		s->loc = parser_loc_arg(p, th, stores[i].star, LT_INT, name, &s->reg);
		s->dyn = s->loc < 0;
		comma(p, "after the location");
		s->e = parser_expr(p, th);
		close_call(p);
		if (!strcmp(name, "smp_store_mb")) {
			s->next = parser_snode(p, LS_FENCE, line);
			s->next->fence = LF_MB;
		}
		return s;
	}
	return NULL;
}

/* rcu_read_lock(), srcu_read_unlock(s, idx), synchronize_rcu(), ... ; NULL for another name */
static struct lit_stmt *rcu_call(struct parser *p, struct lit_thread *th, const char *name,
				 int line)
{
	static const struct {
		const char *name;
		enum lit_stmt_kind kind;
		int srcu;
	} rcus[] = { { "rcu_read_lock", LS_RCU_LOCK, 0 },
		     { "rcu_read_unlock", LS_RCU_UNLOCK, 0 },
		     { "synchronize_rcu", LS_SYNC, 0 },
		     { "synchronize_rcu_expedited", LS_SYNC, 0 },
		     { "srcu_read_unlock", LS_RCU_UNLOCK, 1 },
		     { "synchronize_srcu", LS_SYNC, 1 },
		     { "synchronize_srcu_expedited", LS_SYNC, 1 } };
	for (size_t i = 0; i < sizeof rcus / sizeof rcus[0]; i++) {
		if (strcmp(name, rcus[i].name))
			continue;
		struct lit_stmt *s = parser_snode(p, rcus[i].kind, line);
		s->loc = -1;
		open_call(p);
		if (rcus[i].srcu)
			s->loc = parser_loc_arg(p, th, 0, LT_SRCU, name, NULL);
		if (rcus[i].srcu && s->kind == LS_RCU_UNLOCK) { /* the index srcu_read_lock gave */
			comma(p, "after the srcu_struct");
			s->e = parser_expr(p, th);
		}
		close_call(p);
		parser_mark_rcu(p, line);
		return s;
	}
	return NULL;
}

struct lit_stmt *parser_call_stmt(struct parser *p, struct lit_thread *th, const char *name,
				  int line)
{
	struct lit_stmt *s = store_call(p, th, name, line);
	int f = fence_of(name);
	if (s || (s = rcu_call(p, th, name, line)))
		return s;
	if (f >= 0) {
		s = parser_snode(p, LS_FENCE, line);
		s->fence = f;
		parser_expect_punct(p, "(", "after the barrier");
		parser_expect_punct(p, ")", "after the barrier");
		return s;
	}
	if (!strcmp(name, "spin_lock") || !strcmp(name, "spin_unlock")) {
		s = parser_snode(p, name[5] == 'l' ? LS_LOCK : LS_UNLOCK, line);
		open_call(p);
		s->loc = parser_loc_arg(p, th, 0, LT_SPINLOCK, name, NULL);
		close_call(p);
		return s;
	}
	if (!strcmp(name, "srcu_read_lock")) { /* as a statement: its index is not kept */
		s = parser_snode(p, LS_RCU_LOCK, line);
		open_call(p);
		s->loc = parser_loc_arg(p, th, 0, LT_SRCU, name, NULL);
		close_call(p);
		parser_mark_rcu(p, line);
		return s;
	}
	return NULL;
}
