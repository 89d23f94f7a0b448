/* shapes.h - hand-built traces for the model's tests, written as short text (test helper).
 *
 * A trace is events separated by ';', each a first word and modifiers:
 *   Wx=1        a write of 1 to x (locations are letters; every access is 8 bytes)
 *   Rx=0        a read of x that was given the value 0
 *   F Fld Fst   DMB ISH, DMB ISHLD, DMB ISHST;   ISB
 *   B:0         a conditional branch on event 0 (not an event): every later event gets a
 *               control dependency on it
 *   P:0         a branch on a conditional select's result whose condition came from event 0:
 *               every later event gets a pick control dependency on it
 * modifiers: acq (LDAR), acqpc (LDAPR), rel (STLR), excl (exclusive), noret (an atomic's read
 * whose result is discarded), addr:0,2 / data:1 (dependencies on those events: indices count
 * events, not branches), paddr:0 / pdata:0 (pick address / data dependencies: through a
 * conditional select's condition), rmw (on a read: the next event is its write). */
#ifndef MODEL_TESTS_SHAPES_H
#define MODEL_TESTS_SHAPES_H
#include "model.h"

/* The trace `text` describes (aborts on a syntax error); shape_free releases it. */
struct mm_trace shape_trace(const char *text);
void shape_free(struct mm_trace *t);

/* 1 when model m allows an execution of the traces (one per thread) whose co-final values match
 * `final` ("x=2 y=1"; NULL: any), else 0. Fails the test on an error from mm_enumerate. */
int shape_allowed(enum mm_model_id m, const char *const *threads, int n, const char *final);

#endif
