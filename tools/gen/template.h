/* template: compiles template text ({{ expr }}, {{! expr }}, {% code %}, {# comment #}) into a Lua chunk
 * whose line N is the template's line N, so Lua's own error positions name the template line.
 * The chunk is called as chunk(_ENV, _out, _esc, _raw) and appends pieces to the table _out. */
#ifndef GEN_TEMPLATE_H
#define GEN_TEMPLATE_H
#include "util.h"

/* Appends the Lua source to out. Returns 0, or -1 with `path:line: message` in diag for an unclosed tag. */
int template_compile(const char *path, const char *text, size_t len, struct buf *out);

#endif
