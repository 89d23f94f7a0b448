# tools/wasm/wasm.mk: the outcome explorer's build and tests. Included by the top-level Makefile.
#   build/data/outcomes/<id>.json        verified outcomes of every variant (schema: tools/wasm/README.md)
#   build/data/site/wasm/<id>.<v>.js     instrumented wasm + tables as a classic data script
#   build/cache/wasm/<hash>/             compiled modules, keyed by a hash of their inputs
#   make explore-test   re-explores every example and fails (file:line) on an expect.* disagreement
#   make wasm-test      node --test tools/wasm/tests (determinism, DPOR = naive, hangs, crashes, caps, ...)
#   make wasm-bench     schedules/s, cost of a step, DPOR vs naive, bytes per page
WASM_DIR := tools/wasm
# The examples tools/asm writes metadata for.
WASM_IDS := $(or $(ASM_IDS),$(patsubst examples/%.c,%,$(shell grep -rl '^/\*@example' examples --include='*.c' 2>/dev/null)))
WASM_OUTCOMES := $(WASM_IDS:%=$(BUILD)/data/outcomes/%.json)
# build/data's directories keyed by an example's id (tools/gen/prune-data.sh removes a gone id's files)
DATA_BY_ID += outcomes site/wasm
WASM_TOOL := $(WASM_DIR)/explore.js $(wildcard $(WASM_DIR)/lib/*.js) $(WASM_DIR)/runtime.js

# The site build writes what it found even when an expect line disagrees; explore-test is the gate.
$(BUILD)/data/outcomes/%.json: $(BUILD)/data/meta/%.json examples/include/course.h $(WASM_TOOL)
	@echo "[wasm] $*"
	@node $(WASM_DIR)/explore.js --build $(BUILD) --id $* --no-fail --quiet

# The metadata comes from tools/asm (its fragment has the rule for build/data/meta/<id>.json).
ifneq ($(wildcard tools/asm/asm.mk),)
SITE_DEPS += $(WASM_OUTCOMES)
endif

.PHONY: explore-test wasm-test wasm-bench
explore-test: $(WASM_OUTCOMES)
	@node $(WASM_DIR)/explore.js --build $(BUILD) --quiet $(addprefix --id ,$(WASM_IDS))

# the test files side by side, as many as there are cores: each has a scratch directory of its own, and
# the compile cache renames whole module directories in place (a module two files build at once is
# built twice, one copy kept); differential.test.js also explores in a worker per core
wasm-test: $(BUILD)/asm/asm-tool
	@node --test --test-concurrency=$(shell nproc) $(WASM_DIR)/tests/

wasm-bench: $(WASM_OUTCOMES)
	@node $(WASM_DIR)/bench.js --build $(BUILD)

CHECK_TARGETS += explore-test wasm-test
BENCH_TARGETS += wasm-bench
