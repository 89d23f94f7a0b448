# tools/lab/lab.mk - classroom labs: the autograder, the one-lab page build, the student kit, the
# teacher's archive and the offline site archive (tools/lab/README.md). Included by the top-level
# Makefile after tools/asm/asm.mk, tools/gen/gen.mk and tools/wasm/wasm.mk; the student kit's own
# Makefile includes it too.
#   make lab LAB=<name> [FILE=path]        build/lab/<name>/site/ from the student's current file
#   make lab-check [LAB=<name>] [FILE=...]  grade one lab (or every lab's lab.c); exit 0 only on PASS
#   make lab-test                           the lab tests (every lab: solution, starter, wrong fixes, ...)
#   make lab-kit / lab-solutions / dist     build/dist/lab-kit.tar.gz, lab-solutions.tar.gz, course-site.tar.gz
LAB_DIR := tools/lab
LAB_JS := node $(LAB_DIR)/lab.js
LAB_TOOL_DEPS := $(wildcard $(LAB_DIR)/*.js $(LAB_DIR)/lib/*.js) labs/labs.conf
# every step on a lab file runs in the sandbox (tools/sandbox/sandbox.mk builds it); the AArch64
# cells are explored under Armv8 by the native explorer (tools/native/native.mk builds it)
LAB_NEEDS := $(BUILD)/asm/asm-tool $(BUILD)/bin/sitegen $(BUILD)/sandbox/sandbox $(BUILD)/native/native-tool

# LAB_NAMES and LAB_CELLS_<name> come from labs/labs.conf's one reader (tools/lab/lib/config.js),
# through a generated include that make remakes (after setup) and reads again.
LAB_MK := $(BUILD)/lab/labs.mk
ifeq ($(filter clean,$(MAKECMDGOALS)),)
-include $(LAB_MK)
endif
$(LAB_MK): labs/labs.conf $(LAB_DIR)/lib/config.js $(LAB_DIR)/lab.js $(SETUP_STAMP)
	@mkdir -p $(@D) && $(LAB_JS) make > $@.tmp && mv $@.tmp $@

# The full site's lab pages embed the starter (`lab/<name>`): a single-variant example built by the
# course's own rules on the lab's cells (examples/README.md). Its outcomes come from wasm.mk's rule.
LAB_METAS := $(LAB_NAMES:%=$(BUILD)/data/meta/lab/%.json)
LAB_DONES := $(LAB_NAMES:%=$(BUILD)/data/asm/lab/%.done)
LAB_PAGES := $(LAB_NAMES:%=$(BUILD)/data/examples/lab/%.json)
$(LAB_METAS): $(BUILD)/data/meta/lab/%.json: labs/%/lab.c labs/labs.conf $(BUILD)/asm/asm-tool \
		examples/targets.conf tools/asm/meta.sh
	@echo "[meta] labs/$*/lab.c"
	@BUILD=$(BUILD) sh tools/asm/meta.sh lab/$* labs/$*/lab.c $(LAB_CELLS_$*)
$(LAB_DONES): $(BUILD)/data/asm/lab/%.done: $(BUILD)/data/meta/lab/%.json $(ASM_CONF_DEPS)
	@echo "[asm] lab/$*"
	@BUILD=$(BUILD) bash tools/asm/compile.sh lab/$*
	@touch $@
$(LAB_PAGES): $(BUILD)/data/examples/lab/%.json: $(BUILD)/data/asm/lab/%.done
	@$(BUILD)/asm/asm-tool collect examples/targets.conf $(BUILD)/data --no-evidence lab/$*
ifneq ($(wildcard tools/wasm/wasm.mk),)
# the starter's outcomes: its expectations fail by design (the student's task), so nothing is reported
LAB_OUTCOMES := $(LAB_NAMES:%=$(BUILD)/data/outcomes/lab/%.json)
$(LAB_OUTCOMES): $(BUILD)/data/outcomes/lab/%.json: $(BUILD)/data/meta/lab/%.json examples/include/course.h $(WASM_TOOL)
	@echo "[wasm] lab/$*"
	@node $(WASM_DIR)/explore.js --build $(BUILD) --id lab/$* --silent --quiet
SITE_DEPS += $(LAB_PAGES) $(LAB_OUTCOMES)
endif

# Each lab page's checker section (```lab-check```): the reference solution graded by the checker
# itself (lab.js reference-page, in the work directory build/lab/<name>/reference, whose caches it
# keeps); a solution that does not pass stops the build.
LAB_REF_CHECKS := $(LAB_NAMES:%=$(BUILD)/data/lab-check/lab/%.json)
LAB_REF_DEPS := $(LAB_NEEDS) $(LAB_TOOL_DEPS) $(LAB_DIR)/reference.json examples/include/course.h \
	examples/targets.conf tools/asm/compile.sh tools/asm/meta.sh tools/native/expect.js \
	$(wildcard tools/wasm/lib/*.js tools/sandbox/*.js tools/jslib/*.js) tools/wasm/runtime.js
$(LAB_REF_CHECKS): $(BUILD)/data/lab-check/lab/%.json: labs/%/solution.c $(LAB_REF_DEPS)
	@echo "[lab-check] labs/$*/solution.c"
	@$(LAB_JS) reference-page $* $@
SITE_DEPS += $(LAB_REF_CHECKS)
# build/data's directories keyed by an example's id (a lab's is lab/<name>; prune-data.sh)
DATA_BY_ID += lab-check

.PHONY: lab lab-check lab-test lab-kit lab-solutions dist
lab: $(LAB_NEEDS)
	@test -n "$(LAB)" || { echo "usage: make lab LAB=<name> [FILE=path]   (labs: $(LAB_NAMES))" >&2; exit 2; }
	@$(LAB_JS) page $(LAB) $(FILE)

lab-check: $(LAB_NEEDS)
	@if [ -n "$(LAB)" ]; then $(LAB_JS) check $(LAB) $(FILE); else \
	    status=0; for l in $(LAB_NAMES); do $(LAB_JS) check $$l || status=1; done; exit $$status; fi

# the three test files side by side, and labs.test.js grades the labs side by side (LAB_JOBS at a
# time, default: the cores); each lab's files, and the checker's tests, one after another
lab-test: $(LAB_NEEDS)
	@node --test --test-concurrency=$(or $(LAB_JOBS),$(shell nproc)) $(LAB_DIR)/tests/

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
