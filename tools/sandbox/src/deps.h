/*
 * deps.h - reader of the dependency list a preprocessor writes with -MD -MF (make syntax:
 * "target: dep dep \" continued lines; gcc and clang escape a space as "\ ", '#' as "\#" and '$'
 * as "$$"). The list names every file the preprocessor read, #include and #embed alike.
 */
#ifndef SBX_DEPS_H
#define SBX_DEPS_H

#include <stddef.h>

struct deps {
	char **files; /* the prerequisites in order, unescaped, each malloc'd */
	size_t n;
};

/* Parses text (NUL-terminated). Returns 0, or -1 if there is no "target:" rule at all. The
 * targets are not kept. Free with deps_free. */
int deps_parse(const char *text, struct deps *d);
void deps_free(struct deps *d);

#endif
