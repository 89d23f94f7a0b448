# tools/model/model.mk - the memory-model checker (tools/model/README.md): a C library that every
# producer of traces compiles into its own binary, like tools/lib: MODEL_SRCS, MODEL_HDRS,
# -I$(MODEL_DIR). Included by the Makefile after tools/lib/lib.mk.
#   make model-test         cmocka tests under ASan + UBSan (hand-built traces of the standard shapes)
MODEL_DIR := tools/model
MODEL_SRCS := $(sort $(wildcard $(MODEL_DIR)/*.c))
MODEL_HDRS := $(wildcard $(MODEL_DIR)/*.h)

MODEL_TEST_DIR := $(BUILD)/model/tests
MODEL_SAN := -std=c11 -g -O1 -Wall -Wextra -Werror $(SAN_FLAGS) -I$(MODEL_DIR) -I$(CLIB_DIR)
MODEL_UNITS := $(patsubst $(MODEL_DIR)/tests/%.c,$(MODEL_TEST_DIR)/%,$(wildcard $(MODEL_DIR)/tests/test_*.c))
MODEL_TEST_HDRS := $(wildcard $(MODEL_DIR)/tests/*.h)
MODEL_TEST_HELPERS := $(filter-out $(MODEL_DIR)/tests/test_%.c,$(wildcard $(MODEL_DIR)/tests/*.c))
$(MODEL_TEST_DIR)/test_%: $(MODEL_DIR)/tests/test_%.c $(MODEL_TEST_HELPERS) $(MODEL_TEST_HDRS) \
		$(MODEL_SRCS) $(MODEL_HDRS) $(CLIB_SRCS) $(CLIB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(MODEL_SAN) -o $@ $< $(MODEL_TEST_HELPERS) $(MODEL_SRCS) $(CLIB_SRCS) $(CLIB_TEST_LIBS)

.PHONY: model-test
model-test: $(MODEL_UNITS)
	@set -e; for t in $(MODEL_UNITS); do ASAN_OPTIONS=detect_leaks=1 $$t; done

CHECK_TARGETS += model-test
