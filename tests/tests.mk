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
# build/check/browser-test.log), so that the short ones fill the gaps: the order of their wall times in
# a whole run on 2026-12-07 (BENCHMARKS.md); tso.test.js and native-tso.test.js, not listed before,
# started last and ended the suite alone.
BROWSER_TESTS := $(wildcard tests/browser/*.test.js)
BROWSER_FIRST := $(addprefix tests/browser/,site-axe.test.js tso.test.js playground.test.js site.test.js \
    example-view.test.js labs.test.js native-tso.test.js explorer.test.js learner.test.js disasm.test.js \
    notfound.test.js game.test.js native.test.js rules.test.js)
# (tests/browser/playground.test.js runs the playground: its programs first)
browser-test: $(PLAYGROUND_NEEDS)
	@node tests/browser/run.js $(foreach f,$(BROWSER_FIRST),$(filter $f,$(BROWSER_TESTS))) \
	    $(filter-out $(BROWSER_FIRST),$(BROWSER_TESTS))

CHECK_TARGETS += site-test browser-test
CLEAN_DIRS +=

# `make page-weight-bench` (in `make bench`): each page with an example on a first visit, every response
# body counted (no gzip, nothing cached), against issue 27's goals (tests/browser/weight.bench.js).
.PHONY: page-weight-bench
page-weight-bench:
	@nice node tests/browser/weight.bench.js
BENCH_TARGETS += page-weight-bench
