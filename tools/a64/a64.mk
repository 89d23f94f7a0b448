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
A64_PKGS := jansson libdw libelf unicorn
A64_INC := -I$(A64_DIR)/src -Itools/native/src -I$(MODEL_DIR) -I$(CLIB_DIR)
A64_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror $(shell pkg-config --cflags $(A64_PKGS) 2>/dev/null) \
	$(A64_INC) -MMD -MP
A64_LIBS := $(shell pkg-config --libs $(A64_PKGS) 2>/dev/null)
# the native explorer's linker script, image loader and scratch folders (one implementation)
A64_NATIVE_SRCS := $(addprefix tools/native/src/,arch.c link.c image.c util.c workdir.c)
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

-include $(wildcard $(A64_OBJ)/*.d)
