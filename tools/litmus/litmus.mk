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
# allocation, buffers and file reading: tools/lib (one implementation for every C tool); the
# memory-model checker of the Armv8 mode: tools/model
LITMUS_SRCS := $(sort $(wildcard $(LITMUS_SRC)/*.c)) $(CLIB_SRCS) $(MODEL_SRCS)
LITMUS_HDRS := $(wildcard $(LITMUS_SRC)/*.h) $(CLIB_HDRS) $(MODEL_HDRS)
LITMUS_LIB_SRCS := $(filter-out $(LITMUS_SRC)/main.c,$(LITMUS_SRCS))
LITMUS_WARN := -std=c11 -g -Wall -Wextra -Werror -I$(CLIB_DIR) -I$(MODEL_DIR)
LITMUS_LIBS := $(shell pkg-config --libs jansson 2>/dev/null)
# The project's own litmus tests, written in the kernel's format.
LITMUS_TESTS_DIR := tools/litmus/tests/litmus

$(LITMUS_TOOL): $(LITMUS_SRCS) $(LITMUS_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(LITMUS_WARN) -O2 $(shell pkg-config --cflags jansson) -o $@ $(LITMUS_SRCS) $(LITMUS_LIBS)

.PHONY: litmus
litmus: $(LITMUS_TOOL)
	@test -n "$(LITMUS_DIR)" || { echo "usage: make litmus LITMUS_DIR=<kernel tree>/tools/memory-model/litmus-tests" >&2; exit 2; }
	@$(LITMUS_TOOL) import $(LITMUS_DIR) $(BUILD)/litmus/import
	@$(MAKE) --no-print-directory site

# The "Litmus tests" page (content/litmus.md): the project's tests, and the imported ones once make
# litmus has imported a folder, compiled and explored under SC and x86-TSO (tools/litmus/page.js);
# for the course examples among them, the native explorer's x86-TSO verdicts of every x86 cell.
LITMUS_PAGE_DATA := $(BUILD)/data/litmus/tests.json
LITMUS_PAGE_PROJECT := $(BUILD)/litmus/page-project
LITMUS_IMPORTED := $(wildcard $(BUILD)/litmus/import/summary.json)
# whether there is an import, rewritten only when that changes (an import removed remakes the page too)
LITMUS_IMPORT_STATE := $(BUILD)/litmus/import-state.txt
$(LITMUS_IMPORT_STATE): FORCE
	@mkdir -p $(@D); s="$(if $(LITMUS_IMPORTED),imported,none)"; \
		[ "$$(cat $@ 2>/dev/null)" = "$$s" ] || echo "$$s" > $@
$(LITMUS_PAGE_DATA): $(LITMUS_TOOL) $(wildcard $(LITMUS_TESTS_DIR)/*.litmus) tools/litmus/page.js $(WASM_TOOL) \
		tools/wasm/include/x86-barriers.h examples/include/course.h $(wildcard examples/litmus/*.c) $(LITMUS_IMPORTED) \
		$(LITMUS_IMPORT_STATE) $(ASM_TOOL) $(patsubst %,$(BUILD)/data/examples/%.json,$(filter litmus/%,$(ASM_IDS))) \
		$(filter $(BUILD)/data/native/litmus/%,$(NATIVE_DATA)) $(filter $(BUILD)/data/outcomes/litmus/%,$(WASM_OUTCOMES))
	@echo "[litmus] the Litmus tests page"
	@rm -rf $(LITMUS_PAGE_PROJECT)
	@$(LITMUS_TOOL) import $(LITMUS_TESTS_DIR) $(LITMUS_PAGE_PROJECT) > $(LITMUS_PAGE_PROJECT).txt || \
		{ cat $(LITMUS_PAGE_PROJECT).txt; exit 1; }
	@node tools/litmus/page.js --build $(BUILD) --out $@ project=$(LITMUS_PAGE_PROJECT) \
		$(if $(LITMUS_IMPORTED),imported=$(BUILD)/litmus/import)
SITE_DEPS += $(LITMUS_PAGE_DATA)

# examples/litmus/<name>.c: what the converter makes of the tests tools/litmus/examples.list names
LITMUS_EXAMPLES_LIST := tools/litmus/examples.list

.PHONY: litmus-examples
litmus-examples: $(LITMUS_TOOL)
	@rm -f examples/litmus/*.c
	@$(LITMUS_TOOL) examples $(LITMUS_TESTS_DIR) $(LITMUS_EXAMPLES_LIST) examples/litmus
	@ls examples/litmus/*.c

# cmocka unit tests under ASan + UBSan (they read the project's tests from LITMUS_TESTS)
LITMUS_UNIT_DIR := $(BUILD)/litmus/tests
LITMUS_UNITS := $(patsubst tools/litmus/tests/%.c,$(LITMUS_UNIT_DIR)/%,$(wildcard tools/litmus/tests/test_*.c))
LITMUS_SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# the library is compiled once into an archive (not once per test binary), one object per rule (make -j)
LITMUS_SAN_LIB := $(LITMUS_UNIT_DIR)/san/liblitmus.a
$(LITMUS_UNIT_DIR)/san/%.o: $(LITMUS_SRC)/%.c $(LITMUS_HDRS)
	@mkdir -p $(@D)
	$(CC) $(LITMUS_WARN) -O1 $(LITMUS_SAN) -c $< -o $@
$(LITMUS_UNIT_DIR)/san/lib/%.o: $(CLIB_DIR)/%.c $(CLIB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(LITMUS_WARN) -O1 $(LITMUS_SAN) -c $< -o $@
$(LITMUS_UNIT_DIR)/san/model/%.o: $(MODEL_DIR)/%.c $(MODEL_HDRS) $(CLIB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(LITMUS_WARN) -O1 $(LITMUS_SAN) -c $< -o $@
$(LITMUS_SAN_LIB): $(patsubst $(MODEL_DIR)/%.c,$(LITMUS_UNIT_DIR)/san/model/%.o,$(patsubst $(CLIB_DIR)/%.c,$(LITMUS_UNIT_DIR)/san/lib/%.o,$(patsubst $(LITMUS_SRC)/%.c,$(LITMUS_UNIT_DIR)/san/%.o,$(LITMUS_LIB_SRCS))))
	@rm -f $@ && ar rcs $@ $^
$(LITMUS_UNIT_DIR)/%: tools/litmus/tests/%.c $(LITMUS_SAN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LITMUS_WARN) -O1 $(LITMUS_SAN) -I$(LITMUS_SRC) -o $@ $< $(LITMUS_SAN_LIB) \
		$(LITMUS_LIBS) $(shell pkg-config --libs cmocka)

.PHONY: litmus-unit-test
litmus-unit-test: $(LITMUS_UNITS)
	@set -e; for t in $(LITMUS_UNITS); do \
		ASAN_OPTIONS=detect_leaks=1 LITMUS_TESTS=$(LITMUS_TESTS_DIR) $$t; done

# libFuzzer: make check builds the harness and runs it over the seed corpus (the project's
# tests); make litmus-fuzz explores for FUZZ_SECONDS more.
LITMUS_FUZZER := $(BUILD)/litmus/fuzz-litmus
LITMUS_FUZZ_CORPUS := $(BUILD)/litmus/fuzz-corpus
FUZZ_SECONDS ?= 60
$(LITMUS_FUZZER): tools/litmus/fuzz/fuzz_litmus.c $(LITMUS_LIB_SRCS) $(LITMUS_HDRS)
	@mkdir -p $(dir $@)
	clang-14 $(LITMUS_WARN) -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-I$(LITMUS_SRC) -o $@ $< $(LITMUS_LIB_SRCS) $(LITMUS_LIBS)

.PHONY: litmus-fuzz-test litmus-fuzz
litmus-fuzz-test: $(LITMUS_FUZZER)
	@$(LITMUS_FUZZER) -runs=0 $(LITMUS_TESTS_DIR) 2>&1 | tail -1

litmus-fuzz: $(LITMUS_FUZZER)
	@mkdir -p $(LITMUS_FUZZ_CORPUS)
	$(LITMUS_FUZZER) -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=4096 \
		-dict=tools/litmus/fuzz/litmus.dict $(LITMUS_FUZZ_CORPUS) $(LITMUS_TESTS_DIR)

# The project's tests through the whole tool: the import succeeds (no malformed file, no herd
# verdict that SC or x86-TSO contradicts), every generated example compiles warning-free with
# gcc and clang in both variants, the conditions round-trip through the explorer's predicate
# evaluator, the explorer finds the reference's SC outcomes on examples/litmus/, which is what
# the converter makes now, and the CLI handles bad input.
LITMUS_PROJECT := $(BUILD)/litmus/project
LITMUS_CC_CHECK := -fsyntax-only -std=gnu11 -Wall -Wextra -Werror -ffreestanding -Iexamples/include

# the explorer's outcomes of examples/litmus (tools/wasm), for tests/compare.test.js
LITMUS_EXPLORED := $(patsubst examples/%.c,$(BUILD)/data/outcomes/%.json,$(wildcard examples/litmus/*.c))

.PHONY: litmus-test
litmus-test: $(LITMUS_TOOL) $(LITMUS_EXPLORED)
	@rm -rf $(LITMUS_PROJECT) $(BUILD)/litmus/examples-now
	@$(LITMUS_TOOL) import $(LITMUS_TESTS_DIR) $(LITMUS_PROJECT) > $(BUILD)/litmus/project.txt || \
		{ cat $(BUILD)/litmus/project.txt; exit 1; }
	@set -e; for f in $(LITMUS_PROJECT)/examples/*.c; do for cc in gcc clang-14; do \
		$$cc $(LITMUS_CC_CHECK) -DPLAIN=1 -DFIXED=0 -DTRANSFORMED=0 $$f; \
		$$cc $(LITMUS_CC_CHECK) -DPLAIN=0 -DFIXED=1 -DTRANSFORMED=0 $$f; done; done
	@BUILD_DIR=$(BUILD) LITMUS_IMPORT=$(LITMUS_PROJECT) node --test tools/litmus/tests/
	@$(LITMUS_TOOL) examples $(LITMUS_TESTS_DIR) $(LITMUS_EXAMPLES_LIST) $(BUILD)/litmus/examples-now
	@diff -r $(BUILD)/litmus/examples-now examples/litmus > /dev/null || { \
		echo "examples/litmus/ is not what the converter makes of $(LITMUS_EXAMPLES_LIST): run make litmus-examples" >&2; \
		diff -r $(BUILD)/litmus/examples-now examples/litmus >&2; exit 1; }
	@sh tools/litmus/tests/cli.sh $(LITMUS_TOOL)
	@echo "litmus-test: $$(tail -1 $(BUILD)/litmus/project.txt)"

CHECK_TARGETS += litmus-unit-test litmus-test litmus-fuzz-test
