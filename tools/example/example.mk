# tools/example/example.mk - the example format's reader, a library (tools/example/README.md): the
# compile matrix (conf.c), the predicate language (pred.c) and the example file (meta.c), behind one
# header, example.h. Included by the Makefile after tools/lib/lib.mk; asm-tool links all of it,
# native-tool links conf.c (the one matcher of cell patterns); each compiles EXAMPLE_SRCS with its own
# flags and adds -I$(EXAMPLE_DIR). Its unit tests (test_meta.c, test_pred.c, test_conf.c) run in
# make asm-unit-test, beside the asm-tool commands that print what it reads.
EXAMPLE_DIR := tools/example
EXAMPLE_SRCS := $(sort $(wildcard $(EXAMPLE_DIR)/*.c))
EXAMPLE_HDRS := $(EXAMPLE_DIR)/example.h
