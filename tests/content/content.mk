# Content tests: corrected statements of the pages stay corrected (tests/content/facts.test.js reads
# content/, examples/ and build/data; run after the site is built, as `make check` does).
.PHONY: content-test

content-test:
	@BUILD=$(BUILD) node --test tests/content/

CHECK_TARGETS += content-test
