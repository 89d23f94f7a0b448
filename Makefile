# Top-level build: `make` sets up what is missing and builds the site into build/site/;
# `make check` sets up and runs every test. Each part adds its rules in its own fragment.
.DEFAULT_GOAL := all
SHELL := /bin/sh
BUILD := build
export NODE_PATH := /usr/share/nodejs

# Filled in by the fragments (see docs/ARCHITECTURE.md).
SITE_DEPS :=
CHECK_TARGETS :=
BENCH_TARGETS :=
CLEAN_DIRS :=

# Setup runs before anything else, on every invocation; it is quiet when nothing is missing.
SETUP_STAMP := $(BUILD)/.setup-ok
.PHONY: setup
setup:
	@sh tools/setup/install-deps.sh
	@mkdir -p $(BUILD) && touch $(SETUP_STAMP)
$(SETUP_STAMP):
	@sh tools/setup/install-deps.sh
	@mkdir -p $(BUILD) && touch $@

-include tools/gen/gen.mk
-include tools/asm/asm.mk
-include tools/wasm/wasm.mk
-include tools/native/native.mk
-include tools/lint/lint.mk
-include tools/lab/lab.mk
-include tools/sandbox/sandbox.mk
-include tools/grade/grade.mk
-include tools/litmus/litmus.mk
-include tests/tests.mk
-include tests/content/content.mk

.PHONY: all site check bench serve clean
all: setup site

check: setup
	@$(MAKE) --no-print-directory site
	@$(MAKE) --no-print-directory -k $(CHECK_TARGETS)
	@echo "make check: all tests passed"

bench: setup site
	@$(MAKE) --no-print-directory $(BENCH_TARGETS)

PORT ?= 8000
serve: site
	@echo "serving $(BUILD)/site at http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	@cd $(BUILD)/site && python3 -m http.server --bind 127.0.0.1 $(PORT)

clean:
	rm -rf $(BUILD) $(CLEAN_DIRS)
