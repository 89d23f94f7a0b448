/* outkey.h - the outcome key, the text by which every explorer names and compares an outcome:
 * the one C implementation (native-tool and litmus-tool build theirs here). The grammar is in
 * docs/ARCHITECTURE.md ("Outcome keys and schedules"):
 *
 *     key    = values [ "; " hangs ] [ "; " crash ]    ("; " only between parts that are there)
 *     values = name "=" value { " " name "=" value }   (the example's outcome variables, in order)
 *     hangs  = thread " does not terminate" { ", " thread " does not terminate" }
 *     crash  = "crash in " thread ": " message
 *
 * e.g. "r1=0 y=1; t1 does not terminate; crash in t0: BUG_ON at line 12". A value is the
 * explorer's text of the variable (a decimal number, "(deleted)" for a variable the compiler
 * deleted); the crash's thread may be "init" or "check". The key is never cut: it is as long as
 * its parts. The second copy is runtime.js's (outcomeKey, the engine in the browser); both are
 * held to tests/fixtures/outcome-keys.json. */
#ifndef TOOLS_LIB_OUTKEY_H
#define TOOLS_LIB_OUTKEY_H

#include "buf.h"

/* Appends "name=value" to the values part, after a space unless it is the first. */
void outkey_value(struct buf *values, const char *name, const char *value);

/* The key of values (the text outkey_value built, "" for none), the nhung threads in hung that
 * do not terminate, and the crash (crash_thread NULL: none). Malloc'd, caller frees. */
char *outkey_make(const char *values, const char *const *hung, int nhung, const char *crash_thread,
		  const char *crash_message);

#endif
