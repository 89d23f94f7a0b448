# tools/a64/a64.mk - herd7's AArch64 litmus tests on the real machine code under the Armv8 memory
# model (tools/a64/README.md). Included by the top-level Makefile after tools/native/native.mk.
#   build/a64/a64-tool          the tool (C: the native explorer's linker and image code, Unicorn,
#                               the checker of tools/model)
#   make a64-litmus-test        the project's AArch64 litmus suite under the model (every argued
#                               verdict) and under each broken model (each must disagree somewhere)
#   make a64-unit-test          cmocka tests of the reader and the classifier under ASan/UBSan
#   make a64-fuzz-test          the libFuzzer harness of the reader over the suite (make a64-fuzz:
#                               FUZZ_SECONDS more)
A64_DIR := tools/a64
A64_OBJ := $(BUILD)/a64/obj
A64_TOOL := $(BUILD)/a64/a64-tool
A64_PKGS := jansson libxxhash libdw libelf unicorn
A64_INC := -I$(A64_DIR)/src -Itools/native/src -I$(MODEL_DIR) -I$(CLIB_DIR)
A64_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror $(shell pkg-config --cflags $(A64_PKGS) 2>/dev/null) \
	$(A64_INC) -MMD -MP
A64_LIBS := $(shell pkg-config --libs $(A64_PKGS) 2>/dev/null)
# the native explorer: its linker script, image loader and scratch folders (one implementation), and
# for the X86 tests its cell pipeline (the x86-TSO machine and the search)
A64_NATIVE_SRCS := $(addprefix tools/native/src/,arch.c link.c image.c util.c workdir.c \
	cell.c explore.c machine.c outcome.c trace.c nmeta.c armv8.c a8paths.c a8exec.c a8json.c a8live.c)
A64_OWN_SRCS := $(sort $(wildcard $(A64_DIR)/src/*.c))
A64_SRCS := $(A64_OWN_SRCS) $(A64_NATIVE_SRCS) $(MODEL_SRCS) $(CLIB_SRCS)
A64_LIB_SRCS := $(filter-out $(A64_DIR)/src/main.c,$(A64_SRCS))
# object name for a source of any of the four folders
a64_obj = $(patsubst %.c,$(2)/%.o,$(subst /,-,$(1)))

define A64_OBJ_RULE
$(call a64_obj,$(1),$(A64_OBJ)): $(1)
	@mkdir -p $$(@D)
	@$$(CC) $$(A64_CFLAGS) -c $$< -o $$@
endef
$(foreach s,$(A64_SRCS),$(eval $(call A64_OBJ_RULE,$(s))))

$(A64_TOOL): $(foreach s,$(A64_SRCS),$(call a64_obj,$(s),$(A64_OBJ)))
	@$(CC) -o $@ $^ $(A64_LIBS)
	@echo "built $@"


# ---- the suite: every argued verdict under Armv8, every broken model seen to disagree -----------
A64_SUITE := $(sort $(wildcard $(A64_DIR)/litmus/*.litmus))
A64_BROKEN := armv8-broken-nodeps armv8-broken-ldst armv8-broken-nomca
# herd's X86 tests on the native explorer's x86-TSO machine; SC must disagree on some
A64_X86_SUITE := $(sort $(wildcard $(A64_DIR)/litmus-x86/*.litmus))
.PHONY: a64-litmus-test
a64-litmus-test: $(A64_TOOL)
	@mkdir -p $(BUILD)/a64
	@$(A64_TOOL) check --model armv8 $(A64_SUITE) > $(BUILD)/a64/suite-armv8.txt 2>&1 || \
		{ grep -v ': agrees$$' $(BUILD)/a64/suite-armv8.txt; exit 1; }
	@set -e; for m in $(A64_BROKEN); do \
		$(A64_TOOL) check --model $$m --must-disagree $(A64_SUITE) > $(BUILD)/a64/suite-$$m.txt 2>&1 || \
		{ echo "a64-litmus-test: the broken model $$m gives every argued verdict" >&2; \
		  tail -1 $(BUILD)/a64/suite-$$m.txt; exit 1; }; \
		echo "a64-litmus-test: $$m: $$(tail -1 $(BUILD)/a64/suite-$$m.txt)"; done
	@$(A64_TOOL) check $(A64_X86_SUITE) > $(BUILD)/a64/suite-x86.txt 2>&1 || \
		{ grep -v ': agrees$$' $(BUILD)/a64/suite-x86.txt; exit 1; }
	@$(A64_TOOL) check --model sc --must-disagree $(A64_X86_SUITE) > $(BUILD)/a64/suite-x86-sc.txt 2>&1 || \
		{ echo "a64-litmus-test: sequential consistency gives every X86 test's x86-TSO verdict" >&2; exit 1; }
	@sh $(A64_DIR)/tests/cli.sh $(A64_TOOL)
	@echo "a64-litmus-test: X86: $$(tail -1 $(BUILD)/a64/suite-x86.txt); under sc: $$(tail -1 $(BUILD)/a64/suite-x86-sc.txt)"
	@echo "a64-litmus-test: $$(tail -1 $(BUILD)/a64/suite-armv8.txt)"

# ---- cmocka tests under ASan/UBSan (test_deps assembles with binutils, as the tool does) -------
A64_ASAN := $(BUILD)/a64/asan
A64_SAN := $(SAN_FLAGS) -O1
define A64_SAN_RULE
$(call a64_obj,$(1),$(A64_ASAN)): $(1)
	@mkdir -p $$(@D)
	@$$(CC) $$(filter-out -O2,$$(A64_CFLAGS)) $$(A64_SAN) -c $$< -o $$@
endef
$(foreach s,$(A64_LIB_SRCS),$(eval $(call A64_SAN_RULE,$(s))))
A64_SAN_OBJS := $(foreach s,$(A64_LIB_SRCS),$(call a64_obj,$(s),$(A64_ASAN)))
A64_UNITS := $(patsubst $(A64_DIR)/tests/%.c,$(A64_ASAN)/tests/%,$(wildcard $(A64_DIR)/tests/test_*.c))
$(A64_ASAN)/tests/%: $(A64_DIR)/tests/%.c $(A64_SAN_OBJS)
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2 -MMD -MP,$(A64_CFLAGS)) $(A64_SAN) -o $@ $< $(A64_SAN_OBJS) $(A64_LIBS) -lcmocka
.PHONY: a64-unit-test
a64-unit-test: $(A64_UNITS)
	@set -e; for t in $(A64_UNITS); do ASAN_OPTIONS=detect_leaks=1 $$t; done

# ---- libFuzzer: the reader (and the condition's evaluation) on arbitrary text ------------------
A64_FUZZER := $(BUILD)/a64/fuzz-read
A64_FUZZ_SRCS := $(addprefix $(A64_DIR)/src/,read.c init.c cols.c cond.c lex.c regs.c) $(CLIB_SRCS)
$(A64_FUZZER): $(A64_DIR)/fuzz/fuzz_read.c $(A64_FUZZ_SRCS) $(wildcard $(A64_DIR)/src/*.h)
	@mkdir -p $(@D)
	@clang-14 -std=c11 -g -O1 -Wall -Wextra -Werror $(SAN_FLAGS) -fsanitize=fuzzer \
		-I$(A64_DIR)/src -I$(CLIB_DIR) -o $@ $< $(A64_FUZZ_SRCS) $(CLIB_TEST_LIBS)
.PHONY: a64-fuzz-test a64-fuzz
a64-fuzz-test: $(A64_FUZZER)
	@$(A64_FUZZER) -runs=0 $(A64_DIR)/litmus $(A64_DIR)/litmus-x86 $(A64_DIR)/tests/bad 2>&1 | tail -1
a64-fuzz: $(A64_FUZZER)
	@mkdir -p $(BUILD)/a64/fuzz-corpus
	$(A64_FUZZER) -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=4096 \
		-dict=$(A64_DIR)/fuzz/a64.dict $(BUILD)/a64/fuzz-corpus $(A64_DIR)/litmus

CHECK_TARGETS += a64-litmus-test a64-unit-test a64-fuzz-test

-include $(wildcard $(A64_OBJ)/*.d $(A64_ASAN)/*.d)
