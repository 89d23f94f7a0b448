# Site and browser tests (tests/README in the top-level README lists the commands).
#   make site-test     checker self-tests, then every link/#anchor in build/site resolves and every
#                      page passes `tidy -q -e` (allowed warnings are listed in tests/site/check-tidy.js)
#   make browser-test  node --test tests/browser/*.test.js: Playwright + Debian's chromium, over
#                      http (harness's own server) and file://; screenshots in build/test-artifacts/
# Both run against an already built build/site (`make check` builds it first).
.PHONY: site-test site-test-selftest browser-test

SITE_TEST_DIR := $(BUILD)/site

site-test-selftest:
	@node --test $(wildcard tests/site/*.test.js)

site-test: site-test-selftest
	@node tests/site/check-links.js $(SITE_TEST_DIR)
	@node tests/site/check-tidy.js $(SITE_TEST_DIR)

browser-test:
	@node --test --test-concurrency=1 $(wildcard tests/browser/*.test.js)

CHECK_TARGETS += site-test browser-test
CLEAN_DIRS +=
