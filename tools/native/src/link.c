/*
 * link.c - runs the target's linker on one object (see link.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "link.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

extern char **environ;

#define STR_(x) #x
#define STR(x) STR_(x)

static const char script[] = "/* the native explorer's layout (tools/native/src/link.h) */\n"
			     "SECTIONS\n"
			     "{\n"
			     "  . = 0x100000;\n"
			     "  .text : { *(.text) *(.text.*) }\n"
			     "  . = ALIGN(0x1000);\n"
			     "  .rodata : { *(.rodata) *(.rodata.*) *(.srodata) *(.srodata.*) }\n"
			     "  . = ALIGN(0x1000);\n"
			     "  .data : { *(.data) *(.data.*) *(.sdata) *(.sdata.*) }\n"
			     "  .bss : { *(.bss) *(.bss.*) *(.sbss) *(.sbss.*) *(COMMON) }\n"
			     "  . = ALIGN(0x1000);\n"
			     "  course_shared : { *(course_shared) }\n"
			     "  . = ALIGN(0x1000);\n"
			     "  course_observed : { *(course_observed) }\n"
			     "  /DISCARD/ : { *(.comment) *(.note.*) *(.eh_frame) }\n"
			     "}\n";

const char *link_script(void)
{
	return script;
}

/* The first lines of the linker's stderr, without the "ld: " prefix noise. */
static void first_lines(const char *path, char *err, size_t errlen)
{
	char *text = read_file(path, NULL);
	if (!text || !*text) {
		fmt_msg(err, errlen, "the linker failed without a message");
		free(text);
		return;
	}
	size_t n = strlen(text);
	while (n && text[n - 1] == '\n')
		text[--n] = '\0';
	for (char *p = text; *p; p++) /* one line for a file:line message */
		if (*p == '\n')
			*p = ';';
	fmt_msg(err, errlen, "%s", text);
	free(text);
}

int link_object(const struct arch *a, const char *obj, const char *out_elf, const char *workdir,
		char *err, size_t errlen)
{
	char *ld = xasprintf("%s/link.ld", workdir), *log = xasprintf("%s/ld.err", workdir);
	int rc = -1;
	struct stat st;
	if (stat(ld, &st) != 0 && write_file_atomic(ld, script, strlen(script)) != 0) {
		fmt_msg(err, errlen, "cannot write %s: %s", ld, strerror(errno));
		goto out;
	}
	char *argv[] = { (char *)a->linker,
			 "-m",
			 (char *)a->emulation,
			 "-T",
			 ld,
			 "-static",
			 "-nostdlib",
			 "--build-id=none",
			 "-z",
			 "noexecstack",
			 "--no-warn-rwx-segments",
			 "-o",
			 (char *)out_elf,
			 (char *)obj,
			 NULL };
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	int e = posix_spawnp(&pid, a->linker, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (e != 0) {
		fmt_msg(err, errlen, "cannot run %s: %s (install the Debian package %s)", a->linker,
			strerror(e), a->package);
		goto out;
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			fmt_msg(err, errlen, "waiting for %s: %s", a->linker, strerror(errno));
			goto out;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		rc = 0;
	else
		first_lines(log, err, errlen);
out:
	free(ld);
	free(log);
	return rc;
}
