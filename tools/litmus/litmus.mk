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

# the import's processes (make litmus LITMUS_JOBS=1 for one)
LITMUS_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
.PHONY: litmus
litmus: $(LITMUS_TOOL)
	@test -n "$(LITMUS_DIR)" || { echo "usage: make litmus LITMUS_DIR=<kernel tree>/tools/memory-model/litmus-tests" >&2; exit 2; }
	@status=0; $(LITMUS_TOOL) import $(if $(LITMUS_MAX_STATES),--max-states $(LITMUS_MAX_STATES)) \
		--jobs $(LITMUS_JOBS) \
		$(LITMUS_DIR) $(BUILD)/litmus/import || status=$$?; \
		$(MAKE) --no-print-directory site && exit $$status

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
# The project's tests that are not course examples, on the AArch64 cells under Armv8 (the test as
# written, compiled for this check alone: tools/litmus/cells.sh), so that page.js checks every one
# of them there; the objects and explorations are cached (build/cache/asm, build/cache/native).
LITMUS_CELLS := $(BUILD)/litmus/cells
LITMUS_CELLS_DONE := $(BUILD)/litmus/cells.done
LITMUS_CELLS_JOBS ?= $(LITMUS_JOBS)
LITMUS_A64_TARGETS = $(foreach t,$(ASM_TARGETS),$(if $(filter aarch64,$(ASM_ARCH.$(t))),$(t)))
$(LITMUS_CELLS_DONE): $(LITMUS_TOOL) $(wildcard $(LITMUS_TESTS_DIR)/*.litmus) tools/litmus/cells.sh tools/litmus/cells-select.js \
		tools/litmus/cells.conf $(wildcard examples/litmus/*.c) \
		$(ASM_CONF_DEPS) tools/asm/meta.sh $(NATIVE_TOOL) $(NATIVE_SCOPE_FILE)
	@echo "[litmus] the project's tests on every AArch64 cell under Armv8"
	@rm -f $@
	@BUILD=$(BUILD) sh tools/litmus/cells.sh $(LITMUS_TESTS_DIR) $(LITMUS_CELLS) $(LITMUS_CELLS_JOBS) \
		$(NATIVE_ARMV8_MODEL) $(LITMUS_A64_TARGETS)
	@touch $@
$(LITMUS_PAGE_DATA): $(LITMUS_TOOL) $(wildcard $(LITMUS_TESTS_DIR)/*.litmus) tools/litmus/page.js tools/litmus/folders.js $(WASM_TOOL) $(LITMUS_CELLS_DONE) \
		tools/wasm/include/x86-barriers.h examples/include/course.h $(wildcard examples/litmus/*.c) $(LITMUS_IMPORTED) \
		$(LITMUS_IMPORT_STATE) $(ASM_TOOL) $(patsubst %,$(BUILD)/data/examples/%.json,$(filter litmus/%,$(ASM_IDS))) \
		$(filter $(BUILD)/data/native/litmus/%,$(NATIVE_DATA)) $(filter $(BUILD)/data/outcomes/litmus/%,$(WASM_OUTCOMES))
	@echo "[litmus] the Litmus tests page"
	@rm -rf $(LITMUS_PAGE_PROJECT)
	@$(LITMUS_TOOL) import $(LITMUS_TESTS_DIR) $(LITMUS_PAGE_PROJECT) > $(LITMUS_PAGE_PROJECT).txt || \
		{ cat $(LITMUS_PAGE_PROJECT).txt; exit 1; }
	@node tools/litmus/page.js --build $(BUILD) --out $@ --aarch64-cells $(LITMUS_CELLS) project=$(LITMUS_PAGE_PROJECT) \
		$(if $(LITMUS_IMPORTED),imported=$(BUILD)/litmus/import)
SITE_DEPS += $(LITMUS_PAGE_DATA)

# The imported tests' pages (tools/litmus/folders.js): an index of the folders and a page per folder,
# from the import's own verdicts, written once per import into the data the generator copies to the
# site (data/litmus/imported/); removed when there is no import.
LITMUS_FOLDERS := $(BUILD)/data/site/litmus/imported
LITMUS_FOLDERS_DONE := $(BUILD)/litmus/folders.done
$(LITMUS_FOLDERS_DONE): tools/litmus/folders.js tools/jslib/html.js $(LITMUS_IMPORTED) $(LITMUS_IMPORT_STATE)
	@echo "[litmus] the imported tests' folder pages"
	@rm -f $@
	@node tools/litmus/folders.js --out $(LITMUS_FOLDERS) $(if $(LITMUS_IMPORTED),--import $(BUILD)/litmus/import)
	@touch $@
SITE_DEPS += $(LITMUS_FOLDERS_DONE)

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
LITMUS_SAN := $(SAN_FLAGS)
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
# tests/testutil.c: the helpers the tests share (where the tests are, a text or file parsed and lowered)
$(LITMUS_UNIT_DIR)/%: tools/litmus/tests/%.c tools/litmus/tests/testutil.c tools/litmus/tests/testutil.h $(LITMUS_SAN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LITMUS_WARN) -O1 $(LITMUS_SAN) -I$(LITMUS_SRC) -o $@ $< tools/litmus/tests/testutil.c $(LITMUS_SAN_LIB) \
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
	clang-14 $(LITMUS_WARN) -O1 $(SAN_FLAGS) -fsanitize=fuzzer \
		-I$(LITMUS_SRC) -o $@ $< $(LITMUS_LIB_SRCS) $(LITMUS_LIBS)

.PHONY: litmus-fuzz-test litmus-fuzz
litmus-fuzz-test: $(LITMUS_FUZZER)
	@$(LITMUS_FUZZER) -runs=0 $(LITMUS_TESTS_DIR) $(LITMUS_DIALECT_DIR) 2>&1 | tail -1

litmus-fuzz: $(LITMUS_FUZZER)
	@mkdir -p $(LITMUS_FUZZ_CORPUS)
	$(LITMUS_FUZZER) -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=4096 \
		-dict=tools/litmus/fuzz/litmus.dict $(LITMUS_FUZZ_CORPUS) $(LITMUS_TESTS_DIR) $(LITMUS_DIALECT_DIR)

# The project's tests through the whole tool: the import succeeds (no malformed file, no herd
# verdict that SC or x86-TSO contradicts), every generated example compiles warning-free with
# gcc and clang in both variants, the conditions round-trip through the explorer's predicate
# evaluator, the explorer finds the reference's SC outcomes on examples/litmus/, which is what
# the converter makes now, and the CLI handles bad input.
LITMUS_PROJECT := $(BUILD)/litmus/project
# herd7's C dialect as the kernel community writes it, in nested folders with a non-C file and a
# broken one (tests/dialect.test.js says what the import must make of each)
LITMUS_DIALECT_DIR := tools/litmus/tests/dialect
LITMUS_DIALECT := $(BUILD)/litmus/dialect
LITMUS_CC_CHECK := -fsyntax-only -std=gnu11 -Wall -Wextra -Werror -ffreestanding -Iexamples/include

# the explorer's outcomes of examples/litmus (tools/wasm), for tests/compare.test.js
LITMUS_EXPLORED := $(patsubst examples/%.c,$(BUILD)/data/outcomes/%.json,$(wildcard examples/litmus/*.c))

.PHONY: litmus-test
# (the page's data: tests/page.test.js plants wrong Armv8 verdicts in copies of its native data)
litmus-test: $(LITMUS_TOOL) $(LITMUS_EXPLORED) $(LITMUS_PAGE_DATA)
	@rm -rf $(LITMUS_PROJECT) $(LITMUS_DIALECT) $(BUILD)/litmus/examples-now
	@$(LITMUS_TOOL) import $(LITMUS_TESTS_DIR) $(LITMUS_PROJECT) > $(BUILD)/litmus/project.txt || \
		{ cat $(BUILD)/litmus/project.txt; exit 1; }
	@# the dialect suite has a broken file on purpose: its status and messages are tests/dialect.test.js's
	@$(LITMUS_TOOL) import $(LITMUS_DIALECT_DIR) $(LITMUS_DIALECT) > $(LITMUS_DIALECT).txt \
		2> $(LITMUS_DIALECT).err; echo $$? > $(LITMUS_DIALECT).status
	@set -e; for f in $(LITMUS_PROJECT)/examples/*.c $(LITMUS_DIALECT)/examples/*.c; do for cc in gcc clang-14; do \
		$$cc $(LITMUS_CC_CHECK) -DPLAIN=1 -DFIXED=0 -DTRANSFORMED=0 $$f; \
		$$cc $(LITMUS_CC_CHECK) -DPLAIN=0 -DFIXED=1 -DTRANSFORMED=0 $$f; done; done
	@BUILD_DIR=$(BUILD) LITMUS_IMPORT=$(LITMUS_PROJECT) LITMUS_DIALECT=$(LITMUS_DIALECT) \
		LITMUS_DIALECT_DIR=$(LITMUS_DIALECT_DIR) node --test tools/litmus/tests/
	@$(LITMUS_TOOL) examples $(LITMUS_TESTS_DIR) $(LITMUS_EXAMPLES_LIST) $(BUILD)/litmus/examples-now
	@diff -r $(BUILD)/litmus/examples-now examples/litmus > /dev/null || { \
		echo "examples/litmus/ is not what the converter makes of $(LITMUS_EXAMPLES_LIST): run make litmus-examples" >&2; \
		diff -r $(BUILD)/litmus/examples-now examples/litmus >&2; exit 1; }
	@sh tools/litmus/tests/cli.sh $(LITMUS_TOOL)
	@echo "litmus-test: $$(tail -1 $(BUILD)/litmus/project.txt)"

CHECK_TARGETS += litmus-unit-test litmus-test litmus-fuzz-test
