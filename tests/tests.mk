# Site and browser tests (tests/README in the top-level README lists the commands).
#   make site-test     checker self-tests, then every link/#anchor in build/site resolves and every
#                      page passes `tidy -q -e` (allowed warnings are listed in tests/site/check-tidy.js)
#   make browser-test  tests/browser/*.test.js: Playwright + Debian's chromium, over http (harness's
#                      own server) and file://; with BROWSER_SHOTS=1 (`BROWSER_SHOTS=1 make browser-test`)
#                      also screenshots for a human in build/test-artifacts/ (none by default: no test
#                      reads them, and full-page ones cost 3-4 CPU-s each). tests/browser/run.js
#                      starts one chromium for all the files and runs them side by side (BROWSER_JOBS at
#                      a time, default: the cores); a file's h.open() connects to it (harness.js), so a
#                      new *.test.js file gets the shared browser by using the harness as usual.
# Both run against an already built build/site (`make check` builds it first).
.PHONY: site-test site-test-selftest browser-test

SITE_TEST_DIR := $(BUILD)/site

site-test-selftest:
	@node --test $(wildcard tests/site/*.test.js)

site-test: site-test-selftest
	@node tests/site/check-links.js $(SITE_TEST_DIR)
	@node tests/site/check-tidy.js $(SITE_TEST_DIR)

# The longest files first (run.js keeps this order and prints each file's wall time at the end of
# build/check/browser-test.log), so that the short ones fill the gaps.
BROWSER_TESTS := $(wildcard tests/browser/*.test.js)
BROWSER_FIRST := $(addprefix tests/browser/,site-axe.test.js site.test.js playground.test.js example-view.test.js labs.test.js explorer.test.js disasm.test.js)
browser-test:
	@node tests/browser/run.js $(foreach f,$(BROWSER_FIRST),$(filter $f,$(BROWSER_TESTS))) \
	    $(filter-out $(BROWSER_FIRST),$(BROWSER_TESTS))

CHECK_TARGETS += site-test browser-test
CLEAN_DIRS +=
