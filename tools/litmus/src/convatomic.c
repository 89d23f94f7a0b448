/*
 * convatomic.c - for the converter (convert.c): the definitions, in portable C11 atomics, of the
 * atomic_t operations a test calls, under the kernel's names (an atomic_t is an int in the
 * example). Orderings as linux-kernel.def gives them: no suffix fully ordered (seq_cst), _relaxed,
 * _acquire, _release; the operations without a return value relaxed; atomic_add_unless() a loop
 * of cmpxchg, as the kernel's own fallback is (fully ordered when it adds, a plain read when it
 * does not).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "convert.h"

static const char *const orders[] = { "__ATOMIC_SEQ_CST", "__ATOMIC_RELAXED", "__ATOMIC_ACQUIRE",
				      "__ATOMIC_RELEASE" };

static const char *const ops[] = { [LRMW_ADD] = "add", [LRMW_SUB] = "sub", [LRMW_AND] = "and",
				   [LRMW_OR] = "or",   [LRMW_XOR] = "xor", [LRMW_ANDNOT] = "and" };

/* The definition of one atomic_t read-modify-write (its name is e->spelled). */
static void rmw_define(const struct lit_expr *e, struct buf *d)
{
	const char *args = e->op ? "(v)" : "(i, v)", *val = e->op ? "1" : "(i)";
	const char *inv = e->rmw == LRMW_ANDNOT ? "~" : "", *op = ops[e->rmw];
	buf_printf(d, "#define %s%s ", e->spelled, args);
	switch (e->ret) {
	case LRET_VOID:
		buf_printf(d, "((void)__atomic_fetch_%s((v), %s%s, %s))\n", op, inv, val,
			   orders[LO_RELAXED]);
		break;
	case LRET_OLD:
		buf_printf(d, "__atomic_fetch_%s((v), %s%s, %s)\n", op, inv, val, orders[e->order]);
		break;
	case LRET_NEW:
		buf_printf(d, "__atomic_%s_fetch((v), %s%s, %s)\n", op, inv, val, orders[e->order]);
		break;
	default:
		buf_printf(d, "(__atomic_%s_fetch((v), %s%s, %s) %s 0)\n", op, inv, val,
			   orders[e->order], e->ret == LRET_ZERO ? "==" : "<");
		break;
	}
}

/* The definition of an atomic_t primitive of e (NULL when it is not one), in d once. */
static void define(const struct lit_expr *e, const struct lit_stmt *s, struct buf *d)
{
	const char *name = e ? e->spelled : s->spelled;
	if (!name || strncmp(name, "atomic_", 7))
		return;
	char *head = xasprintf("#define %s(", name);
	int known = strstr(buf_str(d), head) != NULL;
	free(head);
	if (known)
		return;
	if (s) /* atomic_set, atomic_set_release */
		buf_printf(d, "#define %s(v, i) %s\n", name,
			   s->access == LA_RELEASE ? "smp_store_release((v), (i))" :
						     "WRITE_ONCE(*(v), (i))");
	else if (e->kind == LE_LOAD)
		buf_printf(d, "#define %s(v) %s\n", name,
			   e->access == LA_ACQUIRE ? "smp_load_acquire(v)" : "READ_ONCE(*(v))");
	else if (e->kind == LE_XCHG)
		buf_printf(d, "#define %s(v, i) xchg%s((v), (i))\n", name,
			   lit_order_suffix(e->order));
	else if (e->kind == LE_CMPXCHG)
		buf_printf(d, "#define %s(v, o, n) cmpxchg%s((v), (o), (n))\n", name,
			   lit_order_suffix(e->order));
	else if (e->kind == LE_RMW)
		rmw_define(e, d);
	else if (!strcmp(name, "atomic_inc_not_zero"))
		buf_printf(d, "#define %s(v) atomic_add_unless((v), 1, 0)\n", name);
}

static void exprs(const struct lit_expr *e, struct buf *d, int *unless)
{
	if (!e)
		return;
	define(e, NULL, d);
	*unless |= e->kind == LE_ADD_UNLESS;
	exprs(e->a, d, unless);
	exprs(e->b, d, unless);
}

static void stmts(const struct lit_stmt *s, struct buf *d, int *unless)
{
	for (; s; s = s->next) {
		if (s->kind == LS_STORE)
			define(NULL, s, d);
		exprs(s->e, d, unless);
		stmts(s->then, d, unless);
		stmts(s->els, d, unless);
		stmts(s->body, d, unless);
	}
}

void lit_atomic_defines(const struct lit_test *t, struct buf *d)
{
	int unless = 0;
	for (int i = 0; i < t->nthreads; i++)
		stmts(t->threads[i].body, d, &unless);
	if (unless)
		buf_puts(
			d,
			"#define atomic_add_unless(v, a, u) ({ int __c = __atomic_load_n((v), "
			"__ATOMIC_RELAXED); \\\n"
			"\twhile (__c != (u) && !__atomic_compare_exchange_n((v), &__c, __c + (a), "
			"0, \\\n"
			"\t\t__ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) \\\n"
			"\t\t; \\\n"
			"\t__c != (u); })\n");
}
