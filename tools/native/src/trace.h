/*
 * trace.h - a schedule replayed step by step, as data for the page: which thread stepped,
 * the instructions and the accesses it made (variable, value), and where it stopped next.
 * Instruction positions are given as the object's listing shows them (function, address),
 * so the page can highlight them in the disassembly it already has. On an x86-TSO machine each
 * step also has every thread's store buffer after it ("buffers"), and a thread waiting at a
 * barrier for its buffer to drain is marked ("waits").
 */
#ifndef NATIVE_TRACE_H
#define NATIVE_TRACE_H

#include <jansson.h>

#include "machine.h"
#include "outcome.h"

/* Replays schedule (tools/lib/schedule.h: thread digits; x86-TSO: letters a-h drain thread 0-7's
 * buffer) from root. Returns the trace (schema in tools/native/README.md),
 * or NULL with a message in err when a step is impossible or fails. m ends in root's state. */
json_t *trace_schedule(struct machine *m, const struct snapshot *root, const struct oview *ov,
		       const char *schedule, char *err, size_t errlen);

/* {"fn": "t1", "addr": "1c", "line": 33}: the instruction at pc as the object's listing shows it
 * (fn null outside a function; line: the variant source's, from DWARF). */
json_t *trace_position(const struct oview *ov, uint64_t pc);

#endif
