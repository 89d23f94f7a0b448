/*
 * evidence.h - counts of a thread's accesses to one shared variable, and the JSON of a
 * classified function (instructions with source line, loop flag and access labels).
 */
#ifndef ASM_EVIDENCE_H
#define ASM_EVIDENCE_H

#include <jansson.h>

#include "dis.h"

#include <stddef.h>

struct counts {
	int loads, stores, rmw; /* loads and stores include rmw */
	int loads_in_loop, stores_in_loop;
	int min_width, max_width; /* 0 when there is no access */
	int accesses;		  /* access instructions (an ldp/stp pair counts twice) */
	/* Emission order: the position (1-based) of the first and the last instruction that loads
	 * (stores) the variable, among the thread's access instructions to any variable, in the
	 * listing's order with a local callee's accesses at its call; 0 when there is none. So
	 * first_store(t, a) < first_store(t, b) says a's store is emitted before b's. */
	int first_load, last_load, first_store, last_store;
};

/* Counts over every function that belongs to thread (name or name.suffix clones). */
void counts_thread(const struct dis *d, const char *thread, const char *var, struct counts *c);
long counts_get(const struct counts *c, const char *fn);
json_t *counts_json(const struct counts *c);
/* Value flow (flow.h) of var's loads in thread to a use ("deref", "branch" or a variable stored
 * to), over the thread's functions and, at their calls, the local functions they call (each
 * analysed on its own): how many loads' values reach the use, the emission positions (numbered
 * as first_load) of the first and last of them (0 when none), and how many of them arrive stale
 * (var was loaded again on the way). */
struct flows {
	int loads_to, first_load_to, last_load_to, stale_loads_to;
};
/* Returns 0, or -1 with a message in err (flow_func()'s limits). */
int flows_thread(const struct dis *d, const char *thread, const char *var, const char *use,
		 struct flows *fl, char *err, size_t errlen);
long flows_get(const struct flows *fl, const char *fn);
/* Order on every path (flow_before()) over the thread's functions: 1 when some function of the
 * thread accesses b and in each that does, every path reaches each access of b (stores when
 * stores is 1, else loads) only after an access of a; accesses in callees are not seen. */
int before_thread(const struct dis *d, const char *thread, const char *a, const char *b,
		  int stores);

/* Does the disassembly contain thread's function? */
int thread_present(const struct dis *d, const char *thread);
/* JSON of the functions of thread: [{name, insns: [...]}]; shared: names of shared variables. */
json_t *thread_json(const struct dis *d, const char *thread, const char *const *shared,
		    int nshared);

#endif
