/* highlight: build-time syntax highlighting of C code through GNU source-highlight's C++ library
 * (the C++ lives in highlight.cc). Output is HTML-escaped code with `<span class="hl-ELEMENT">` spans
 * (hl-keyword, hl-type, hl-comment, hl-string, hl-number, hl-preproc, hl-symbol, hl-function, ...);
 * no <pre>, no inline colours. */
#ifndef GEN_HIGHLIGHT_H
#define GEN_HIGHLIGHT_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Returns malloc'd HTML for the C source code[0..len), or NULL with a message in *err (malloc'd). */
char *highlight_c(const char *code, size_t len, char **err);

#ifdef __cplusplus
}
#endif
#endif
