/*
 * explore.c - the stateful search and the outcomes read from its graph (see explore.h).
 */
#include "explore.h"
#include "buf.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#define T MACHINE_MAX_THREADS
#define MOVES (2 * T) /* move t < T: thread t steps; T + t: thread t's oldest store drains */
#define UNEXPLORED (-2)
#define NOT_PAUSED (-1)

struct state {
	uint8_t hash[16];
	int succ[MOVES]; /* next state after each move; NOT_PAUSED; UNEXPLORED */
	unsigned paused; /* threads that can step */
	unsigned drains; /* x86-TSO: threads whose buffer is not empty (their drain can move) */
	unsigned spun;	 /* threads that spin privately forever or ran past the bound */
	int vals;	 /* index into graph.vals: the outcome values in this state */
	uint64_t shared; /* hash of the shared memory in this state */
	int terminal;	 /* index of its candidate outcome, or -1 */
};

struct vals {
	char *text;
	json_t *json;
};

/* An outcome found at a state (terminal), or a hang read from the graph. */
struct cand {
	char *key;
	int vals;
	unsigned hang;
	char *crash_thread, *crash_message;
	int done;
	int state;
	char *ext; /* steps after the state's shortest schedule */
};

struct graph {
	struct state *s;
	long n, cap;
	int *table; /* open addressing on the hash: state index + 1, 0 empty */
	long tcap;
	struct vals *vals;
	int nvals;
	struct cand *cands;
	int ncands;
	int nthreads;
};

/* ---- the graph ---------------------------------------------------------------------------- */

static uint64_t h64(const uint8_t h[16])
{
	uint64_t v;
	memcpy(&v, h, sizeof v);
	return v;
}

static long lookup(const struct graph *g, const uint8_t h[16])
{
	for (long i = (long)(h64(h) & (uint64_t)(g->tcap - 1));; i = (i + 1) & (g->tcap - 1)) {
		int e = g->table[i];
		if (e == 0)
			return -1;
		if (!memcmp(g->s[e - 1].hash, h, 16))
			return e - 1;
	}
}

static void table_put(struct graph *g, long id)
{
	long i = (long)(h64(g->s[id].hash) & (uint64_t)(g->tcap - 1));
	while (g->table[i])
		i = (i + 1) & (g->tcap - 1);
	g->table[i] = (int)id + 1;
}

static long add_state(struct graph *g, const uint8_t h[16])
{
	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 256;
		g->s = xrealloc(g->s, (size_t)g->cap * sizeof *g->s);
	}
	if ((g->n + 1) * 2 > g->tcap) { /* keep the table at most half full */
		free(g->table);
		g->tcap = g->tcap ? g->tcap * 2 : 1024;
		g->table = xcalloc((size_t)g->tcap, sizeof *g->table);
		for (long i = 0; i < g->n; i++)
			table_put(g, i);
	}
	struct state *s = &g->s[g->n];
	memset(s, 0, sizeof *s);
	memcpy(s->hash, h, 16);
	s->terminal = -1;
	for (int t = 0; t < MOVES; t++)
		s->succ[t] = NOT_PAUSED;
	table_put(g, g->n);
	return g->n++;
}

static int intern(struct graph *g, char *text, json_t *json)
{
	for (int i = 0; i < g->nvals; i++)
		if (!strcmp(g->vals[i].text, text)) {
			free(text);
			json_decref(json);
			return i;
		}
	g->vals = xrealloc(g->vals, (size_t)(g->nvals + 1) * sizeof *g->vals);
	g->vals[g->nvals] = (struct vals){ text, json };
	return g->nvals++;
}

static void add_cand(struct graph *g, struct cand c)
{
	g->cands = xrealloc(g->cands, (size_t)(g->ncands + 1) * sizeof *g->cands);
	g->cands[g->ncands++] = c;
}

/* ---- states of the machine ---------------------------------------------------------------- */

/* Fills the new state id from the machine, which is in that state; records an outcome when
 * no thread can step. May run CHECK (the machine's memory is then not the state's any more). */
static void describe(struct graph *g, long id, struct machine *m, const struct oview *ov)
{
	struct state *s = &g->s[id];
	const char *crash_thread = NULL;
	char *crash_msg = NULL;
	int all_done = 1;
	for (int t = 0; t < g->nthreads; t++) {
		enum tstatus st = machine_status(m, t);
		if (machine_enabled(m, t))
			s->paused |= 1u << t;
		if (machine_buffered(m, t))
			s->drains |= 1u << t;
		if (st == T_SPIN || st == T_BOUND)
			s->spun |= 1u << t;
		if (st != T_DONE)
			all_done = 0;
		if (st == T_CRASHED && !crash_thread) {
			crash_thread = ov->meta->threads[t];
			crash_msg = crash_message(ov, machine_crash(m, t));
		}
	}
	const struct crash *ic = machine_init_crash(m);
	if (ic) {
		crash_thread = "init";
		crash_msg = crash_message(ov, ic);
	}
	if (crash_thread)
		s->paused = s->drains = 0; /* a crash ends the run */
	for (int t = 0; t < g->nthreads; t++) {
		if (s->paused & (1u << t))
			s->succ[t] = UNEXPLORED;
		if (s->drains & (1u << t))
			s->succ[T + t] = UNEXPLORED;
	}
	if (s->paused == 0 && s->drains == 0 && all_done) {
		const struct crash *cc = machine_run_check(m);
		if (cc) {
			crash_thread = "check";
			crash_msg = crash_message(ov, cc);
		}
	}
	json_t *json;
	char *text = outcome_values(ov, m, &json);
	s->vals = intern(g, text, json);
	s->shared = machine_shared_hash(m);
	if (s->paused || s->drains)
		return;
	struct cand c = { outcome_key(ov, g->vals[s->vals].text, s->spun, crash_thread, crash_msg),
			  s->vals,
			  s->spun,
			  crash_thread ? xstrdup(crash_thread) : NULL,
			  crash_msg,
			  all_done && !crash_thread,
			  (int)id,
			  xstrdup("") };
	s->terminal = g->ncands;
	add_cand(g, c);
}

/* ---- depth-first search ------------------------------------------------------------------- */

struct frame {
	long id;
	struct snapshot *snap;
	int next;
};

static int search(struct graph *g, struct machine *m, const struct snapshot *root,
		  const struct oview *ov, const struct explore_config *cfg,
		  struct explore_result *res)
{
	uint8_t h[16];
	machine_hash(m, h);
	describe(g, add_state(g, h), m, ov);
	struct frame *stack = xcalloc((size_t)cfg->max_depth + 1, sizeof *stack);
	int depth = 0, rc = 0;
	long cur = -1; /* the state the machine is in, -1 if unknown */
	machine_restore(m, root);
	if (g->s[0].paused || g->s[0].drains) {
		stack[0] = (struct frame){ 0, machine_save(m), 0 };
		depth = 1;
		cur = 0;
	}
	while (depth > 0) {
		struct frame *f = &stack[depth - 1];
		struct state *s = &g->s[f->id];
		unsigned moves = s->paused | s->drains << T;
		while (f->next < MOVES && !(moves & (1u << f->next)))
			f->next++;
		if (f->next == MOVES) {
			snapshot_free(f->snap);
			depth--;
			cur = -1;
			continue;
		}
		int t = f->next++;
		if (cur != f->id)
			machine_restore(m, f->snap);
		int step = t < T ? machine_step(m, t, NULL) : machine_drain(m, t - T, NULL);
		if (step == 1) { /* a store that does not fit in its buffer: not explored */
			res->partial = 1;
			fmt_msg(res->why, sizeof res->why, "a store buffer of more than %d stores",
				MACHINE_SB_MAX);
			cur = -1;
			continue;
		}
		if (step != 0) {
			rc = -1;
			break;
		}
		res->transitions++;
		machine_hash(m, h);
		long id = lookup(g, h);
		cur = id;
		if (id >= 0) {
			g->s[f->id].succ[t] = (int)id;
			continue;
		}
		if (g->n >= cfg->max_states) {
			res->partial = 1;
			fmt_msg(res->why, sizeof res->why, "more than %ld states", cfg->max_states);
			break;
		}
		id = add_state(g, h);
		g->s[f->id].succ[t] = (int)id;
		cur = id;
		describe(g, id, m, ov);
		if (!g->s[id].paused && !g->s[id].drains) {
			cur = -1; /* CHECK may have run */
			continue;
		}
		if (depth == cfg->max_depth) {
			res->partial = 1;
			fmt_msg(res->why, sizeof res->why, "a schedule longer than %d steps",
				cfg->max_depth);
			continue;
		}
		if (depth > res->depth)
			res->depth = depth;
		stack[depth++] = (struct frame){ id, machine_save(m), 0 };
	}
	while (depth > 0)
		snapshot_free(stack[--depth].snap);
	free(stack);
	machine_restore(m, root);
	return rc;
}

/* ---- hangs -------------------------------------------------------------------------------- */

/* blocked[t][s]: thread t, paused in s, is blocked there: s lies on the cycle that t, run alone,
 * goes round forever, and shared memory is the same in every state of that cycle (t only reads it,
 * or writes back what is there). Nothing t does then lets another thread progress, and it stays
 * there until another thread changes what it reads: the WebAssembly explorer's blocked thread.
 * Unexplored successors (a partial search) count as progress. */
static void solo_blocked(const struct graph *g, int t, char *blocked)
{
	char *color = xcalloc((size_t)g->n + 1, 1); /* 0 new, 1 on the current path, 2 done */
	long *path = xmalloc(((size_t)g->n + 1) * sizeof *path);
	for (long s0 = 0; s0 < g->n; s0++) {
		if (color[s0] || !(g->s[s0].paused & (1u << t)))
			continue;
		long n = 0, x = s0;
		while (x >= 0 && (g->s[x].paused & (1u << t)) && color[x] == 0) {
			color[x] = 1;
			path[n++] = x;
			x = g->s[x].succ[t];
		}
		if (x >= 0 && color[x] == 1) { /* a new cycle: path[i..n) */
			long i = n - 1;
			while (path[i] != x)
				i--;
			int same = 1;
			for (long j = i; j < n; j++)
				same &= g->s[path[j]].shared == g->s[x].shared;
			for (long j = i; j < n && same; j++)
				blocked[path[j]] = 1;
		}
		for (long j = 0; j < n; j++)
			color[path[j]] = 2;
	}
	free(color);
	free(path);
}

/* Appends one turn of thread t's loop from state s (s is on it) to ext. */
static void turn_loop(const struct graph *g, long s, int t, struct buf *ext)
{
	long x = s, n = 0;
	do {
		buf_printf(ext, "%d", t);
		x = g->s[x].succ[t];
	} while (x >= 0 && x != s && ++n < g->n);
}

static void find_hangs(struct graph *g, const struct oview *ov)
{
	char *blocked[T];
	for (int t = 0; t < g->nthreads; t++) {
		blocked[t] = xcalloc((size_t)g->n + 1, 1);
		solo_blocked(g, t, blocked[t]);
	}
	for (long s = 0; s < g->n; s++) {
		unsigned p = g->s[s].paused;
		int all = p != 0 && g->s[s].drains == 0; /* a store can still reach memory */
		for (int t = 0; t < g->nthreads && all; t++)
			if ((p & (1u << t)) && !blocked[t][s])
				all = 0;
		if (!all)
			continue;
		struct buf ext = { 0 };
		for (int t = 0; t < g->nthreads; t++) /* the witness shows each loop turning once */
			if (p & (1u << t))
				turn_loop(g, s, t, &ext);
		unsigned hang = p | g->s[s].spun;
		struct cand c = { outcome_key(ov, g->vals[g->s[s].vals].text, hang, NULL, NULL),
				  g->s[s].vals,
				  hang,
				  NULL,
				  NULL,
				  0,
				  (int)s,
				  buf_take(&ext) };
		add_cand(g, c);
	}
	for (int t = 0; t < g->nthreads; t++)
		free(blocked[t]);
}

/* ---- witnesses and results ---------------------------------------------------------------- */

/* Breadth-first from the initial state: dist and the (parent, thread) of each state. */
static void shortest(const struct graph *g, long *dist, long *parent, char *via)
{
	long *queue = xmalloc(((size_t)g->n + 1) * sizeof *queue), head = 0, tail = 0;
	for (long i = 0; i < g->n; i++)
		dist[i] = -1;
	dist[0] = 0;
	queue[tail++] = 0;
	while (head < tail) {
		long x = queue[head++];
		for (int mv = 0; mv < MOVES; mv++) {
			long y = g->s[x].succ[mv];
			if (y < 0 || dist[y] >= 0)
				continue;
			dist[y] = dist[x] + 1;
			parent[y] = x;
			via[y] = sched_char(mv % T, mv >= T);
			queue[tail++] = y;
		}
	}
	free(queue);
}

static char *witness_of(const struct cand *c, const long *dist, const long *parent, const char *via)
{
	long n = dist[c->state];
	size_t e = strlen(c->ext);
	char *w = xmalloc((size_t)n + e + 1);
	for (long x = c->state, i = n; i > 0; x = parent[x])
		w[--i] = via[x];
	memcpy(w + n, c->ext, e + 1);
	return w;
}

static void collect(struct graph *g, struct explore_result *res)
{
	long *dist = xmalloc(((size_t)g->n + 1) * sizeof *dist),
	     *parent = xmalloc(((size_t)g->n + 1) * sizeof *parent);
	char *via = xmalloc((size_t)g->n + 1);
	shortest(g, dist, parent, via);
	int *best = xmalloc(((size_t)g->ncands + 1) * sizeof *best); /* per found: its candidate */
	for (int i = 0; i < g->ncands; i++) {
		struct cand *c = &g->cands[i];
		long len = dist[c->state] + (long)strlen(c->ext);
		int j = 0;
		while (j < res->nfound && strcmp(g->cands[best[j]].key, c->key))
			j++;
		if (j == res->nfound) {
			res->found = xrealloc(res->found,
					      (size_t)(res->nfound + 1) * sizeof *res->found);
			memset(&res->found[j], 0, sizeof res->found[j]);
			res->nfound++;
			best[j] = i;
		} else {
			const struct cand *b = &g->cands[best[j]];
			if (len < dist[b->state] + (long)strlen(b->ext))
				best[j] = i;
		}
		res->found[j].states++;
	}
	for (int j = 0; j < res->nfound; j++) {
		const struct cand *c = &g->cands[best[j]];
		struct found *f = &res->found[j];
		f->key = xstrdup(c->key);
		f->values = json_deep_copy(g->vals[c->vals].json);
		f->hang = c->hang;
		f->crash_thread = c->crash_thread ? xstrdup(c->crash_thread) : NULL;
		f->crash_message = c->crash_message ? xstrdup(c->crash_message) : NULL;
		f->done = c->done;
		f->witness = witness_of(c, dist, parent, via);
	}
	free(best);
	free(dist);
	free(parent);
	free(via);
}

static void graph_free(struct graph *g)
{
	for (int i = 0; i < g->nvals; i++) {
		free(g->vals[i].text);
		json_decref(g->vals[i].json);
	}
	for (int i = 0; i < g->ncands; i++) {
		free(g->cands[i].key);
		free(g->cands[i].crash_thread);
		free(g->cands[i].crash_message);
		free(g->cands[i].ext);
	}
	free(g->vals);
	free(g->cands);
	free(g->s);
	free(g->table);
}

int explore_run(struct machine *m, const struct snapshot *root, const struct oview *ov,
		const struct explore_config *cfg, struct explore_result *res)
{
	memset(res, 0, sizeof *res);
	struct graph g = { 0 };
	g.nthreads = machine_nthreads(m);
	int rc = search(&g, m, root, ov, cfg, res);
	if (rc == 0) {
		find_hangs(&g, ov);
		collect(&g, res);
	}
	res->states = g.n;
	graph_free(&g);
	return rc;
}

void explore_result_free(struct explore_result *r)
{
	for (int i = 0; i < r->nfound; i++) {
		free(r->found[i].key);
		json_decref(r->found[i].values);
		free(r->found[i].crash_thread);
		free(r->found[i].crash_message);
		free(r->found[i].witness);
	}
	free(r->found);
	memset(r, 0, sizeof *r);
}
