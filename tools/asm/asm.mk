# tools/asm/asm.mk - compile every example with every target of examples/targets.conf, disassemble,
# analyze, and write the page data and the evidence (see tools/asm/README.md).
# One make rule per (example, target): `make -j2` runs the matrix in parallel, and changing one
# example re-runs only that example's rules; compile.sh's cache makes unchanged cells free.
# The matrix comes from its one reader, asm-tool (`asm-tool matrix --make` into $(ASM_MATRIX_MK),
# which make remakes, after setup, and then reads again).

ASM_TOOL := $(BUILD)/asm/asm-tool
# the example format's reader: tools/example; allocation and file reading: tools/lib (one
# implementation for every C tool)
ASM_SRCS := $(sort $(wildcard tools/asm/src/*.c)) $(EXAMPLE_SRCS) $(CLIB_SRCS)
ASM_HDRS := $(wildcard tools/asm/src/*.h) $(EXAMPLE_HDRS) $(CLIB_HDRS)
# lazy: evaluated when asm-tool is built, after setup has installed jansson
ASM_CFLAGS = -std=c11 -O2 -g -Wall -Wextra -Werror -I$(EXAMPLE_DIR) -I$(CLIB_DIR) $(shell pkg-config --cflags jansson)
ASM_LIBS = $(shell pkg-config --libs jansson)

# Every examples/**/*.c except the header directory.
ASM_EXAMPLES := $(sort $(shell find examples -name '*.c' -not -path 'examples/include/*'))
ASM_IDS := $(patsubst examples/%.c,%,$(ASM_EXAMPLES))
ASM_CONF_DEPS := examples/targets.conf examples/include/course.h tools/asm/compile.sh $(ASM_TOOL)

ASM_MATRIX_MK := $(BUILD)/asm/matrix.mk
ifeq ($(filter clean,$(MAKECMDGOALS)),)
-include $(ASM_MATRIX_MK)
endif
$(ASM_MATRIX_MK): examples/targets.conf $(ASM_TOOL) $(SETUP_STAMP)
	@$(ASM_TOOL) matrix examples/targets.conf --make > $@.tmp && mv $@.tmp $@

# (after setup: make builds it while it remakes $(ASM_MATRIX_MK), before it reads the makefiles again)
$(ASM_TOOL): $(ASM_SRCS) $(ASM_HDRS) | $(SETUP_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(ASM_CFLAGS) -o $@ $(ASM_SRCS) $(ASM_LIBS)

# metadata JSON and the variants' sources
$(BUILD)/data/meta/%.json: examples/%.c $(ASM_TOOL) examples/targets.conf tools/asm/meta.sh
	@echo "[meta] examples/$*.c"
	@BUILD=$(BUILD) sh tools/asm/meta.sh $* examples/$*.c

# one rule per example x target
define ASM_CELL_RULE
$(BUILD)/data/asm/$(1)/$(2).json: $(BUILD)/data/meta/$(1).json $(ASM_CONF_DEPS)
	@echo "[asm] $(1) $(2)"
	@BUILD=$(BUILD) bash tools/asm/compile.sh $(1) $(2)
endef
$(foreach id,$(ASM_IDS),$(foreach t,$(ASM_TARGETS),$(eval $(call ASM_CELL_RULE,$(id),$(t)))))

ASM_CELLS := $(foreach id,$(ASM_IDS),$(foreach t,$(ASM_TARGETS),$(BUILD)/data/asm/$(id)/$(t).json))
ASM_METAS := $(patsubst %,$(BUILD)/data/meta/%.json,$(ASM_IDS))

# evidence.json, examples/<id>.json and the data scripts come from one cheap collect step
$(BUILD)/data/evidence.json: $(ASM_CELLS) $(ASM_METAS) $(ASM_TOOL)
	@$(ASM_TOOL) collect examples/targets.conf $(BUILD)/data $(ASM_IDS)
$(patsubst %,$(BUILD)/data/examples/%.json,$(ASM_IDS)): $(BUILD)/data/evidence.json ;

.PHONY: asm asm-unit-test evidence-test asm-bench
asm: $(BUILD)/data/evidence.json
# build/data's directories keyed by an example's id (tools/gen/prune-data.sh removes a gone id's files)
DATA_BY_ID += meta src asm examples site/asm
SITE_DEPS += $(BUILD)/data/evidence.json $(ASM_METAS) $(patsubst %,$(BUILD)/data/examples/%.json,$(ASM_IDS))

evidence-test: $(BUILD)/data/evidence.json
	@$(ASM_TOOL) check $(BUILD)/data/evidence.json

# cmocka unit tests under ASan + UBSan, on the committed objdump fixtures
ASM_TEST_DIR := $(BUILD)/asm/tests
ASM_TESTS := $(patsubst tools/asm/tests/%.c,$(ASM_TEST_DIR)/%,$(wildcard tools/asm/tests/test_*.c))
ASM_LIB_SRCS := $(filter-out tools/asm/src/main.c,$(ASM_SRCS))
ASM_SAN := $(SAN_FLAGS)
# the library is compiled once into an archive (not once per test binary), one object per rule (make -j)
ASM_SAN_CFLAGS = -std=c11 -O1 -g -Wall -Wextra -Werror -I$(EXAMPLE_DIR) -I$(CLIB_DIR) $(ASM_SAN) $(shell pkg-config --cflags jansson)
ASM_SAN_LIB := $(ASM_TEST_DIR)/san/libasm.a
$(ASM_TEST_DIR)/san/%.o: tools/asm/src/%.c $(ASM_HDRS)
	@mkdir -p $(@D)
	$(CC) $(ASM_SAN_CFLAGS) -c $< -o $@
$(ASM_TEST_DIR)/san/lib/%.o: $(CLIB_DIR)/%.c $(CLIB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(ASM_SAN_CFLAGS) -c $< -o $@
$(ASM_TEST_DIR)/san/example/%.o: $(EXAMPLE_DIR)/%.c $(EXAMPLE_HDRS) $(CLIB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(ASM_SAN_CFLAGS) -c $< -o $@
$(ASM_SAN_LIB): $(patsubst $(EXAMPLE_DIR)/%.c,$(ASM_TEST_DIR)/san/example/%.o,$(patsubst $(CLIB_DIR)/%.c,$(ASM_TEST_DIR)/san/lib/%.o,$(patsubst tools/asm/src/%.c,$(ASM_TEST_DIR)/san/%.o,$(ASM_LIB_SRCS))))
	@rm -f $@ && ar rcs $@ $^
$(ASM_TEST_DIR)/%: tools/asm/tests/%.c $(ASM_SAN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ASM_SAN_CFLAGS) -Itools/asm/src -o $@ $< $(ASM_SAN_LIB) \
		$(ASM_LIBS) $(shell pkg-config --libs cmocka)
asm-unit-test: $(ASM_TESTS) $(ASM_TOOL)
	@set -e; for t in $(ASM_TESTS); do ASAN_OPTIONS=detect_leaks=1 ASM_FIXTURES=tools/asm/tests/fixtures $$t; done
	@ASM_TOOL=$(ASM_TOOL) sh tools/asm/tests/test_compile.sh
	@ASM_TOOL=$(ASM_TOOL) sh tools/asm/tests/test_packages.sh

# libFuzzer over the readers of text a student controls (tools/asm/fuzz/fuzz_asm.c): make check
# replays the seeds (every example, every lab's file and solutions, the listing fixtures);
# make asm-fuzz explores for FUZZ_SECONDS more (corpus in build/asm/fuzz-corpus).
ASM_FUZZER := $(ASM_TEST_DIR)/fuzz-asm
ASM_FUZZ_SEEDS := examples labs tools/asm/tests/fixtures tools/asm/fuzz/regressions
$(ASM_FUZZER): tools/asm/fuzz/fuzz_asm.c $(ASM_LIB_SRCS) $(ASM_HDRS)
	@mkdir -p $(@D)
	clang-14 -std=c11 -g -O1 -Wall -Wextra -Werror $(SAN_FLAGS) -fsanitize=fuzzer \
		-I$(EXAMPLE_DIR) -I$(CLIB_DIR) -Itools/asm/src $(shell pkg-config --cflags jansson) \
		-o $@ $< $(ASM_LIB_SRCS) $(ASM_LIBS)
.PHONY: asm-fuzz-test asm-fuzz
asm-fuzz-test: $(ASM_FUZZER)
	@$(ASM_FUZZER) -runs=0 $(ASM_FUZZ_SEEDS) > $(ASM_TEST_DIR)/fuzz-replay.log 2>&1 || \
		{ cat $(ASM_TEST_DIR)/fuzz-replay.log; exit 1; }; tail -1 $(ASM_TEST_DIR)/fuzz-replay.log
asm-fuzz: $(ASM_FUZZER)
	@mkdir -p $(BUILD)/asm/fuzz-corpus
	$(ASM_FUZZER) -max_total_time=$(or $(FUZZ_SECONDS),60) -timeout=10 -max_len=8192 \
		$(BUILD)/asm/fuzz-corpus $(ASM_FUZZ_SEEDS)

asm-bench: $(ASM_TOOL)
	@BUILD=$(BUILD) sh tools/asm/bench.sh

CHECK_TARGETS += asm-unit-test evidence-test asm-fuzz-test
BENCH_TARGETS += asm-bench

# One C style for the tree (.clang-format): the C and C++ sources of tools/ (the examples, labs and
# test programs are course text whose lines the pages show; the objdump fixtures and the sandbox's
# hostile submissions are data).
FORMAT_FILES = $(shell find tools \( -path tools/asm/tests/fixtures -o -path tools/wasm/tests/programs \
	-o -path tools/native/tests/programs -o -path tools/sandbox/tests/hostile \) -prune \
	-o \( -name '*.c' -o -name '*.h' -o -name '*.cc' \) -print | LC_ALL=C sort)
.PHONY: format format-check
format-check:
	@clang-format-14 --dry-run --Werror $(FORMAT_FILES) && echo "format-check: $(words $(FORMAT_FILES)) files follow .clang-format"
format:
	@clang-format-14 -i $(FORMAT_FILES)
CHECK_TARGETS += format-check
