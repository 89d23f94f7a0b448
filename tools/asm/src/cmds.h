/*
 * cmds.h - the asm-tool subcommands (usage in main.c and tools/asm/README.md).
 */
#ifndef ASM_CMDS_H
#define ASM_CMDS_H

int cmd_meta(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_collect(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_dump(int argc, char **argv);
int cmd_matrix(int argc, char **argv);
int cmd_plan(int argc, char **argv);
int cmd_linemap(int argc, char **argv);
int cmd_pred(int argc, char **argv);

#endif
