# tools/native/native.mk - the native explorer: explores the real machine code of every matrix cell
# on Unicorn (see tools/native/README.md). Included by the top-level Makefile.
#   build/native/native-tool               the tool (C, libunicorn, libelf/libdw, jansson, xxhash)
#   build/data/native/...                  per cell outcomes, witnesses, traces (below)
#   make native-check                      the cross-check against the WebAssembly explorer
#   make native-test                       cmocka tests under ASan/UBSan, per architecture

NATIVE_DIR := tools/native
NATIVE_OBJ := $(BUILD)/native/obj
NATIVE_TOOL := $(BUILD)/native/native-tool
NATIVE_PKGS := jansson libxxhash libdw libelf unicorn
NATIVE_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror $(shell pkg-config --cflags $(NATIVE_PKGS) 2>/dev/null) \
	-I$(NATIVE_DIR)/src -I$(EXAMPLE_DIR) -I$(CLIB_DIR) -Itools/a64/src -I$(MODEL_DIR) -MMD -MP
NATIVE_LIBS := $(shell pkg-config --libs $(NATIVE_PKGS) 2>/dev/null) -lm
# tools/example/conf.c: the one matcher of cell patterns (compiler/arch/opt, any, comma lists)
# tools/lib: allocation, growable strings and file reading (one implementation for every C tool)
# The Armv8 cells: tools/a64's producer of traces (a thread alone on Unicorn, the instruction
# classifier, register and memory dependencies, loops) and tools/model's checker.
NATIVE_A64_SRCS := $(addprefix tools/a64/src/,access.c cpu.c deps.c insn.c rounds.c run.c spin.c tset.c)
NATIVE_SRCS := $(sort $(wildcard $(NATIVE_DIR)/src/*.c)) $(EXAMPLE_DIR)/conf.c $(CLIB_SRCS) \
	$(NATIVE_A64_SRCS) $(MODEL_SRCS)
NATIVE_LIB_SRCS := $(filter-out $(NATIVE_DIR)/src/main.c $(NATIVE_DIR)/src/cmd_%.c,$(NATIVE_SRCS))
native_obj = $(patsubst $(MODEL_DIR)/%.c,$(2)/model-%.o,$(patsubst tools/a64/src/%.c,$(2)/a64-%.o,$(patsubst $(CLIB_DIR)/%.c,$(2)/lib-%.o,$(patsubst $(EXAMPLE_DIR)/%.c,$(2)/example-%.o,$(patsubst $(NATIVE_DIR)/src/%.c,$(2)/%.o,$(1))))))

$(NATIVE_OBJ)/%.o: $(NATIVE_DIR)/src/%.c
	@mkdir -p $(@D)
	@$(CC) $(NATIVE_CFLAGS) -c $< -o $@
$(NATIVE_OBJ)/example-%.o: $(EXAMPLE_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(NATIVE_CFLAGS) -c $< -o $@
$(NATIVE_OBJ)/lib-%.o: $(CLIB_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(NATIVE_CFLAGS) -c $< -o $@
$(NATIVE_OBJ)/a64-%.o: tools/a64/src/%.c
	@mkdir -p $(@D)
	@$(CC) $(NATIVE_CFLAGS) -c $< -o $@
$(NATIVE_OBJ)/model-%.o: $(MODEL_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(NATIVE_CFLAGS) -c $< -o $@
$(NATIVE_TOOL): $(call native_obj,$(NATIVE_SRCS),$(NATIVE_OBJ))
	@$(CC) -o $@ $^ $(NATIVE_LIBS)
	@echo "built $@"

# ---- build data: one rule per example x target, like tools/asm ----------------------------------
#   build/data/native/<id>/<target>.json    every cell's outcomes, witnesses and traces (cached per cell
#                                           in build/cache/native/ by a hash of all its inputs)
#   build/data/native/<id>.json             the example's cells without traces (make collect step)
#   build/data/site/native/<id>/<compiler>/<arch>-<opt>.js   one page data script per cell
NATIVE_IDS := $(ASM_IDS)
# The matrix from its one reader (asm-tool matrix --make, included by tools/asm/asm.mk).
NATIVE_TARGETS = $(ASM_TARGETS)
NATIVE_TARGET_ARCHES = $(foreach t,$(ASM_TARGETS),$(t):$(ASM_ARCH.$(t)))
native_arch = $(ASM_ARCH.$(1))
NATIVE_CACHE := $(BUILD)/cache/native

# The scope: which cells `make` explores ("<variants>:<compiler/arch/opt pattern>" words, or all).
# Every cell by default: the pages show each cell's outcomes and the cross-check requires the fixed
# and transformed variants' outcomes to be the WebAssembly explorer's on every cell. The cost is
# mostly processes and the object-keyed cache explores identical objects once (tools/native/README.md,
# "Cost and scope"); a narrower scope (for example NATIVE_SCOPE='plain:any/any/any') is for a quick
# local loop, and `make native-all` forces every cell whatever the scope.
NATIVE_SCOPE ?= all
# The model of the AArch64 cells' Armv8 exploration: armv8; a broken one of tools/model
# (armv8-broken-nodeps, -ldst, -nomca; or sc) only to see native-check's Armv8 tests fail; none
# for no Armv8 exploration (native-check then fails: every AArch64 cell needs its result; for the
# benchmark).
NATIVE_ARMV8_MODEL ?= armv8
NATIVE_SCOPE_FILE := $(BUILD)/native/scope
ifeq ($(filter clean,$(MAKECMDGOALS)),)
$(shell mkdir -p $(BUILD)/native && { echo '$(NATIVE_SCOPE) $(NATIVE_ARMV8_MODEL)' | cmp -s - $(NATIVE_SCOPE_FILE) || \
	echo '$(NATIVE_SCOPE) $(NATIVE_ARMV8_MODEL)' > $(NATIVE_SCOPE_FILE); })
endif
define NATIVE_CELL_RULE
$(BUILD)/data/native/$(1)/$(2).json: $(BUILD)/data/asm/$(1)/$(2).json $(NATIVE_TOOL) $(NATIVE_SCOPE_FILE)
	@echo "[native] $(1) $(2)"
	@$(NATIVE_TOOL) cells $(BUILD)/data/meta/$(1).json $(2) $(call native_arch,$(2)) \
		$(BUILD)/data/asm/$(1)/$(2).objs $$@ $(NATIVE_CACHE) '$(NATIVE_SCOPE)' $(NATIVE_ARMV8_MODEL)
endef
# The example's predicates on every cell, by the one checker (tools/wasm/lib/expect.js).
define NATIVE_COLLECT_RULE
$(BUILD)/data/native/$(1)/expect.json: $(foreach t,$(NATIVE_TARGETS),$(BUILD)/data/native/$(1)/$(t).json) \
		$(NATIVE_DIR)/expect.js tools/wasm/lib/expect.js tools/wasm/runtime.js \
		$(filter $(BUILD)/data/outcomes/$(1).json,$(WASM_OUTCOMES))
	@node $(NATIVE_DIR)/expect.js $(BUILD)/data $(1) $(NATIVE_TARGETS)
$(BUILD)/data/native/$(1).json: $(BUILD)/data/native/$(1)/expect.json $(NATIVE_TOOL) $(BUILD)/data/examples/$(1).json
	@$(NATIVE_TOOL) collect $(BUILD)/data $(1) $(NATIVE_TARGETS)
endef
$(foreach id,$(NATIVE_IDS),$(foreach t,$(NATIVE_TARGETS),$(eval $(call NATIVE_CELL_RULE,$(id),$(t)))))
$(foreach id,$(NATIVE_IDS),$(eval $(call NATIVE_COLLECT_RULE,$(id))))
NATIVE_DATA := $(NATIVE_IDS:%=$(BUILD)/data/native/%.json)
# build/data's directories keyed by an example's id (tools/gen/prune-data.sh removes a gone id's files)
DATA_BY_ID += native site/native
# The bad outcomes of each example and the cells whose real code reaches them ("How real" page).
NATIVE_BEHAVIOUR := $(BUILD)/data/native/behaviour.json
$(NATIVE_BEHAVIOUR): $(NATIVE_DATA) $(NATIVE_TOOL) $(BUILD)/inputs/examples.list \
		$(patsubst %,$(BUILD)/data/examples/%.json,$(NATIVE_IDS))
	@$(NATIVE_TOOL) behaviour $(BUILD)/data $(NATIVE_IDS)
SITE_DEPS += $(NATIVE_DATA) $(NATIVE_BEHAVIOUR)

# The cross-check (in make check): rules in tools/native/src/crosscheck.h; report in
# build/data/native/crosscheck.md.
NATIVE_CELLS := $(foreach id,$(NATIVE_IDS),$(foreach t,$(NATIVE_TARGETS),$(BUILD)/data/native/$(id)/$(t).json))
.PHONY: native native-cells native-check native-bench native-all
native-all:
	@$(MAKE) --no-print-directory NATIVE_SCOPE=all native native-check
native: $(NATIVE_DATA) $(NATIVE_BEHAVIOUR)
native-cells: $(NATIVE_CELLS)
native-bench: $(NATIVE_DATA)
	@BUILD=$(BUILD) bash $(NATIVE_DIR)/bench.sh

BENCH_TARGETS += native-bench
native-check: $(NATIVE_DATA) $(WASM_OUTCOMES) $(BUILD)/data/evidence.json
	@$(NATIVE_TOOL) crosscheck $(BUILD)/data $(NATIVE_DIR)/evidence-gaps.conf $(NATIVE_DIR)/unexplored.conf $(NATIVE_IDS)
	@BUILD=$(BUILD) node --test $(NATIVE_DIR)/tests/claims.test.js $(NATIVE_DIR)/tests/armv8.test.js

CHECK_TARGETS += native-check

# ---- tests: cmocka under ASan/UBSan --------------------------------------------------------------
NATIVE_ASAN := $(BUILD)/native/asan
NATIVE_SAN := $(SAN_FLAGS) -O1
NATIVE_ASAN_OBJS := $(call native_obj,$(NATIVE_LIB_SRCS),$(NATIVE_ASAN))
$(NATIVE_ASAN)/%.o: $(NATIVE_DIR)/src/%.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(NATIVE_CFLAGS)) $(NATIVE_SAN) -c $< -o $@
$(NATIVE_ASAN)/example-%.o: $(EXAMPLE_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(NATIVE_CFLAGS)) $(NATIVE_SAN) -c $< -o $@
$(NATIVE_ASAN)/lib-%.o: $(CLIB_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(NATIVE_CFLAGS)) $(NATIVE_SAN) -c $< -o $@
$(NATIVE_ASAN)/a64-%.o: tools/a64/src/%.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(NATIVE_CFLAGS)) $(NATIVE_SAN) -c $< -o $@
$(NATIVE_ASAN)/model-%.o: $(MODEL_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(NATIVE_CFLAGS)) $(NATIVE_SAN) -c $< -o $@
$(NATIVE_ASAN)/tests/%.o: $(NATIVE_DIR)/tests/%.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(NATIVE_CFLAGS)) $(NATIVE_SAN) -I$(NATIVE_DIR)/src -c $< -o $@
NATIVE_TESTS := $(patsubst $(NATIVE_DIR)/tests/%.c,$(NATIVE_ASAN)/tests/%,$(wildcard $(NATIVE_DIR)/tests/test_*.c))
$(NATIVE_ASAN)/tests/test_%: $(NATIVE_ASAN)/tests/test_%.o $(NATIVE_ASAN)/tests/testutil.o $(NATIVE_ASAN_OBJS)
	@$(CC) $(NATIVE_SAN) -o $@ $^ $(NATIVE_LIBS) -lcmocka

# The test programs: per architecture, hand-written assembly (tests/programs/<arch>.S) built by that
# architecture's gcc-12 target of examples/targets.conf; and C (tests/programs/*.c) built by every
# target of the matrix at -O2, exactly as compile.sh builds the examples.
NATIVE_PROGS := $(BUILD)/native/tests/obj
NATIVE_CONF_FLAGS = $(ASM_FLAGS)
native_cmd = $(ASM_COMMAND.$(1))
NATIVE_ASM_ARCHES := x86_64 i386 aarch64 riscv64
NATIVE_TEST_C := $(patsubst $(NATIVE_DIR)/tests/programs/%.c,%,$(wildcard $(NATIVE_DIR)/tests/programs/*.c))
NATIVE_PROG_OBJS := $(foreach a,$(NATIVE_ASM_ARCHES),$(NATIVE_PROGS)/asm/$(a).o) \
	$(foreach p,$(NATIVE_TEST_C),$(foreach t,$(NATIVE_TARGETS),$(NATIVE_PROGS)/$(p)/$(t).o))
define NATIVE_ASM_RULE
$(NATIVE_PROGS)/asm/$(1).o: $(NATIVE_DIR)/tests/programs/$(1).S examples/targets.conf
	@mkdir -p $$(@D)
	@$(call native_cmd,gcc-12/$(1)) -c $$< -o $$@
endef
define NATIVE_C_RULE
$(NATIVE_PROGS)/$(1)/$(2).o: $(NATIVE_DIR)/tests/programs/$(1).c $(NATIVE_DIR)/tests/programs/shapes.h examples/targets.conf examples/include/course.h
	@mkdir -p $$(@D)
	@$(call native_cmd,$(2)) $(NATIVE_CONF_FLAGS) -O2 -std=gnu11 -Iexamples/include -c $$< -o $$@
endef
# armv8.c also at -O0 on the AArch64 targets (test_armv8.c: dependencies through stack slots)
define NATIVE_C_O0_RULE
$(NATIVE_PROGS)/$(1)-O0/$(2).o: $(NATIVE_DIR)/tests/programs/$(1).c $(NATIVE_DIR)/tests/programs/shapes.h examples/targets.conf examples/include/course.h
	@mkdir -p $$(@D)
	@$(call native_cmd,$(2)) $(NATIVE_CONF_FLAGS) -O0 -std=gnu11 -Iexamples/include -c $$< -o $$@
endef
NATIVE_AARCH64_TARGETS = $(foreach t,$(NATIVE_TARGETS),$(if $(filter aarch64,$(ASM_ARCH.$(t))),$(t)))
NATIVE_PROG_OBJS += $(foreach t,$(NATIVE_AARCH64_TARGETS),$(NATIVE_PROGS)/armv8-O0/$(t).o)
$(foreach a,$(NATIVE_ASM_ARCHES),$(eval $(call NATIVE_ASM_RULE,$(a))))
$(foreach p,$(NATIVE_TEST_C),$(foreach t,$(NATIVE_TARGETS),$(eval $(call NATIVE_C_RULE,$(p),$(t)))))
$(foreach t,$(NATIVE_AARCH64_TARGETS),$(eval $(call NATIVE_C_O0_RULE,armv8,$(t))))

.PRECIOUS: $(NATIVE_ASAN)/%.o $(NATIVE_ASAN)/example-%.o $(NATIVE_ASAN)/lib-%.o $(NATIVE_ASAN)/a64-%.o \
	$(NATIVE_ASAN)/model-%.o $(NATIVE_ASAN)/tests/%.o
.PHONY: native-test
native-test: $(NATIVE_TESTS) $(NATIVE_PROG_OBJS)
	@set -e; for t in $(NATIVE_TESTS); do \
	    NATIVE_PROGS=$(NATIVE_PROGS) NATIVE_TARGETS="$(NATIVE_TARGET_ARCHES)" \
	    ASAN_OPTIONS=detect_leaks=1 $$t; done

CHECK_TARGETS += native-test

-include $(wildcard $(NATIVE_OBJ)/*.d $(NATIVE_ASAN)/*.d $(NATIVE_ASAN)/tests/*.d)
