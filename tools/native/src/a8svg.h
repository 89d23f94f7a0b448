/*
 * a8svg.h - a witness execution of the Armv8 exploration drawn as a picture (inline SVG), at build
 * time (native-tool collect): the events in thread columns, each with its access and value, its
 * instruction (the cell's listing) and its source line; program order, reads-from, coherence and
 * from-read edges; and the program-order pairs the execution contradicts that the model does not
 * order (the execution's "unordered", tools/model's mm_unordered) drawn as the missing ordering
 * edges. Colours are CSS classes (site/static/native.css); arrowheads are drawn, not markers.
 */
#ifndef NATIVE_A8SVG_H
#define NATIVE_A8SVG_H

#include <jansson.h>

/* What names an event beyond the execution itself (each may be NULL). */
struct a8svg_names {
	/* the variant's functions as tools/asm lists them: {thread: [{name, insns: [{addr, text}]}]} */
	json_t *functions;
	/* the example file's lines: element k is line k + 1 */
	json_t *source;
	/* where an event links to (the example's section: "#ex-..."); events carry data-fn, data-addr */
	const char *href;
};

/* The picture of execution (a8json.c's format, README "Armv8") as SVG markup (malloc'd, caller
 * frees); NULL when execution has no threads. */
char *a8svg_draw(json_t *execution, const struct a8svg_names *names);

#endif
