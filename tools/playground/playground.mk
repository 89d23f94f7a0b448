# tools/playground/playground.mk - the playground of `make serve` (tools/playground/README.md): the
# server runs a reader's source through the course's own programs, every step in tools/sandbox.
#   make serve               the site and the playground on http://127.0.0.1:$(PORT)/ (SERVE_HOST=addr: another
#                            address; PLAYGROUND_HOSTS="name ...": the names it answers to there)
#   make playground-test     node:test: guards, the hostile corpus, runs (tools/playground/tests)
#   make playground-bench    medians of ten edits (part of `make bench`)
PG_DIR := tools/playground
PLAYGROUND_NEEDS := $(BUILD)/asm/asm-tool $(BUILD)/bin/sitegen $(BUILD)/sandbox/sandbox $(NATIVE_TOOL) $(LITMUS_TOOL) $(A64_TOOL)
serve: $(PLAYGROUND_NEEDS)
# the browser suite's playground pages run these too: made once before make check's suites start (a fresh
# clone's browser-test ran its playground test before a64-litmus-test had built a64-tool: bwrap could not
# find it, seen in the page's status)
CHECK_NEEDS += $(PLAYGROUND_NEEDS)

.PHONY: playground-test playground-bench
# one file at a time: each runs a server whose steps already use every core
playground-test: $(PLAYGROUND_NEEDS)
	@node --test --test-concurrency=1 $(PG_DIR)/tests/
playground-bench: $(PLAYGROUND_NEEDS)
	@node $(PG_DIR)/bench.js

CHECK_TARGETS += playground-test
BENCH_TARGETS += playground-bench
