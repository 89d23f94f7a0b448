/*
 * cmds.h - the native-tool subcommands (main.c dispatches; each returns the exit status).
 */
#ifndef NATIVE_CMDS_H
#define NATIVE_CMDS_H

int cmd_explore(int argc, char **argv);
int cmd_cells(int argc, char **argv);
int cmd_collect(int argc, char **argv);
int cmd_crosscheck(int argc, char **argv);
int cmd_behaviour(int argc, char **argv);

#endif
