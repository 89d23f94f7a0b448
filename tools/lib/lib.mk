# tools/lib/lib.mk - the helpers every C tool links (tools/lib/README.md): one implementation of
# allocation, growable buffers, whole-file reading, atomic writes and JSON files (jsonfile.c: jansson, which
# every tool links). Included by the Makefile before the tools'
# makefiles; each tool compiles CLIB_SRCS with its own flags (binary, ASan/UBSan archive, libFuzzer
# archive) and adds -I$(CLIB_DIR).
#   make clib-test          cmocka tests of the helpers under ASan + UBSan
CLIB_DIR := tools/lib
CLIB_SRCS := $(sort $(wildcard $(CLIB_DIR)/*.c))
CLIB_HDRS := $(wildcard $(CLIB_DIR)/*.h)

CLIB_TEST_DIR := $(BUILD)/lib/tests
CLIB_SAN := -std=c11 -g -O1 -Wall -Wextra -Werror -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all -I$(CLIB_DIR)
CLIB_UNITS := $(patsubst $(CLIB_DIR)/tests/%.c,$(CLIB_TEST_DIR)/%,$(wildcard $(CLIB_DIR)/tests/test_*.c))
$(CLIB_TEST_DIR)/test_%: $(CLIB_DIR)/tests/test_%.c $(CLIB_SRCS) $(CLIB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CLIB_SAN) -o $@ $< $(CLIB_SRCS) $(shell pkg-config --libs cmocka jansson)

.PHONY: clib-test
clib-test: $(CLIB_UNITS)
	@set -e; for t in $(CLIB_UNITS); do ASAN_OPTIONS=detect_leaks=1 $$t; done

CHECK_TARGETS += clib-test
