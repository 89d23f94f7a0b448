/*
 * crosscheck.h - the native outcome sets against the WebAssembly explorer's.
 *
 * For each cell (target x -O level) of an example and each variant:
 *  - fixed and transformed: the native outcome set must equal the WebAssembly one (their code
 *    is written so that no compiler can change what they do);
 *  - plain: a difference is what a compiler did, and the cell's evidence (tools/asm) must say
 *    so. It is explained when the native outcomes are those of the fixed or the transformed
 *    variant, and the plain evidence tells this cell apart: it holds here and fails on every
 *    cell whose outcomes are the WebAssembly build's, or the reverse. When no cell behaves as
 *    the WebAssembly build, it is explained when the plain evidence is that variant's own
 *    evidence and holds here (the code has the variant's shape and its outcomes).
 *    Anything else fails, unless the gaps file (tools/native/evidence-gaps.conf) lists the example
 *    and the cell's compiler with the reason its evidence cannot tell; an entry that accepts
 *    nothing is itself a failure (the caller checks `used`).
 *  - a cell out of the build's scope ({"status": "skipped"}, see native.mk) is counted, not compared;
 *  - a cell that could not be explored, or only partly, is a failure, unless the unexplored file
 *    (tools/native/unexplored.conf) lists it with the text its error must contain and the reason
 *    in words: the reason is checked against what the explorer found, and an entry that matches
 *    no such cell is itself a failure (the caller checks `used`).
 *
 * Under x86-TSO (crosscheck_example_tso, the x86 cells' "tso" results) the same rules hold
 * against the WebAssembly explorer's x86-TSO outcomes (its "tso" object, for the examples with
 * expect-tso lines); and on every x86 cell, whatever the example, every sequentially consistent
 * outcome must be an x86-TSO outcome of the same code (x86-TSO allows every interleaving).
 *
 * Under Armv8 (crosscheck_example_armv8, the AArch64 cells' "armv8" results; the WebAssembly
 * explorer has no such mode): every cell is explored completely, or listed in the unexplored file
 * (mixed-size accesses, an instruction the classifier does not know); every SC outcome is an
 * Armv8 outcome of the same code (a crash by its thread and message: under Armv8 the other
 * threads are complete when one crashes); every expect-armv8.<variant> line holds.
 */
#ifndef NATIVE_CROSSCHECK_H
#define NATIVE_CROSSCHECK_H

#include <jansson.h>

struct xc_stats {
	int cells;	 /* variant cells compared */
	int equal;	 /* with the same outcome set as the WebAssembly explorer */
	int differences; /* plain cells that differ (explained or not) */
	int explained;	 /* by the evidence */
	int gaps; /* not explained by the evidence, but listed in the gaps file with a reason */
	int unexplored; /* could not be explored, listed in the unexplored file with its reason */
	int skipped; /* not explored in this build (out of NATIVE_SCOPE: make native-all); x86-TSO:
			 * also the cells with no WebAssembly x86-TSO outcomes to compare with */
	int sc_in_model; /* x86-TSO, Armv8: cells whose SC outcomes are all the model's outcomes */
	int failures;
};

/* An entry of tools/native/evidence-gaps.conf: plain differences the evidence of an example
 * cannot explain on some compilers, with the reason (see that file). */
struct xc_gap {
	char *id;
	char *compilers; /* comma list, or "any" */
	char *reason;
	int line;
	int used; /* differences it accepted */
};

/* Reads path ("<id> <compilers>: <reason>" lines, # comments). Returns the number of entries
 * (*gaps allocated, free with xc_gaps_free), or -1 with "path:line: message" in err. */
int xc_gaps_load(const char *path, struct xc_gap **gaps, char *err, size_t errlen);
void xc_gaps_free(struct xc_gap *gaps, int n);

/* An entry of tools/native/unexplored.conf: cells that cannot be explored, the text their error
 * (or partial result) says, and why. */
struct xc_unexplored {
	char *id;
	char *cells; /* a pattern compiler/arch/opt as in examples/targets.conf (any, comma lists) */
	char *variants; /* comma list, or "any" */
	char *text;	/* must appear in the cell's error, or in "partial: <why>" */
	char *reason;
	int line;
	int used; /* cells it accepted */
};

/* Reads path ('<id> <cells> <variants>: "<text>" <reason>' lines, # comments). Returns the number
 * of entries (*u allocated, free with xc_unexplored_free), or -1 with "path:line: message" in err. */
int xc_unexplored_load(const char *path, struct xc_unexplored **u, char *err, size_t errlen);
void xc_unexplored_free(struct xc_unexplored *u, int n);

/* The accepted exceptions: evidence gaps and unexplored cells. */
struct xc_lists {
	struct xc_gap *gaps;
	int ngaps;
	struct xc_unexplored *unexplored;
	int nunexplored;
};

/* Compares one example: native is build/data/native/<id>.json, wasm its
 * build/data/outcomes/<id>.json (NULL: missing), meta build/data/meta/<id>.json, evidence the
 * example's entry of build/data/evidence.json (NULL: missing). Appends each plain difference to
 * differences ({id, file, cell, variant, native, wasm, evidence_holds, explained, gap, why}), each
 * listed unexplored cell to unexplored ({id, cell, variant, error, reason}) and each failure, as
 * "examples/<id>.c:LINE: <cell>: variant <v>: ...", to failures. */
void crosscheck_example(json_t *native, json_t *wasm, json_t *meta, json_t *evidence,
			struct xc_lists *lists, json_t *differences, json_t *unexplored,
			json_t *failures, struct xc_stats *st);

/* The same for the x86 cells' x86-TSO results against the WebAssembly explorer's x86-TSO
 * outcomes, with the subset check (see the top of this file). Failures name the cell as
 * "<cell> (x86-TSO)"; differences and unexplored entries have "model": "tso". */
void crosscheck_example_tso(json_t *native, json_t *wasm, json_t *meta, json_t *evidence,
			    struct xc_lists *lists, json_t *differences, json_t *unexplored,
			    json_t *failures, struct xc_stats *st);

/* The AArch64 cells' Armv8 results (see the top of this file); equal counts the cells explored
 * completely. Failures name the cell as "<cell> (Armv8)"; unexplored entries have "model":
 * "armv8". */
void crosscheck_example_armv8(json_t *native, json_t *meta, struct xc_lists *lists,
			      json_t *unexplored, json_t *failures, struct xc_stats *st);

#endif
