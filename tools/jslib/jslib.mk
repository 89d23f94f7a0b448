# tools/jslib/jslib.mk - the helpers the JavaScript tools share (tools/jslib: fsutil.js, html.js).
# Included by the top-level Makefile.
#   make jslib-test    node:test tests of the helpers; html.test.js runs the C escaper
#                      (tools/lib/buf.c buf_put_escaped, built as build/jslib/escape-html) on the
#                      same input as html.js
JSLIB_DIR := tools/jslib
JSLIB_ESCAPE := $(BUILD)/jslib/escape-html

$(JSLIB_ESCAPE): $(JSLIB_DIR)/tests/escape-html.c $(CLIB_SRCS) $(CLIB_HDRS)
	@mkdir -p $(@D)
	@$(CC) -std=c11 -O1 -g -Wall -Wextra -Werror -I$(CLIB_DIR) -o $@ $< $(CLIB_SRCS) $(shell pkg-config --libs jansson)

.PHONY: jslib-test
jslib-test: $(JSLIB_ESCAPE)
	@BUILD=$(BUILD) node --test $(JSLIB_DIR)/tests/

CHECK_TARGETS += jslib-test
