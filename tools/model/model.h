/*
 * model.h - candidate executions and the memory models that judge them (tools/model/README.md).
 *
 * A producer (the native explorer on real machine code, the herd litmus importer, the litmus
 * reference enumerator on the kernel's C primitives) runs each thread ALONE, with every read of
 * shared memory given a value chosen by the producer, and records one `mm_trace` per path: the
 * thread's events in program order, each with its dependencies on the thread's earlier reads. The
 * model library combines one trace per thread, enumerates reads-from (a read takes a write of the
 * same location and value) and coherence (a total order of each location's writes), and keeps the
 * candidate executions the model allows. The model is axiomatic (Alglave, Maranget, Tautschnig,
 * "Herding cats", TOPLAS 2014); Armv8 is the Arm ARM's B2.3 definition as herd7's aarch64.cat
 * states it (Pulte et al., POPL 2018). Another model (RISC-V's RVWMO) is another `mm_model` over
 * the same events.
 *
 * This header is the contract between the producers and the checker. Nothing here truncates: all
 * storage grows; an input the model cannot judge is refused with a message.
 */
#ifndef MODEL_MODEL_H
#define MODEL_MODEL_H
#include <stddef.h>
#include <stdint.h>

enum mm_kind { MM_R, MM_W, MM_F };

/* Barriers (MM_F events). MM_FULL: DMB SY / DMB ISH (and the kernel's smp_mb()). */
enum mm_fence { MM_NOFENCE, MM_FULL, MM_DMB_LD, MM_DMB_ST, MM_ISB };

/* Ordering annotations of an access (bits of mm_event.ord). */
enum {
	MM_ACQ = 1,    /* acquire read: LDAR, LDAXR, SWPA/SWPAL, CASA/CASAL, LDADDA... */
	MM_ACQPC = 2,  /* acquirePC read: LDAPR */
	MM_REL = 4,    /* release write: STLR, STLXR, SWPL/SWPAL, CASL/CASAL, ... */
	MM_EXCL = 8,   /* exclusive access: LDXR/LDAXR, STXR/STLXR (paired through rmw) */
	MM_NORET = 16, /* the read of an atomic whose result is discarded (STADD, STCLR, ...: the
			* LD<op> forms with XZR/WZR as destination): DMB ISHLD does not order it */
};

/* One event of one thread. Indices (`rmw`, the dependency lists) are positions in the same trace. */
struct mm_event {
	enum mm_kind kind;
	enum mm_fence fence; /* MM_F only */
	unsigned ord;	     /* MM_ACQ | MM_ACQPC | MM_REL | MM_EXCL | MM_NORET */
	uint64_t addr;	     /* R, W: the location (an address, or a litmus variable's number) */
	unsigned size;	     /* bytes: 1, 2, 4, 8 */
	uint64_t value;	     /* W: the value written; R: the value the producer gave the read */
	/* R of an RMW or of a successful exclusive pair: the index of its W (later, same location and
	 * size); else -1. An RMW whose events are not MM_EXCL is herd's `amo` (LSE atomics). */
	int rmw;
	/* The reads of this trace this event depends on (ARM ARM B2.3.x "Dependency definitions"):
	 * addr: the address came from them; data: a W's value came from them; ctrl: a conditional
	 * branch before this event, in program order, depended on them (every event after the
	 * branch, fences included: `ctrl; [ISB]` needs it on the ISB). Sorted, no duplicates, each
	 * an earlier MM_R of the same trace (else mm_enumerate refuses the trace). */
	int *addr_deps, *data_deps, *ctrl_deps;
	int naddr, ndata, nctrl;
	/* Pick dependencies (herd7's aarch64deps.cat: pick-basic-dep = [R|Rreg]; (dtrm | iico_ctrl)+):
	 * the reads this event depends on through a path that passes through the condition of a
	 * conditional select or compare (CSEL, CSINC, CSINV, CSNEG and aliases, CCMP, CCMN: the
	 * flags choose the result, iico_ctrl), in the same three roles as above. The checker takes
	 * pick-addr-dep = addr | pick_addr (and so for data and ctrl), so a read already in addr_deps
	 * need not be repeated. Same rules as above (sorted, no duplicates, earlier MM_R of the same
	 * trace); producers without conditional selects leave them NULL and 0. */
	int *pick_addr_deps, *pick_data_deps, *pick_ctrl_deps;
	int npick_addr, npick_data, npick_ctrl;
	/* Where the event comes from, for witnesses and pages; the library only copies these. */
	uint64_t pc;
	int line; /* source line, 0 if none */
	/* the instruction or statement (owned by the producer, outlives the trace) */
	const char *text;
};

/* One path of one thread: its events, and the registers (or observed values) it ends with. */
struct mm_trace {
	struct mm_event *ev;
	int nev;
	int partial;	 /* 1: the path was cut at a bound; the result built from it is partial */
	const char *why; /* the bound, in words, when partial (producer-owned) */
	void *final;	 /* the producer's end-of-path state (registers), handed back in outcomes */
};

/* Models. The broken ones exist so that the tests can see a wrong model fail the suite. */
enum mm_model_id {
	MM_SC,			/* sequential consistency: (po | rf | co | fr) acyclic */
	MM_ARMV8,		/* Arm ARM B2.3 */
	MM_ARMV8_BROKEN_NODEPS, /* dependencies order nothing */
	MM_ARMV8_BROKEN_LDST,	/* DMB ISHLD also orders earlier stores */
	MM_ARMV8_BROKEN_NOMCA,	/* observed-by without rfe: not multi-copy atomic */
};

/* ---- The checker's interface ---------------------------------------------------------------- */

/* A thread's alternatives: every path the producer ran, each with the values its reads were given.
 * The library only reads them (the producer owns traces, events and dependency lists). */
struct mm_thread {
	const struct mm_trace *traces;
	int ntraces;
};

/* The initial value of a location. A location that no mm_init names starts at 0, with the size of
 * its accesses. */
struct mm_init {
	uint64_t addr;
	unsigned size;
	uint64_t value;
};

/* What to enumerate. max_checked: a budget on candidate executions checked (0: none); max_searched:
 * a budget on the steps of the search for the locations' candidate coherence orders and reads
 * (each order or read choice tried), which grows with every interleaving of a location's writes
 * before any candidate is checked (0: none). Past either the run stops and is partial (mm_stats.why
 * names the bound). */
struct mm_problem {
	enum mm_model_id model;
	int nthreads;
	const struct mm_thread *threads; /* [nthreads] */
	const struct mm_init *init;
	int ninit;
	uint64_t max_checked;
	uint64_t max_searched;
};

/* An event of an execution: thread and index in that thread's chosen trace. thread == MM_INIT: the
 * initial write of the location (index is unused, 0). */
#define MM_INIT (-1)
struct mm_ref {
	int thread;
	int index;
};

/* One location of an execution: the writes to it in coherence order (the initial write, first in
 * coherence, is not listed), its initial and co-final values (final == init when nco == 0). */
struct mm_loc {
	uint64_t addr;
	unsigned size;
	uint64_t init, final;
	const struct mm_ref *co;
	int nco;
};

/* One execution the model allows, handed to the callback. Every pointer is the library's and valid
 * only during the callback (copy what you keep). */
struct mm_exec {
	int nthreads;
	const struct mm_trace *const *trace; /* [t]: the chosen path of thread t (its `final` too) */
	const int *path;		     /* [t]: its index in problem->threads[t].traces */
	/* rf[t][i]: for a read event i of thread t, the write it reads from ({MM_INIT, 0}: the initial
	 * value); for other events {MM_INIT, -1}. */
	const struct mm_ref *const *rf;
	const struct mm_loc *locs; /* every location accessed or initialised, sorted by addr */
	int nlocs;
	int partial;	 /* 1 when a chosen trace is partial */
	const char *why; /* then the first partial trace's `why` */
};

/* Called for every allowed execution; return 0 to go on, non-zero to stop the enumeration (then
 * mm_stats.stopped is 1; a stopped run is not partial: the caller asked). */
typedef int (*mm_exec_fn)(const struct mm_exec *x, void *ctx);

struct mm_stats {
	uint64_t combos;  /* combinations of one trace per thread tried */
	uint64_t checked; /* candidate executions (rf and co chosen) given to the model */
	uint64_t allowed; /* of them, the ones the model allows (each handed to the callback) */
	int partial;	  /* 1: some trace was partial, or the budget was reached */
	const char *why;  /* the bound, in words, when partial (static or a trace's `why`) */
	int stopped;	  /* 1: the callback stopped the run */
};

/* Enumerates every candidate execution of `p` (one trace per thread, rf, co) and calls `fn` with
 * each one the model allows. Returns 0 (stats filled) or -1 when the input cannot be judged: then
 * *err (never NULL on -1) is a malloc'd message the caller frees, naming the events, e.g. mixed-size
 * accesses to overlapping locations (not modelled: the caller reports the test as not explored,
 * never as a verdict), a dependency or rmw index out of range or not on a read. fn may be NULL
 * (count only). Cost: README.md. */
int mm_enumerate(const struct mm_problem *p, mm_exec_fn fn, void *ctx, struct mm_stats *stats,
		 char **err);

/* ---- Explaining an execution ------------------------------------------------------------------ */
/* A pair of events of one thread: from before to in program order (indices in its chosen trace). */
struct mm_pair {
	int thread, from, to;
};
/* For an execution x that model m allowed (x as the callback got it, with the problem's init): the
 * pairs of accesses of one thread, from before to in program order, whose order x contradicts (`to`
 * reaches `from` through po | rf | co | fr, so sequential consistency would forbid x) and that m does
 * not order (not in its fixed order: Armv8's lob+). These are the ordering edges x is missing: any one
 * of them ordered would forbid x. None for an execution SC allows. Returns their number with *out
 * (malloc'd, the caller frees; NULL when 0), or -1 with *err (malloc'd) for input graph_build refuses. */
int mm_unordered(enum mm_model_id m, const struct mm_exec *x, const struct mm_init *init, int ninit,
		 struct mm_pair **out, char **err);

/* "sc", "armv8", "armv8-broken-nodeps", "armv8-broken-ldst", "armv8-broken-nomca" (static). */
const char *mm_model_name(enum mm_model_id m);
/* The id for a name above; -1 if none. */
int mm_model_parse(const char *name, enum mm_model_id *out);

/* ---- Values a location may hold (for producers choosing read values) ------------------------- */

/* A set of values per location, grown to a fixpoint by the producer: run every thread with its reads
 * given each value of their location's set; add every value written; repeat while a set grows (the
 * producer bounds the rounds or the sizes, and reports a run past the bound as partial; the initial
 * values are the producer's to add first). A zeroed struct is empty; mm_values_free releases it. */
struct mm_values {
	struct mm_valset *sets; /* sorted by addr */
	int nsets, cap;
};
struct mm_valset {
	uint64_t addr;
	uint64_t *v; /* sorted, no duplicates */
	int n, cap;
};
/* Adds value v to addr's set; returns 1 if it was new, 0 if already there. */
int mm_values_add(struct mm_values *s, uint64_t addr, uint64_t v);
/* addr's set, or NULL when nothing was added for addr (the pointer is valid until the next add). */
const struct mm_valset *mm_values_get(const struct mm_values *s, uint64_t addr);
void mm_values_free(struct mm_values *s);

/* ---- The read values' fixpoint (mm_rounds.c): the one driver of every producer ---------------- */

/* A thread's paths for one input, as the producer's run left them (valid until its next run). */
struct mm_round_paths {
	const struct mm_trace *traces;
	int ntraces;
	int partial;	 /* the run was cut by one of the producer's bounds */
	const char *why; /* static, when partial */
};
/* Runs thread t with in, the values its reads may return, replacing its previous paths: 0, or -1
 * (the caller keeps its message; the rounds stop). */
typedef int (*mm_round_fn)(void *ctx, int t, const struct mm_values *in,
			   struct mm_round_paths *out);
/* After a round, with every value so far (base and writes): a static reason to stop as partial, or NULL. */
typedef const char *(*mm_round_check_fn)(void *ctx, const struct mm_values *all);

#define MM_ROUNDS_MAX_THREADS 8

struct mm_rounds_opts {
	const struct mm_values *base; /* values any read may return besides the writes (NULL: none) */
	int own_writes;		      /* a thread's input has the values it wrote itself too */
	/* The stop that keeps the result exact: after round bound + 1 nothing new can matter (a value
	 * first written later needs a longer chain of reads, each of the write before it, than any
	 * execution the model allows has). bound 0: the most reads of one path of each thread, summed
	 * over the threads, recomputed every round. */
	int bound;
	int max_rounds; /* partial when the values still grow after this many (0: none) */
	const char *max_rounds_why; /* its static reason */
	int stop_on_partial; /* a thread's partial paths end the rounds (else: noted at the end) */
	mm_round_check_fn check; /* may be NULL */
};

struct mm_rounds {
	int rounds;
	int partial;	 /* max_rounds reached, check's reason, or a thread's paths partial */
	const char *why; /* static, when partial: the first of these met */
};

/* Runs the threads round by round: in each round every thread whose input grew runs again with the
 * values written in the rounds before it (the other threads', and its own when own_writes, plus
 * base); the rounds stop when no thread writes a new value, after round bound + 1, at max_rounds, or
 * as stop_on_partial and check say. nthreads is at most MM_ROUNDS_MAX_THREADS (else -1). The last run's paths of each
 * thread are the result (the producer holds them). Returns 0, or -1 when a run failed. */
int mm_rounds(int nthreads, mm_round_fn run, void *ctx, const struct mm_rounds_opts *o,
	      struct mm_rounds *r);

#endif
