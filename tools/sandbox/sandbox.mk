# tools/sandbox/sandbox.mk - the sandbox every grading step on untrusted code runs in
# (tools/sandbox/README.md). Included by the top-level Makefile.
#   build/sandbox/sandbox        the tool: `sandbox run` (a step under bubblewrap and limits),
#                                `sandbox check` (a submission's preprocessed view), `sandbox probe`
#   make sandbox-test            unit tests (cmocka, ASan+UBSan), fuzz-corpus replay, hostile corpus
#   make sandbox-fuzz            libFuzzer on every parser of untrusted text (SANDBOX_FUZZ_SECONDS each)
SBX_DIR := tools/sandbox
SBX := $(BUILD)/sandbox/sandbox
# buffers, allocation and file reading: tools/lib (one implementation for every C tool)
SBX_SRCS := $(sort $(wildcard $(SBX_DIR)/src/*.c)) $(CLIB_SRCS)
SBX_HDRS := $(wildcard $(SBX_DIR)/src/*.h) $(CLIB_HDRS)
SBX_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -I$(CLIB_DIR) $(shell pkg-config --cflags jansson 2>/dev/null)
SBX_LIBS := $(shell pkg-config --libs jansson 2>/dev/null) -lm

$(SBX): $(SBX_SRCS) $(SBX_HDRS)
	@mkdir -p $(@D)
	$(CC) $(SBX_CFLAGS) -o $@ $(SBX_SRCS) $(SBX_LIBS)

# cmocka unit tests under ASan + UBSan, linked with the sources built once into an archive
SBX_TEST_DIR := $(BUILD)/sandbox/tests
SBX_LIB_SRCS := $(filter-out $(SBX_DIR)/src/main.c,$(SBX_SRCS))
SBX_UNITS := $(patsubst $(SBX_DIR)/tests/%.c,$(SBX_TEST_DIR)/%,$(wildcard $(SBX_DIR)/tests/test_*.c))
SBX_SAN := $(SAN_FLAGS)
SBX_SAN_LIB := $(SBX_TEST_DIR)/san/libsandbox.a
SBX_OBJ = $(patsubst $(CLIB_DIR)/%.c,$(1)/lib/%.o,$(patsubst $(SBX_DIR)/src/%.c,$(1)/%.o,$(SBX_LIB_SRCS)))
$(SBX_TEST_DIR)/san/%.o: $(SBX_DIR)/src/%.c $(SBX_HDRS)
	@mkdir -p $(@D)
	$(CC) $(filter-out -O2,$(SBX_CFLAGS)) -O1 $(SBX_SAN) -c $< -o $@
$(SBX_TEST_DIR)/san/lib/%.o: $(CLIB_DIR)/%.c $(SBX_HDRS)
	@mkdir -p $(@D)
	$(CC) $(filter-out -O2,$(SBX_CFLAGS)) -O1 $(SBX_SAN) -c $< -o $@
$(SBX_SAN_LIB): $(call SBX_OBJ,$(SBX_TEST_DIR)/san)
	@rm -f $@ && ar rcs $@ $^
$(SBX_TEST_DIR)/test_%: $(SBX_DIR)/tests/test_%.c $(SBX_SAN_LIB)
	$(CC) $(filter-out -O2,$(SBX_CFLAGS)) -O1 $(SBX_SAN) -I$(SBX_DIR)/src -o $@ $< $(SBX_SAN_LIB) \
		$(SBX_LIBS) $(shell pkg-config --libs cmocka)

# libFuzzer harnesses (clang-14 ships libFuzzer in Debian 12), replayed on their seeds by the tests
SBX_FUZZ_CC := clang-14
SBX_FUZZ_FLAGS := -std=c11 -g -O1 $(SAN_FLAGS) -I$(CLIB_DIR) $(shell pkg-config --cflags jansson 2>/dev/null)
SBX_FUZZ_LIB := $(SBX_TEST_DIR)/fuzz/libsandbox.a
SBX_FUZZERS := $(patsubst $(SBX_DIR)/tests/%.c,$(SBX_TEST_DIR)/%,$(wildcard $(SBX_DIR)/tests/fuzz_*.c))
$(SBX_TEST_DIR)/fuzz/%.o: $(SBX_DIR)/src/%.c $(SBX_HDRS)
	@mkdir -p $(@D)
	$(SBX_FUZZ_CC) $(SBX_FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(SBX_TEST_DIR)/fuzz/lib/%.o: $(CLIB_DIR)/%.c $(SBX_HDRS)
	@mkdir -p $(@D)
	$(SBX_FUZZ_CC) $(SBX_FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(SBX_FUZZ_LIB): $(call SBX_OBJ,$(SBX_TEST_DIR)/fuzz)
	@rm -f $@ && ar rcs $@ $^
$(SBX_TEST_DIR)/fuzz_%: $(SBX_DIR)/tests/fuzz_%.c $(SBX_FUZZ_LIB)
	$(SBX_FUZZ_CC) $(SBX_FUZZ_FLAGS) -fsanitize=fuzzer -I$(SBX_DIR)/src -o $@ $< $(SBX_FUZZ_LIB) $(SBX_LIBS)

.PHONY: sandbox sandbox-test sandbox-unit-test sandbox-fuzz-replay sandbox-fuzz sandbox-hostile-test
sandbox: $(SBX)

sandbox-unit-test: $(SBX_UNITS) $(SBX)
	@set -e; for t in $(SBX_UNITS); do ASAN_OPTIONS=detect_leaks=1 SANDBOX_BIN=$(SBX) $$t; done

sandbox-fuzz-replay: $(SBX_FUZZERS)
	@set -e; for f in $(SBX_FUZZERS); do n=$${f##*/fuzz_}; \
	    $$f -runs=0 $(SBX_DIR)/tests/fuzz-seeds/$$n >/dev/null 2>$(SBX_TEST_DIR)/$$n.log || \
	    { cat $(SBX_TEST_DIR)/$$n.log; exit 1; }; done; echo "sandbox fuzz seeds: replayed"

SANDBOX_FUZZ_SECONDS ?= 60
sandbox-fuzz: $(SBX_FUZZERS)
	@set -e; for f in $(SBX_FUZZERS); do n=$${f##*/fuzz_}; mkdir -p $(SBX_TEST_DIR)/corpus/$$n; \
	    $$f -max_total_time=$(SANDBOX_FUZZ_SECONDS) $(SBX_TEST_DIR)/corpus/$$n $(SBX_DIR)/tests/fuzz-seeds/$$n; done

sandbox-hostile-test: $(SBX)
	@node --test --test-concurrency=1 $(SBX_DIR)/tests/

sandbox-test: sandbox-unit-test sandbox-fuzz-replay sandbox-hostile-test

CHECK_TARGETS += sandbox-test
# lab-test, grade-test and sandbox-test all run it: made once before the suites start
CHECK_NEEDS += $(SBX)
