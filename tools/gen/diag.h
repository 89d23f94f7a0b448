/* diag: the one place an error message is kept. Modules call diag_at() and return -1; main prints
 * diag_message() as `path:line: message` and exits non-zero. Tests read diag_message() directly. */
#ifndef GEN_DIAG_H
#define GEN_DIAG_H

/* Records "path:line: message" (or "path: message" when line <= 0). Returns -1 for `return diag_at(...)`. */
int diag_at(const char *path, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Records a message that already carries its own location (e.g. a Lua error). */
int diag_raw(const char *msg);
const char *diag_message(void);
void diag_clear(void);

#endif
