/*
 * scan.h - the checks on what a preprocessor made of a submission (its own view, not the text):
 *
 *   - files: every file the preprocessor read (its -MD list) is the submission or course.h;
 *   - line markers: no #line / "# N file" names another file (compilers read the named file to
 *     quote its lines in diagnostics);
 *   - strings: no string literal (asm text, section names, asm labels, attribute arguments, all of
 *     which reach the assembler) holds an assembler directive that reads a file (.include,
 *     .incbin) or builds directives from text (.macro, .irp, .irpc, .altmacro); the match ignores
 *     case, comments and the space after the dot, as the assemblers do;
 *   - constructors and destructors: no constructor/destructor attribute ([[gnu::...]] or
 *     __attribute__), no section that registers one (.init_array, .fini_array, .preinit_array,
 *     .ctors, .dtors, .init, .fini), in attributes or in asm text;
 *   - pragmas that make a tool read a file: comment (lib/linker), GCC dependency, include_alias.
 *
 * Each finding is one line "file:line: message\n" appended to out, with file:line the
 * submission's line (the presumed position in the preprocessed text).
 */
#ifndef SBX_SCAN_H
#define SBX_SCAN_H

#include "buf.h"

#include <stddef.h>

struct scan_opts {
	const char *source; /* the submission, as named on the preprocessor's command line */
	const char **allow; /* the files it may read: the submission and course.h */
	int nallow;
	const char *
		source_text; /* the submission's text (to place a finding without a line), or NULL */
	const char *reported; /* findings so far (scan_deps skips a file already reported as
				    included by scan_preprocessed), or NULL */
};

/* Checks the dependency list. Returns the number of findings. */
int scan_deps(const char *deps_text, const struct scan_opts *o, struct buf *out);

/* Checks the preprocessed text. Returns the number of findings. */
int scan_preprocessed(const char *text, size_t len, const struct scan_opts *o, struct buf *out);

#endif
