/*
 * enumerate.c - the SC and x86-TSO abstract machines and their exhaustive search (see
 * enumerate.h).
 *
 * A state is a flat vector of int32 words: memory, then per thread its program counter, a done
 * flag, its buffer length, its registers and its buffer (loc, value pairs, oldest first). The
 * search is depth-first; a finished state is stored with the number of schedules from it to
 * each outcome, so a state reached again costs one lookup.
 */
#include "enumerate.h"
#include "buf.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "armv8.h"
#include "cond.h"
#include "rcu.h"
#include "reduce.h"

struct tlayout {
	int pc, done, nbuf, regs, buf; /* word offsets */
	int cap;		       /* buffer capacity: stores the thread can make */
};

struct pair {
	uint32_t outcome;
	uint64_t count;
};

struct machine {
	const struct lit_prog *p;
	const struct lit_test *t;
	enum lit_model model;
	unsigned mut;
	uint64_t max_states;
	int words; /* state size */
	struct tlayout th[LIT_MAX_THREADS];
	/* explored states: words each, with their outcome vectors */
	int32_t *states;
	uint32_t *vec_off, *vec_len;
	uint64_t nstates, cap_states;
	uint64_t entered; /* states whose exploration began (the budget) */
	uint32_t *table;  /* open addressing: state index + 1, 0 = empty */
	uint64_t table_size;
	struct pair *pairs;
	uint64_t npairs, cap_pairs;
	uint64_t *dense; /* scratch: counts per outcome while merging */
	int dense_cap;
	char *path;	  /* the schedule to the current state */
	int32_t *scratch; /* one state per depth: the successors being explored */
	int depth, max_depth;
	struct lit_result *r;
	int outcomes_cap;
	struct rcu_layout rcu; /* grace periods (rcu.h) */
	int reducing;	       /* LIT_REDUCE: one transition where it is safe (reduce.h) */
	struct reduce rd;
	char bad[1024]; /* why the search stopped, if not for memory (a bad pointer) */
	jmp_buf oom;
};

static _Noreturn void oom(struct machine *m)
{
	longjmp(m->oom, 1);
}

/* The location of in's access for thread i: through a pointer register, its value must be the
 * address of an int location (else the search stops with a message). */
static int loc_of(struct machine *m, const int32_t *s, int i, const struct insn *in)
{
	if (in->addr_reg < 0)
		return in->loc;
	int32_t v = s[m->th[i].regs + in->addr_reg];
	int64_t l = (int64_t)v - LIT_PTR_BASE;
	if (l >= 0 && l < m->t->nlocs && m->t->locs[l].type == LT_INT)
		return (int)l;
	const struct lit_thread *th = &m->t->threads[i];
	fmt_msg(m->bad, sizeof m->bad,
		"%s:%d: P%d accesses *%s, which holds %d, not the address of an int location",
		m->t->file, in->line, i,
		in->addr_reg < th->nregs ? th->regs[in->addr_reg].name : "(a pointer)", (int)v);
	longjmp(m->oom, 1);
}

static void *grow(struct machine *m, void *p, uint64_t n, size_t size)
{
	void *q = n <= SIZE_MAX / size ? realloc(p, n * size) : NULL;
	if (!q)
		oom(m);
	return q;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* ---- the machine ------------------------------------------------------------------------ */

static int drains_at(const struct machine *m, enum lit_fence f)
{
	return m->model == LM_TSO && f == LF_MB && !(m->mut & LIT_MUT_FENCE_NOP);
}

/* Runs thread i's local instructions up to its next shared access (or its end). */
static void settle(const struct machine *m, int32_t *s, int i)
{
	const struct prog_thread *pt = m->p->th[i];
	const struct tlayout *l = &m->th[i];
	int32_t *regs = s + l->regs;
	for (;;) {
		int pc = s[l->pc];
		if (pc == pt->n) {
			s[l->done] = 1;
			return;
		}
		const struct insn *in = &pt->code[pc];
		switch (in->op) {
		case OP_SET: regs[in->dst] = lit_eval(in->e, regs); break;
		case OP_JZ:
			if (!lit_eval(in->e, regs)) {
				s[l->pc] = in->target;
				continue;
			}
			break;
		case OP_JMP: s[l->pc] = in->target; continue;
		case OP_FENCE:
			if (drains_at(m, in->fence) && s[l->nbuf] > 0)
				return; /* waits for its buffer */
			break;
		case OP_RCU_LOCK: rcu_lock(&m->rcu, s, i, in->loc); break;
		case OP_RCU_UNLOCK: rcu_unlock(&m->rcu, s, i, in->loc, s[l->nbuf]); break;
		case OP_GP: rcu_gp_start(&m->rcu, s, i, in->loc); return;
		default: return;
		}
		s[l->pc] = pc + 1;
	}
}

static int32_t load(const struct machine *m, const int32_t *s, int i, int loc)
{
	const struct tlayout *l = &m->th[i];
	if (m->model == LM_TSO && !(m->mut & LIT_MUT_NO_FORWARD))
		for (int k = s[l->nbuf] - 1; k >= 0; k--)
			if (s[l->buf + 2 * k] == loc)
				return s[l->buf + 2 * k + 1];
	return s[loc];
}

static void store(const struct machine *m, int32_t *s, int i, int loc, int32_t v)
{
	const struct tlayout *l = &m->th[i];
	if (m->model == LM_SC) {
		s[loc] = v;
		return;
	}
	int k = s[l->nbuf]++;
	s[l->buf + 2 * k] = loc;
	s[l->buf + 2 * k + 1] = v;
}

/* The effect of thread i's access in on state out, at location loc. */
static void perform(const struct machine *m, int32_t *out, int i, const struct insn *in, int loc)
{
	int32_t *regs = out + m->th[i].regs;
	switch (in->op) {
	case OP_LOAD: regs[in->dst] = load(m, out, i, loc); break;
	case OP_STORE: store(m, out, i, loc, lit_eval(in->e, regs)); break;
	case OP_UNLOCK: store(m, out, i, loc, 0); break;
	case OP_XCHG:
		regs[in->dst] = out[loc];
		out[loc] = lit_eval(in->e, regs);
		break;
	case OP_RMW: /* e: the new value, over the old one in regs[dst] */
		regs[in->dst] = out[loc];
		out[loc] = lit_eval(in->e, regs);
		break;
	case OP_CMPXCHG: {
		int32_t old = out[loc], want = lit_eval(in->e, regs);
		int32_t nv = lit_eval(in->e2, regs);
		regs[in->dst] = old;
		if (old == want)
			out[loc] = nv;
		break;
	}
	case OP_ADD_UNLESS: { /* (the value i sees, then memory's once it is locked) */
		int32_t u = lit_eval(in->e2, regs);
		regs[in->dst] = load(m, out, i, loc) != u && out[loc] != u;
		if (regs[in->dst])
			out[loc] = (int32_t)((uint32_t)out[loc] + (uint32_t)lit_eval(in->e, regs));
		break;
	}
	case OP_LOCK: out[loc] = 1; break;
	case OP_TRYLOCK: /* (the value i sees, then memory's once it is locked) */
		regs[in->dst] = load(m, out, i, loc) == 0 && out[loc] == 0;
		if (regs[in->dst])
			out[loc] = 1;
		break;
	case OP_GP: rcu_gp_end(&m->rcu, out, i); break;
	default: break;
	}
}

/* The read-modify-writes other than atomic_add_unless and spin_trylock: all locked instructions
 * on x86. */
static int locked_op(enum insn_op op)
{
	return op == OP_XCHG || op == OP_CMPXCHG || op == OP_RMW || op == OP_LOCK;
}

/* Thread i's next access into out; 0 when it cannot take a step now. */
static int step(struct machine *m, const int32_t *s, int32_t *out, int i)
{
	const struct tlayout *l = &m->th[i];
	if (s[l->done])
		return 0;
	const struct insn *in = &m->p->th[i]->code[s[l->pc]];
	if (!insn_is_access(in->op))
		return 0; /* in mfence, waiting for its buffer */
	int loc = in->op == OP_GP ? -1 : loc_of(m, s, i, in);
	/* atomic_add_unless reads; only when it adds is it a locked instruction (a cmpxchg). So does
	 * spin_trylock (the kernel's queued_spin_trylock): it tries the cmpxchg only on a free lock. */
	int locked =
		locked_op(in->op) ||
		(in->op == OP_ADD_UNLESS && load(m, s, i, loc) != lit_eval(in->e2, s + l->regs)) ||
		(in->op == OP_TRYLOCK && load(m, s, i, loc) == 0);
	if (locked && m->model == LM_TSO && s[l->nbuf] && !(m->mut & LIT_MUT_RMW_NO_DRAIN))
		return 0;
	if ((in->op == OP_LOCK && s[loc] != 0) || (in->op == OP_GP && !rcu_gp_open(&m->rcu, s, i)))
		return 0;
	memcpy(out, s, (size_t)m->words * sizeof *out);
	rcu_step(&m->rcu, out, i);
	perform(m, out, i, in, loc);
	out[l->pc]++;
	settle(m, out, i);
	return 1;
}

/* The oldest store in thread i's buffer reaches memory; 0 when the buffer is empty. */
static int drain(const struct machine *m, const int32_t *s, int32_t *out, int i)
{
	const struct tlayout *l = &m->th[i];
	int n = s[l->nbuf];
	if (n == 0)
		return 0;
	memcpy(out, s, (size_t)m->words * sizeof *out);
	int k = m->mut & LIT_MUT_LIFO ? n - 1 : 0;
	int32_t *b = out + l->buf;
	out[b[2 * k]] = b[2 * k + 1];
	memmove(b + 2 * k, b + 2 * k + 2, (size_t)(2 * (n - 1 - k)) * sizeof *b);
	b[2 * (n - 1)] = b[2 * (n - 1) + 1] = 0;
	out[l->nbuf] = n - 1;
	rcu_drained(&m->rcu, out, i);
	if (!out[l->done])
		settle(m, out, i); /* it may be waiting in mfence */
	return 1;
}

/* ---- outcomes ----------------------------------------------------------------------------- */

static uint32_t outcome_of(struct machine *m, const int32_t *s)
{
	const struct lit_test *t = m->t;
	struct lit_outcome o;
	memset(&o, 0, sizeof o);
	for (int c = 0; c < t->ncvars; c++) {
		const struct lit_cvar *v = &t->cvars[c];
		o.vals[c] = v->thread < 0 ? s[v->index] : s[m->th[v->thread].regs + v->index];
	}
	for (int i = 0; i < m->p->nthreads; i++)
		if (!s[m->th[i].done])
			o.hang |= 1u << i;
	struct lit_result *r = m->r;
	for (int k = 0; k < r->noutcomes; k++)
		if (r->outcomes[k].hang == o.hang &&
		    !memcmp(r->outcomes[k].vals, o.vals, sizeof o.vals))
			return (uint32_t)k;
	o.filtered = t->filter && !lit_cond_eval(t->filter, o.vals);
	o.satisfies = !o.hang && !o.filtered && lit_cond_eval(t->cond, o.vals);
	o.witness = malloc((size_t)m->depth + 1);
	if (!o.witness)
		oom(m);
	memcpy(o.witness, m->path, (size_t)m->depth);
	o.witness[m->depth] = '\0';
	if (r->noutcomes == m->outcomes_cap) {
		m->outcomes_cap = m->outcomes_cap ? 2 * m->outcomes_cap : 16;
		r->outcomes = grow(m, r->outcomes, (uint64_t)m->outcomes_cap, sizeof o);
	}
	r->outcomes[r->noutcomes] = o;
	return (uint32_t)r->noutcomes++;
}

/* ---- the memo --------------------------------------------------------------------------- */

/* A word at a time (the byte-wise FNV-1a this replaces was nine tenths of a large search's time),
 * with a final mix so that the table's low bits depend on every word. */
static uint64_t hash(const int32_t *s, int words)
{
	uint64_t h = 0x243f6a8885a308d3ull;
	for (int k = 0; k < words; k++)
		h = (h ^ (uint32_t)s[k]) * 0x9e3779b97f4a7c15ull;
	h ^= h >> 32;
	h *= 0xd6e8feb86659fd93ull;
	return h ^ (h >> 32);
}

/* The index of s among the explored states, or -1; *pos is its slot in the table. */
static int64_t lookup(const struct machine *m, const int32_t *s, uint64_t *pos)
{
	uint64_t mask = m->table_size - 1, k = hash(s, m->words) & mask;
	for (;; k = (k + 1) & mask) {
		uint32_t e = m->table[k];
		if (!e) {
			*pos = k;
			return -1;
		}
		if (!memcmp(m->states + (uint64_t)(e - 1) * m->words, s,
			    (size_t)m->words * sizeof *s))
			return e - 1;
	}
}

static void rehash(struct machine *m)
{
	uint64_t size = m->table_size ? 2 * m->table_size : 1024;
	free(m->table);
	m->table = calloc(size, sizeof *m->table);
	if (!m->table)
		oom(m);
	m->table_size = size;
	for (uint64_t i = 0; i < m->nstates; i++) {
		uint64_t pos;
		lookup(m, m->states + i * m->words, &pos);
		m->table[pos] = (uint32_t)(i + 1);
	}
}

/* Stores s with the outcome counts in m->dense[0..n) (nonzero ones); returns its index. */
static uint64_t remember(struct machine *m, const int32_t *s, int n)
{
	if (m->nstates == m->cap_states) {
		m->cap_states = m->cap_states ? 2 * m->cap_states : 1024;
		m->states = grow(m, m->states, m->cap_states * m->words, sizeof *m->states);
		m->vec_off = grow(m, m->vec_off, m->cap_states, sizeof *m->vec_off);
		m->vec_len = grow(m, m->vec_len, m->cap_states, sizeof *m->vec_len);
	}
	if (2 * (m->nstates + 1) > m->table_size)
		rehash(m);
	uint64_t i = m->nstates++, pos;
	memcpy(m->states + i * m->words, s, (size_t)m->words * sizeof *s);
	lookup(m, s, &pos);
	m->table[pos] = (uint32_t)(i + 1);
	m->vec_off[i] = (uint32_t)m->npairs;
	m->vec_len[i] = 0;
	for (int k = 0; k < n; k++) {
		if (!m->dense[k])
			continue;
		if (m->npairs == m->cap_pairs) {
			m->cap_pairs = m->cap_pairs ? 2 * m->cap_pairs : 4096;
			m->pairs = grow(m, m->pairs, m->cap_pairs, sizeof *m->pairs);
		}
		m->pairs[m->npairs++] = (struct pair){ (uint32_t)k, m->dense[k] };
		m->vec_len[i]++;
	}
	return i;
}

/* ---- the reduction (reduce.h) ------------------------------------------------------------- */

/* The locations thread j may still write (its code from its pc, its buffered stores) and read. */
static void future(const struct machine *m, const int32_t *s, int j, uint32_t *w, uint32_t *r)
{
	const struct tlayout *l = &m->th[j];
	int pc = s[l->done] ? m->p->th[j]->n : s[l->pc];
	*w = m->rd.writes[j][pc];
	*r = m->rd.reads[j][pc];
	for (int k = 0; k < s[l->nbuf]; k++)
		*w |= 1u << s[l->buf + 2 * k];
}

/* A transition no other thread or buffer can interfere with, as 2 * i + kind (kind 0: thread i's
 * access, 1: the oldest store of its buffer draining), or -1: a load of a location no other may
 * still write; a store (into the buffer under x86-TSO; under SC one of a location no other may
 * still access); a drain of such a location. Each stays enabled until taken. */
static int safe_move(const struct machine *m, const int32_t *s)
{
	int n = m->p->nthreads;
	uint32_t w[LIT_MAX_THREADS], r[LIT_MAX_THREADS];
	for (int j = 0; j < n; j++)
		future(m, s, j, &w[j], &r[j]);
	for (int i = 0; i < n; i++) {
		const struct tlayout *l = &m->th[i];
		uint32_t ow = 0, orr = 0;
		for (int j = 0; j < n; j++)
			if (j != i) {
				ow |= w[j];
				orr |= r[j];
			}
		if (!s[l->done]) {
			const struct insn *in = &m->p->th[i]->code[s[l->pc]];
			uint32_t bit = in->addr_reg >= 0 ? UINT32_MAX : 1u << in->loc;
			if (in->op == OP_LOAD && !(ow & bit))
				return 2 * i;
			if (in->op == OP_STORE && (m->model == LM_TSO || !((ow | orr) & bit)))
				return 2 * i;
		}
		if (s[l->nbuf] > 0 && !((ow | orr) & (1u << s[l->buf])))
			return 2 * i + 1;
	}
	return -1;
}

/* ---- the search --------------------------------------------------------------------------- */

#define NO_STATE UINT64_MAX

/* Explores s (the schedule to it is m->path[0..depth)); returns its index or NO_STATE when
 * the state budget ran out below it. */
static uint64_t visit(struct machine *m, const int32_t *s)
{
	uint64_t pos;
	int64_t known = lookup(m, s, &pos);
	if (known >= 0)
		return (uint64_t)known;
	if (m->entered >= m->max_states) {
		m->r->partial = 1;
		m->r->why = "the state budget (max_states)";
		return NO_STATE;
	}
	m->entered++;
	int nthreads = m->p->nthreads, nchild = 0;
	uint64_t child[2 * LIT_MAX_THREADS];
	int32_t *next = m->scratch + (size_t)m->depth * (size_t)m->words;
	int only = m->reducing ? safe_move(m, s) : -1;
	for (int kind = 0; kind < 2; kind++)
		for (int i = 0; i < nthreads; i++) {
			if (only >= 0 && only != 2 * i + kind)
				continue;
			int ok = kind == 0 ? step(m, s, next, i) : drain(m, s, next, i);
			if (!ok)
				continue;
			m->path[m->depth++] = sched_char(i, kind == 1);
			child[nchild++] = visit(m, next);
			m->depth--;
		}
	uint32_t terminal = nchild == 0 ? outcome_of(m, s) : 0;
	int n = m->r->noutcomes;
	if (m->dense_cap < n) {
		m->dense_cap = 2 * n;
		m->dense = grow(m, m->dense, (uint64_t)m->dense_cap, sizeof *m->dense);
	}
	memset(m->dense, 0, (size_t)n * sizeof *m->dense);
	if (nchild == 0)
		m->dense[terminal] = 1;
	for (int c = 0; c < nchild; c++) {
		if (child[c] == NO_STATE)
			continue;
		for (uint32_t k = 0; k < m->vec_len[child[c]]; k++) {
			const struct pair *pr = &m->pairs[m->vec_off[child[c]] + k];
			m->dense[pr->outcome] = sat_add(m->dense[pr->outcome], pr->count);
		}
	}
	return remember(m, s, n);
}

/* ---- the driver ----------------------------------------------------------------------------- */

static void layout(struct machine *m)
{
	int w = m->t->nlocs;
	for (int i = 0; i < m->p->nthreads; i++) {
		const struct prog_thread *pt = m->p->th[i];
		struct tlayout *l = &m->th[i];
		int stores = 0, accesses = 0;
		for (int k = 0; k < pt->n; k++) {
			stores += pt->code[k].op == OP_STORE || pt->code[k].op == OP_UNLOCK;
			accesses += insn_is_access(pt->code[k].op);
		}
		l->cap = m->model == LM_TSO ? stores : 0;
		l->pc = w;
		l->done = w + 1;
		l->nbuf = w + 2;
		l->regs = w + 3;
		l->buf = l->regs + pt->nregs;
		w = l->buf + 2 * l->cap;
		m->max_depth += accesses + l->cap;
	}
	m->words = w + rcu_layout(&m->rcu, m->p, w);
}

static void cleanup(struct machine *m)
{
	free(m->states);
	free(m->vec_off);
	free(m->vec_len);
	free(m->table);
	free(m->pairs);
	free(m->dense);
	free(m->path);
	free(m->scratch);
	reduce_free(&m->rd);
}

/* The search from the initial state; 0, or -1 when out of memory. */
static int search(struct machine *m)
{
	const struct lit_test *t = m->t;
	if (setjmp(m->oom))
		return -1;
	layout(m);
	if (m->reducing && m->rcu.ndomains == 0 && reduce_init(&m->rd, m->p) < 0)
		return -1;
	m->reducing = m->reducing && m->rcu.ndomains == 0;
	m->path = malloc((size_t)m->max_depth + 1);
	m->scratch = calloc(((size_t)m->max_depth + 2) * (size_t)m->words, sizeof *m->scratch);
	if (!m->path || !m->scratch)
		return -1;
	rehash(m); /* the first, empty table */
	/* the initial state lives in the last scratch slot */
	int32_t *s0 = m->scratch + ((size_t)m->max_depth + 1) * (size_t)m->words;
	for (int l = 0; l < t->nlocs; l++)
		s0[l] = t->locs[l].init;
	for (int i = 0; i < m->p->nthreads; i++) {
		for (int k = 0; k < t->threads[i].nregs; k++)
			s0[m->th[i].regs + k] = t->threads[i].regs[k].init;
		settle(m, s0, i);
	}
	uint64_t root = visit(m, s0);
	struct lit_result *r = m->r;
	if (root != NO_STATE)
		for (uint32_t k = 0; k < m->vec_len[root]; k++) {
			const struct pair *pr = &m->pairs[m->vec_off[root] + k];
			r->outcomes[pr->outcome].count = pr->count;
			r->schedules = sat_add(r->schedules, pr->count);
		}
	r->states = m->nstates;
	r->bytes =
		m->cap_states * ((uint64_t)m->words * sizeof *m->states + 2 * sizeof *m->vec_off) +
		m->table_size * sizeof *m->table + m->cap_pairs * sizeof *m->pairs;
	return 0;
}

int lit_enumerate(const struct lit_prog *p, enum lit_model model, unsigned mutants,
		  uint64_t max_states, struct lit_result *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	r->model = model;
	if (model == LM_ARMV8)
		return lit_armv8(p, max_states ? max_states : LIT_DEFAULT_MAX_STATES, r, err,
				 errlen);
	struct machine *m = calloc(1, sizeof *m);
	int rc = -1;
	if (m) {
		m->p = p;
		m->t = p->t;
		m->model = model;
		m->mut = model == LM_TSO ? mutants & ~LIT_REDUCE : 0;
		m->reducing = (mutants & LIT_REDUCE) && !(mutants & ~LIT_REDUCE);
		m->max_states = max_states ? max_states : LIT_DEFAULT_MAX_STATES;
		if (m->max_states > LIT_MAX_STATES_LIMIT) /* (max_states_option refuses more) */
			m->max_states = LIT_MAX_STATES_LIMIT;
		m->r = r;
		rc = search(m);
		cleanup(m);
		if (rc < 0 && m->bad[0])
			fmt_msg(err, errlen, "%s", m->bad);
		else if (rc < 0)
			fmt_msg(err, errlen, "%s:1: out of memory while enumerating under %s",
				p->t->file, lit_model_name(model));
		free(m);
	} else {
		fmt_msg(err, errlen, "%s:1: out of memory", p->t->file);
	}
	if (rc < 0)
		lit_result_free(r);
	return rc;
}

void lit_result_free(struct lit_result *r)
{
	for (int k = 0; k < r->noutcomes; k++)
		free(r->outcomes[k].witness);
	free(r->outcomes);
	memset(r, 0, sizeof *r);
}

const char *lit_verdict(const struct lit_result *r)
{
	if (r->unsupported)
		return "unsupported";
	if (r->partial)
		return "partial";
	int yes = 0, no = 0;
	for (int k = 0; k < r->noutcomes; k++)
		if (!r->outcomes[k].hang && !r->outcomes[k].filtered) {
			yes += r->outcomes[k].satisfies;
			no += !r->outcomes[k].satisfies;
		}
	return !yes ? "Never" : no ? "Sometimes" : "Always";
}

int lit_quantifier_holds(const struct lit_test *t, const struct lit_result *r)
{
	const char *v = lit_verdict(r);
	if (r->partial || r->unsupported)
		return -1;
	switch (t->quant) {
	case LQ_EXISTS: return strcmp(v, "Never") != 0;
	case LQ_NOT_EXISTS: return strcmp(v, "Never") == 0;
	case LQ_FORALL: return strcmp(v, "Always") == 0;
	}
	return 0;
}

const char *lit_model_name(enum lit_model m)
{
	return m == LM_SC ? "sc" : m == LM_TSO ? "tso" : "armv8";
}

const char *lit_model_title(enum lit_model m)
{
	return m == LM_SC ? "SC" : m == LM_TSO ? "x86-TSO" : "Armv8";
}
