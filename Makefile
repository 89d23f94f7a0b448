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
CHECK_NEEDS :=
BENCH_TARGETS :=
CLEAN_DIRS :=

# Setup comes before anything that depends on an installed package. GNU make reads every makefile first
# (the fragments ask pkg-config for compiler flags while they are read), then remakes the makefiles it
# included: $(SETUP_MK) always asks tools/setup/install-deps.sh, which rewrites it only when it installed
# something. A rewritten makefile makes GNU make read all the makefiles again, now with the libraries in
# place, before it builds any goal, so every target (with -j too) sees a set-up machine. Sub-makes inherit
# SETUP_DONE and skip the check; `make clean` never installs anything.
# A makefile that a rule generates from a tool built with the libraries (asm.mk's matrix, lab.mk's labs)
# lists $(SETUP_STAMP) among its prerequisites, so that even with -j it is made after setup.
SETUP_MK := $(BUILD)/setup.mk
SETUP_STAMP :=
ifeq ($(SETUP_DONE)$(MAKE_RESTARTS),)
ifneq ($(filter-out clean,$(or $(MAKECMDGOALS),all)),)
SETUP_STAMP := $(SETUP_MK)
include $(SETUP_MK)
$(SETUP_MK): FORCE
	@sh tools/setup/install-deps.sh --stamp $@
endif
endif
export SETUP_DONE := 1
.PHONY: FORCE setup
FORCE:
setup:
	@:

-include tools/setup/setup.mk
-include tools/lib/lib.mk
-include tools/example/example.mk
-include tools/model/model.mk
-include tools/jslib/jslib.mk
-include tools/gen/gen.mk
-include tools/asm/asm.mk
-include tools/wasm/wasm.mk
-include tools/native/native.mk
-include tools/a64/a64.mk
-include tools/lint/lint.mk
-include tools/lab/lab.mk
-include tools/sandbox/sandbox.mk
-include tools/grade/grade.mk
-include tools/litmus/litmus.mk
-include tools/playground/playground.mk
-include tests/tests.mk
-include tests/content/content.mk

# The set of examples and labs (ids as in build/data: "topic/name", "lab/name"). When an example or a lab
# is deleted or renamed, the list changes: the data built for the ids gone is removed from build/data
# (tools/gen/prune-data.sh; a lab's data are there too, as lab/<name>), and the evidence and the site are
# built again from what is left (the generator removes the outputs and links of pages that went).
INPUT_LIST_examples = $(sort $(ASM_IDS) $(addprefix lab/,$(LAB_NAMES)))
# DATA_BY_ID: the directories of build/data keyed by an example's id, each named by its pipeline's makefile.
INPUT_PRUNE_examples = sh tools/gen/prune-data.sh $(BUILD)/data '$(sort $(DATA_BY_ID))' $(INPUT_LIST_examples) &&
$(BUILD)/data/evidence.json: $(BUILD)/inputs/examples.list
SITE_DEPS += $(BUILD)/inputs/examples.list
# ... and the test of it: a scratch clone adds, renames and deletes pages, an example and a lab.
.PHONY: inputs-test
inputs-test:
	@sh tests/site/lists-side-by-side.sh
	@sh tests/site/inputs-gone.sh
CHECK_TARGETS += inputs-test

.PHONY: all site check bench serve clean
all: site

# `make check`: the site, then every suite side by side (as many at once as make has jobs), each one's
# output printed whole when it ends (tools/dev/suite.sh; logs in build/check/), -k so that one failure
# does not hide another, and a table of each suite's wall and CPU time at the end. The longest suites
# start first (CHECK_FIRST, from the wall times of the last CI run: browser-test 585 s, lab-test 245,
# grade-test 190, wasm-test 182, sandbox-test 116, native-test 74, model-test 59) so that the short ones
# fill the gaps.
# CHECK_JOBS suites run at once (their make has a job server of its own): one more than the cores,
# because browser-test waits on its pages far more than it computes and would otherwise hold a core's
# slot idle; `make check CHECK_JOBS=1` runs them one at a time. What several suites need (CHECK_NEEDS,
# from the fragments) is made once with the site, before they start, not by each suite's make at once.
CHECK_DIR := $(BUILD)/check
CHECK_FIRST := browser-test lab-test grade-test wasm-test sandbox-test playground-test native-test model-test \
    setup-test inputs-test gen-test
CHECK_ORDER = $(foreach s,$(CHECK_FIRST),$(filter $s,$(CHECK_TARGETS))) $(filter-out $(CHECK_FIRST),$(CHECK_TARGETS))
CHECK_JOBS ?= $(shell echo $$(($$(nproc 2>/dev/null || echo 2) + 1)))
check:
	@$(MAKE) --no-print-directory site $(CHECK_NEEDS)
	@rm -rf $(CHECK_DIR); mkdir -p $(CHECK_DIR); start=$$(date +%s); status=0; \
	    MAKEFLAGS="$(filter-out -j% --jobserver-auth=%,$(MAKEFLAGS))" \
	    $(MAKE) --no-print-directory -k -j$(CHECK_JOBS) $(addprefix check/,$(CHECK_ORDER)) || status=1; \
	    sh tools/dev/check-summary.sh $(CHECK_DIR) $$start $(CHECK_ORDER) && exit $$status
check/%:
	@bash tools/dev/suite.sh $(CHECK_DIR) $* $(MAKE) --no-print-directory $*

bench: site
	@$(MAKE) --no-print-directory -j1 $(BENCH_TARGETS)

# `make serve`: the built site on http://127.0.0.1:$(PORT)/, missing paths answered by 404.html, and the
# playground (tools/playground) on the same server; SERVE_HOST=addr listens elsewhere (not HOST: zsh sets it).
PORT ?= 8000
SERVE_HOST ?= 127.0.0.1
serve: site
	@node tools/serve/serve.js $(BUILD)/site $(PORT) --playground --host $(SERVE_HOST)

clean:
	rm -rf $(BUILD) $(CLEAN_DIRS)
