# tools/lab/lab.mk - classroom labs: the autograder, the one-lab page build, the student kit, the
# teacher's archive and the offline site archive (tools/lab/README.md). Included by the top-level
# Makefile after tools/asm/asm.mk, tools/gen/gen.mk and tools/wasm/wasm.mk; the student kit's own
# Makefile includes it too.
#   make lab LAB=<name> [FILE=path]        build/lab/<name>/site/ from the student's current file
#   make lab-check [LAB=<name>] [FILE=...]  grade one lab (or every lab's lab.c); exit 0 only on PASS
#   make lab-test                           the lab tests (every lab: solution, starter, wrong fixes, ...)
#   make lab-kit / lab-solutions / dist     build/dist/lab-kit.tar.gz, lab-solutions.tar.gz, course-site.tar.gz
LAB_DIR := tools/lab
LAB_NAMES := $(shell awk '$$1 == "lab" { print $$2 }' labs/labs.conf)
LAB_JS := node $(LAB_DIR)/lab.js
LAB_TOOL_DEPS := $(wildcard $(LAB_DIR)/*.js $(LAB_DIR)/lib/*.js) labs/labs.conf
LAB_NEEDS := $(BUILD)/asm/asm-tool $(BUILD)/bin/sitegen

# The full site's lab pages embed the starter's example (`lab/<name>`): its data goes to build/data.
LAB_SITE_STAMPS := $(LAB_NAMES:%=$(BUILD)/lab/site-data/%.stamp)
$(BUILD)/lab/site-data/%.stamp: labs/%/lab.c $(LAB_TOOL_DEPS) $(BUILD)/asm/asm-tool \
		examples/targets.conf examples/include/course.h
	@$(LAB_JS) site-data $* $(BUILD)/data
	@mkdir -p $(@D) && touch $@
SITE_DEPS += $(LAB_SITE_STAMPS)
# Lab files are not course examples: keep the example pipelines' rules for them out of the site build.
SITE_DEPS := $(filter-out $(BUILD)/data/outcomes/labs/% $(BUILD)/data/meta/labs/% $(BUILD)/data/examples/labs/%,$(SITE_DEPS))

.PHONY: lab lab-check lab-test lab-kit lab-solutions dist
lab: $(LAB_NEEDS)
	@test -n "$(LAB)" || { echo "usage: make lab LAB=<name> [FILE=path]   (labs: $(LAB_NAMES))" >&2; exit 2; }
	@$(LAB_JS) page $(LAB) $(FILE)

lab-check: $(LAB_NEEDS)
	@if [ -n "$(LAB)" ]; then $(LAB_JS) check $(LAB) $(FILE); else \
	    status=0; for l in $(LAB_NAMES); do $(LAB_JS) check $$l || status=1; done; exit $$status; fi

lab-test: $(LAB_NEEDS)
	@node --test --test-concurrency=1 $(LAB_DIR)/tests/

lab-kit: $(BUILD)/dist/lab-kit.tar.gz
lab-solutions: $(BUILD)/dist/lab-solutions.tar.gz
dist: $(BUILD)/dist/course-site.tar.gz

$(BUILD)/dist/lab-kit.tar.gz: site $(LAB_DIR)/kit.sh
	@BUILD=$(BUILD) sh $(LAB_DIR)/kit.sh kit $@
$(BUILD)/dist/lab-solutions.tar.gz: $(LAB_DIR)/kit.sh
	@BUILD=$(BUILD) sh $(LAB_DIR)/kit.sh solutions $@
$(BUILD)/dist/course-site.tar.gz: site $(LAB_DIR)/kit.sh
	@BUILD=$(BUILD) sh $(LAB_DIR)/kit.sh site $@
.PHONY: $(BUILD)/dist/lab-kit.tar.gz $(BUILD)/dist/lab-solutions.tar.gz $(BUILD)/dist/course-site.tar.gz

CHECK_TARGETS += lab-test
