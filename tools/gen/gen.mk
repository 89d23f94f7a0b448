# tools/gen/gen.mk: builds the static-site generator (build/bin/sitegen), runs it for `make site`,
# and provides gen-test (cmocka, under ASan/UBSan) and gen-bench. Included by the top-level Makefile.

GEN_DIR := tools/gen
GEN_OBJ := $(BUILD)/obj/gen
SITEGEN := $(BUILD)/bin/sitegen
GEN_PKGS := libcmark-gfm lua5.4 jansson source-highlight libxxhash hunspell
GEN_PKG_CFLAGS := $(shell pkg-config --cflags $(GEN_PKGS) 2>/dev/null)
GEN_PKG_LIBS := $(shell pkg-config --libs $(GEN_PKGS) 2>/dev/null)
GEN_WARN := -Wall -Wextra -Werror
GEN_CFLAGS := -std=c11 $(GEN_WARN) -O2 -g -I$(CLIB_DIR) $(GEN_PKG_CFLAGS) -MMD -MP
GEN_CXXFLAGS := -std=c++17 $(GEN_WARN) -O2 -g -I$(CLIB_DIR) -MMD -MP
GEN_LIBS := $(GEN_PKG_LIBS) -lstdc++

GEN_LIB_SRCS := $(filter-out $(GEN_DIR)/main.c,$(wildcard $(GEN_DIR)/*.c))
# allocation, buffers and file reading: tools/lib (one implementation for every C tool)
GEN_LIB_OBJS := $(patsubst $(GEN_DIR)/%.c,$(GEN_OBJ)/%.o,$(GEN_LIB_SRCS)) $(GEN_OBJ)/highlight.o \
	$(patsubst $(CLIB_DIR)/%.c,$(GEN_OBJ)/lib/%.o,$(CLIB_SRCS))

$(GEN_OBJ)/%.o: $(GEN_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(GEN_CFLAGS) -c $< -o $@
$(GEN_OBJ)/lib/%.o: $(CLIB_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(GEN_CFLAGS) -c $< -o $@
$(GEN_OBJ)/highlight.o: $(GEN_DIR)/highlight.cc
	@mkdir -p $(@D)
	@$(CXX) $(GEN_CXXFLAGS) -c $< -o $@
$(SITEGEN): $(GEN_LIB_OBJS) $(GEN_OBJ)/main.o
	@mkdir -p $(@D)
	@$(CC) -o $@ $^ $(GEN_LIBS)
	@echo "built $@"

# The same code built with the sanitizers, for the tests.
GEN_ASAN := $(GEN_OBJ)/asan
GEN_SAN := $(SAN_FLAGS) -g -O1
GEN_ASAN_OBJS := $(patsubst $(GEN_OBJ)/%.o,$(GEN_ASAN)/%.o,$(GEN_LIB_OBJS))
$(GEN_ASAN)/%.o: $(GEN_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(GEN_CFLAGS)) $(GEN_SAN) -c $< -o $@
$(GEN_ASAN)/lib/%.o: $(CLIB_DIR)/%.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(GEN_CFLAGS)) $(GEN_SAN) -c $< -o $@
$(GEN_ASAN)/highlight.o: $(GEN_DIR)/highlight.cc
	@mkdir -p $(@D)
	@$(CXX) $(filter-out -O2,$(GEN_CXXFLAGS)) $(GEN_SAN) -c $< -o $@
$(GEN_ASAN)/sitegen: $(GEN_ASAN_OBJS) $(GEN_ASAN)/main.o
	@$(CC) $(GEN_SAN) -o $@ $^ $(GEN_LIBS)
$(GEN_ASAN)/tests/%.o: $(GEN_DIR)/tests/%.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(GEN_CFLAGS)) $(GEN_SAN) -I$(GEN_DIR) -c $< -o $@

GEN_TESTS := $(patsubst $(GEN_DIR)/tests/%.c,%,$(wildcard $(GEN_DIR)/tests/test_*.c))
GEN_TEST_BINS := $(addprefix $(GEN_ASAN)/tests/,$(GEN_TESTS))
$(GEN_ASAN)/tests/test_%: $(GEN_ASAN)/tests/test_%.o $(GEN_ASAN)/tests/testutil.o $(GEN_ASAN_OBJS)
	@$(CC) $(GEN_SAN) -o $@ $^ $(GEN_LIBS) -lcmocka

.PRECIOUS: $(GEN_ASAN)/tests/%.o
.PHONY: gen-test gen-bench
gen-test: $(GEN_TEST_BINS) $(GEN_ASAN)/sitegen
	@set -e; for t in $(GEN_TEST_BINS); do \
	    SITEGEN=$(GEN_ASAN)/sitegen GEN_FIXTURES=$(GEN_DIR)/tests/fixtures $$t; done

gen-bench: $(SITEGEN)
	@sh $(GEN_DIR)/bench.sh

CHECK_TARGETS += gen-test
BENCH_TARGETS += gen-bench

# Input lists. $(BUILD)/inputs/<name>.list holds the names in INPUT_LIST_<name> and is rewritten only
# when that set changes: a rule that depends on it runs again when an input is added, removed or renamed
# (its other prerequisites list only the files that exist, so make would not see a file go). When the
# list changed, the command in INPUT_PRUNE_<name> (if any) removes what was built from the inputs gone.
# Tests run make in this tree side by side (the grader's classroom, the lab kit, the playground), and each
# make rewrites every list it reads, so the new list is written under a name of this make's own (its
# process id) and renamed into place: two makes never write or remove each other's file.
.PHONY: FORCE
FORCE:
MAKE_PID := $(shell echo $$PPID)
$(BUILD)/inputs/%.list: FORCE
	@$(shell mkdir -p $(@D))$(file >$@.$(MAKE_PID).new,$(INPUT_LIST_$*))if cmp -s $@.$(MAKE_PID).new $@; \
	    then rm -f $@.$(MAKE_PID).new; else $(INPUT_PRUNE_$*) mv $@.$(MAKE_PID).new $@; fi

# `make site`: runs only when an input changed (the stamp records the last successful run). build/data
# comes from the rules in SITE_DEPS; the sources are listed here.
SITE_STAMP := $(BUILD)/cache/sitegen.stamp
SITE_INPUTS = $(shell find content site/templates site/static site/config.lua -type f 2>/dev/null)
INPUT_LIST_site = $(sort $(SITE_INPUTS))
SITE_MISSING = $(if $(wildcard $(BUILD)/site/index.html),,gen-force)
.PHONY: gen-force
gen-force:
site: $(SITE_STAMP)
	@:
.SECONDEXPANSION:
$(SITE_STAMP): $(SITEGEN) $(BUILD)/inputs/site.list $$(SITE_DEPS) $$(SITE_INPUTS) $$(SITE_MISSING)
	@$(SITEGEN) --content content --templates site/templates --static site/static --data $(BUILD)/data \
	    --config site/config.lua --out $(BUILD)/site --state $(BUILD)/cache/sitegen.state
	@mkdir -p $(@D) && touch $@

-include $(wildcard $(GEN_OBJ)/*.d $(GEN_OBJ)/lib/*.d $(GEN_ASAN)/*.d $(GEN_ASAN)/lib/*.d $(GEN_ASAN)/tests/*.d)
