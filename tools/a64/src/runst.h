/*
 * runst.h - the producer's state while it runs one path (run.c: paths and choices; deps.c: the
 * dependency rules of each instruction; access.c: the accesses, as events or private memory).
 *
 * Dependencies are kept per register as two sets of the path's read events: `dep`, the Arm ARM's
 * register/memory dependencies (what addr, data and ctrl are made of), and `pick`, the reads that
 * reached the value only through a conditional select's or compare's condition (the Arm ARM's
 * "pick" dependencies: model.h's pick_*_deps, which the checker's pob orders; tools/a64/README.md,
 * "Dependencies").
 */
#ifndef A64_RUNST_H
#define A64_RUNST_H

#include "insn.h"
#include "run.h"
#include "tset.h"

struct choice {
	int n, k; /* n alternatives, k the one this path takes */
};

/* A store to private memory: what its bytes now depend on. */
struct shadow {
	uint64_t addr;
	int size;
	struct tset dep, pick;
};

struct runst {
	const struct a64_prod *p;
	struct ucpu *cpu;
	/* the tree of paths: the choices of the current path */
	struct choice *ch;
	int nch, capch, depth;
	/* the current path */
	struct mm_event *ev;
	int nev, capev;
	struct tset dep[A64_NREG], pick[A64_NREG];
	struct tset ctrl, ctrl_pick; /* what the conditional branches so far depended on */
	struct tset priv_acc;	     /* what every private store so far depended on */
	struct tset st_fence;	     /* priv_acc at the last DMB ISHST (see access.c) */
	struct tset priv_addr;	     /* what the addresses of private accesses so far depended on */
	struct tset priv_pick; /* and their pick dependencies (as ctrl_pick on later events) */
	struct shadow *sh;
	int nsh, capsh;
	int excl_ev;   /* the open load-exclusive's read event, -1 if none (or private) */
	int excl_open; /* a load-exclusive is open */
	uint64_t excl_addr;
	int excl_size;
	long steps;
	/* the instruction being executed */
	uint64_t pc;
	struct a64_insn in;
	struct tset a_dep, a_pick;     /* its address registers' */
	struct tset res_dep, res_pick; /* its result's (computing instructions) */
	int nreads, nwrites;
	int read_ev[2];			   /* its reads' events (-1: private) */
	struct tset rd_dep[2], rd_pick[2]; /* what each read's value depends on beyond its event */
	int cas_equal;
	/* spin.c (with prod.state): the states this path has been in, an open-addressing table */
	struct seen *seen;
	int capseen, nseen;
	int spin_from;	     /* the path ends in a cycle from this event (-1: it does not) */
	int spin_livelock;   /* ... and a store-exclusive failed in that cycle */
	long stxr_fail_step; /* the step of the path's latest failed store-exclusive (0: none) */
	/* with prod.crashes: how the path crashed */
	enum a64_crash crash;
	uint64_t crash_addr;
	/* the first error */
	char err[512];
	int failed;
};

int rs_fail(struct runst *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The alternative this path takes at its next choice point of n alternatives. */
int rs_choose(struct runst *s, int n);

/* deps.c: before the instruction executes (sources read), and after (destinations written). */
void deps_before(struct runst *s);
void deps_after(struct runst *s);
/* The dependency sets of register r (-1, the zero register: empty). */
const struct tset *deps_of(const struct runst *s, int r);
const struct tset *picks_of(const struct runst *s, int r);

/* spin.c: forgets the path's states; after each instruction, 1 when the thread's state
 * (prod.state, the open exclusive; none when the hook says 0) is one this path was in with as many writes
 * (then spin_from and spin_livelock are set), else 0 (the state is recorded); releases the
 * table. */
void spin_reset(struct runst *s);
int spin_repeats(struct runst *s);
void spin_free(struct runst *s);

/* access.c */
struct ucpu_hooks access_hooks(struct runst *s);
/* STXR/STLXR, executed here (success or failure is a choice): 0 or -1 (unmatched). */
int access_stxr(struct runst *s);
/* A barrier event. */
void access_fence(struct runst *s);
/* Releases the path's private-memory records. */
void access_reset(struct runst *s);

#endif
