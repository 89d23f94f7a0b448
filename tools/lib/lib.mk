# tools/lib/lib.mk - the helpers every C tool links (tools/lib/README.md): one implementation of
# allocation, growable buffers, whole-file reading, JSON inside <script>, outcome keys and schedules.
# Included by the Makefile before the tools' makefiles; each tool compiles CLIB_SRCS with its own
# flags (binary, ASan/UBSan archive, libFuzzer archive) and adds -I$(CLIB_DIR).
#   make clib-test          cmocka tests of the helpers under ASan + UBSan, then the node tests
#                           (script-json.test.js: the C rule and its JavaScript copy on one fixture)
CLIB_DIR := tools/lib
# The one sanitizer setting of every C test build (cmocka units, sanitized tools): ASan + UBSan, and
# any UBSan finding stops the program with a non-zero status (without -fno-sanitize-recover it is
# only printed, and the test passes). Each tool's makefile adds its own -O/-g.
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
CLIB_SRCS := $(sort $(wildcard $(CLIB_DIR)/*.c))
CLIB_HDRS := $(wildcard $(CLIB_DIR)/*.h)

CLIB_TEST_DIR := $(BUILD)/lib/tests
CLIB_SAN = -std=c11 -g -O1 -Wall -Wextra -Werror $(SAN_FLAGS) -I$(CLIB_DIR) $(shell pkg-config --cflags jansson 2>/dev/null)
CLIB_TEST_LIBS = $(shell pkg-config --libs jansson 2>/dev/null) $(shell pkg-config --libs cmocka)
CLIB_UNITS := $(patsubst $(CLIB_DIR)/tests/%.c,$(CLIB_TEST_DIR)/%,$(wildcard $(CLIB_DIR)/tests/test_*.c))
$(CLIB_TEST_DIR)/test_%: $(CLIB_DIR)/tests/test_%.c $(CLIB_SRCS) $(CLIB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CLIB_SAN) -o $@ $< $(CLIB_SRCS) $(CLIB_TEST_LIBS)
# the C side of script-json.test.js
CLIB_SCRIPT_JSON := $(CLIB_TEST_DIR)/script-json
$(CLIB_SCRIPT_JSON): $(CLIB_DIR)/tests/script_json_cli.c $(CLIB_SRCS) $(CLIB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CLIB_SAN) -o $@ $< $(CLIB_SRCS) $(CLIB_TEST_LIBS)

.PHONY: clib-test
clib-test: $(CLIB_UNITS) $(CLIB_SCRIPT_JSON)
	@set -e; for t in $(CLIB_UNITS); do ASAN_OPTIONS=detect_leaks=1 $$t; done
	@SCRIPT_JSON_CLI=$(CLIB_SCRIPT_JSON) node --test $(wildcard $(CLIB_DIR)/tests/*.test.js)

CHECK_TARGETS += clib-test
