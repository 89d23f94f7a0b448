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
	MM_ACQ = 1,   /* acquire read: LDAR, LDAXR, SWPA/SWPAL, CASA/CASAL, LDADDA... */
	MM_ACQPC = 2, /* acquirePC read: LDAPR */
	MM_REL = 4,   /* release write: STLR, STLXR, SWPL/SWPAL, CASL/CASAL, ... */
	MM_EXCL = 8,  /* exclusive access: LDXR/LDAXR, STXR/STLXR (paired through rmw) */
};

/* One event of one thread. Indices (`rmw`, the dependency lists) are positions in the same trace. */
struct mm_event {
	enum mm_kind kind;
	enum mm_fence fence; /* MM_F only */
	unsigned ord;        /* MM_ACQ | MM_ACQPC | MM_REL | MM_EXCL */
	uint64_t addr;       /* R, W: the location (an address, or a litmus variable's number) */
	unsigned size;       /* bytes: 1, 2, 4, 8 */
	uint64_t value;      /* W: the value written; R: the value the producer gave the read */
	int rmw;             /* R of an RMW or a successful exclusive pair: index of its W; else -1 */
	/* The reads of this trace this event depends on (ARM ARM B2.3.x "Dependency definitions"):
	 * addr: the address came from them; data: a W's value came from them; ctrl: a conditional
	 * branch before this event, in program order, depended on them. Sorted, no duplicates. */
	int *addr_deps, *data_deps, *ctrl_deps;
	int naddr, ndata, nctrl;
	/* Where the event comes from, for witnesses and pages; the library only copies these. */
	uint64_t pc;
	int line;         /* source line, 0 if none */
	const char *text; /* the instruction or statement (owned by the producer, outlives the trace) */
};

/* One path of one thread: its events, and the registers (or observed values) it ends with. */
struct mm_trace {
	struct mm_event *ev;
	int nev;
	int partial;       /* 1: the path was cut at a bound; the result built from it is partial */
	const char *why;   /* the bound, in words, when partial (producer-owned) */
	void *final;       /* the producer's end-of-path state (registers), handed back in outcomes */
};

/* Models. The broken ones exist so that the tests can see a wrong model fail the suite. */
enum mm_model_id {
	MM_SC,                  /* sequential consistency: (po | rf | co | fr) acyclic */
	MM_ARMV8,               /* Arm ARM B2.3 */
	MM_ARMV8_BROKEN_NODEPS, /* dependencies order nothing */
	MM_ARMV8_BROKEN_LDST,   /* DMB ISHLD also orders earlier stores */
	MM_ARMV8_BROKEN_NOMCA,  /* observed-by without rfe: not multi-copy atomic */
};

/* ... the checker's interface (mm_check, the execution enumerator, the outcome callback) is written
 * by tools/model's owner; see tools/model/README.md. */

#endif
