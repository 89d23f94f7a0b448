# Top-level build: `make` sets up what is missing and builds the site into build/site/;
# `make check` sets up and runs every test. Each part adds its rules in its own fragment.
.DEFAULT_GOAL := all
SHELL := /bin/sh
BUILD := build
export NODE_PATH := /usr/share/nodejs

# Every core by default: the compile matrix, the wasm modules and the test suites are independent
# rules. A -j on the command line wins (`make -j1` runs one job at a time); sub-makes share the top
# make's job slots (GNU make 4.3 does not show -j in MAKEFLAGS while reading, hence MAKELEVEL).
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif

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
-include tools/lint/lint.mk
-include tools/lab/lab.mk
-include tools/sandbox/sandbox.mk
-include tools/grade/grade.mk
-include tools/litmus/litmus.mk
-include tests/tests.mk
-include tests/content/content.mk

.PHONY: all site check bench serve clean
# The site is built by a second make once setup has run (in parallel, nothing may start before it).
all: setup
	@$(MAKE) --no-print-directory site

# `make check`: the site, then every suite side by side (as many at once as make has jobs), each one's
# output printed whole when it ends (tools/dev/suite.sh; logs in build/check/), -k so that one failure
# does not hide another, and a table of each suite's wall and CPU time at the end. The longest suites
# start first (CHECK_FIRST, from the times in BENCHMARKS.md) so that the short ones fill the gaps.
CHECK_DIR := $(BUILD)/check
CHECK_FIRST := browser-test lab-test wasm-test grade-test sandbox-test
CHECK_ORDER = $(filter $(CHECK_FIRST),$(CHECK_TARGETS)) $(filter-out $(CHECK_FIRST),$(CHECK_TARGETS))
check: setup
	@$(MAKE) --no-print-directory site
	@rm -rf $(CHECK_DIR); mkdir -p $(CHECK_DIR); start=$$(date +%s); status=0; \
	    $(MAKE) --no-print-directory -k $(addprefix check/,$(CHECK_ORDER)) || status=1; \
	    sh tools/dev/check-summary.sh $(CHECK_DIR) $$start $(CHECK_ORDER) && exit $$status
check/%:
	@bash tools/dev/suite.sh $(CHECK_DIR) $* $(MAKE) --no-print-directory $*

bench: setup
	@$(MAKE) --no-print-directory site
	@$(MAKE) --no-print-directory -j1 $(BENCH_TARGETS)

PORT ?= 8000
serve: site
	@echo "serving $(BUILD)/site at http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	@cd $(BUILD)/site && python3 -m http.server --bind 127.0.0.1 $(PORT)

clean:
	rm -rf $(BUILD) $(CLEAN_DIRS)
