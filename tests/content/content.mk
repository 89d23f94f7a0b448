# Content tests: corrected statements of the pages stay corrected (tests/content/facts.test.js reads
# content/, examples/ and build/data; run after the site is built, as `make check` does). What has a
# format of its own comes from its one reader: pages from sitegen --page-json, the matrix from
# asm-tool matrix --json, an example's block from build/data/meta (tests/content/lib/facts.js).
.PHONY: content-test

content-test: $(SITEGEN) $(ASM_TOOL)
	@BUILD=$(BUILD) node --test tests/content/

CHECK_TARGETS += content-test
