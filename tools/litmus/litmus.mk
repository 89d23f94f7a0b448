# tools/litmus/litmus.mk - the kernel's C litmus tests: parser, reference enumerator (SC and
# x86-TSO), converter to course examples (tools/litmus/README.md). Included by the Makefile.
#   make litmus LITMUS_DIR=<kernel>/tools/memory-model/litmus-tests   import a folder into
#                                  build/litmus/import/ (examples, reference JSON, summary)
#   make litmus-test        the reference on the project's tests, examples/litmus up to date,
#                           the exists clauses round-trip through the explorer's predicates
#   make litmus-unit-test   cmocka tests under ASan + UBSan
#   make litmus-fuzz        the libFuzzer harness for FUZZ_SECONDS (default 60)
#   make litmus-examples    regenerate examples/litmus/ from the project's tests
LITMUS_SRC := tools/litmus/src
LITMUS_TOOL := $(BUILD)/litmus/litmus-tool
LITMUS_SRCS := $(sort $(wildcard $(LITMUS_SRC)/*.c))
LITMUS_HDRS := $(wildcard $(LITMUS_SRC)/*.h)
LITMUS_LIB_SRCS := $(filter-out $(LITMUS_SRC)/main.c,$(LITMUS_SRCS))
LITMUS_WARN := -std=c11 -g -Wall -Wextra -Werror
LITMUS_LIBS := $(shell pkg-config --libs jansson)
# The project's own litmus tests, written in the kernel's format.
LITMUS_TESTS_DIR := tools/litmus/tests/litmus

$(LITMUS_TOOL): $(LITMUS_SRCS) $(LITMUS_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(LITMUS_WARN) -O2 $(shell pkg-config --cflags jansson) -o $@ $(LITMUS_SRCS) $(LITMUS_LIBS)

.PHONY: litmus
litmus: $(LITMUS_TOOL)
	@test -n "$(LITMUS_DIR)" || { echo "usage: make litmus LITMUS_DIR=<kernel tree>/tools/memory-model/litmus-tests" >&2; exit 2; }
	@$(LITMUS_TOOL) import $(LITMUS_DIR) $(BUILD)/litmus/import
