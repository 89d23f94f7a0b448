/*
 * cli.h - the sandbox tool's subcommands (main.c dispatches on argv[1]); each returns the exit
 * status and takes argv starting at its own name.
 */
#ifndef SBX_CLI_H
#define SBX_CLI_H

int cli_run(int argc, char **argv);   /* cli_run.c */
int cli_probe(int argc, char **argv); /* main.c */
int cli_check(int argc, char **argv); /* cli_check.c */

#endif
