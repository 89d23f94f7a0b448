# tools/lint/lint.mk - the content lints, run by the generator on its own parse of the pages
# (`sitegen --lint`, tools/lint/README.md): spelling, no 12-word run copied from the article, a quiz on
# every page, glossary terms linked at first use.
#   make lint            lints every page under content/
#   make lint-test       the lints' self-test (each rule fails on a planted case), then make lint
#   make lint-shingles ARTICLE=path   rewrites tools/lint/article-shingles.txt from the article's text
LINT_DIR := tools/lint
LINT_SHINGLES := $(LINT_DIR)/article-shingles.txt
LINT_ARGS := --content content --config site/config.lua --words $(LINT_DIR)/words.txt \
	--shingles $(LINT_SHINGLES) --glossary content/glossary.md
LINT_TEST := $(GEN_ASAN)/tests/lint_test

.PHONY: lint lint-test lint-selftest lint-shingles
lint: $(SITEGEN)
	@$(SITEGEN) --lint $(LINT_ARGS)

$(GEN_ASAN)/tests/lint_test.o: $(LINT_DIR)/tests/lint_test.c
	@mkdir -p $(@D)
	@$(CC) $(filter-out -O2,$(GEN_CFLAGS)) $(GEN_SAN) -I$(GEN_DIR) -I$(GEN_DIR)/tests -c $< -o $@
$(LINT_TEST): $(GEN_ASAN)/tests/lint_test.o $(GEN_ASAN)/tests/testutil.o $(GEN_ASAN_OBJS)
	@$(CC) $(GEN_SAN) -o $@ $^ $(GEN_LIBS) -lcmocka

lint-selftest: $(LINT_TEST) $(GEN_ASAN)/sitegen
	@SITEGEN=$(GEN_ASAN)/sitegen GEN_FIXTURES=$(LINT_DIR)/tests/fixtures LINT_ARTICLE_SHINGLES=$(LINT_SHINGLES) \
	    $(LINT_TEST)

lint-test: lint-selftest
	@$(MAKE) --no-print-directory lint

lint-shingles: $(SITEGEN)
	@test -n "$(ARTICLE)" || { echo "usage: make lint-shingles ARTICLE=path/to/article.md" >&2; exit 2; }
	@$(SITEGEN) --shingle-hashes $(ARTICLE) >$(LINT_SHINGLES).tmp && mv $(LINT_SHINGLES).tmp $(LINT_SHINGLES)
	@echo "wrote $(LINT_SHINGLES) from $(ARTICLE)"

CHECK_TARGETS += lint-test

# Code lints over the C sources of tools/ and the JavaScript the site ships (tools/lint/code/*.sh, *.js):
# each is first run on its planted defect (tools/lint/code/tests/planted, copied out of tests/ so that
# the lint sees it) and must fail there, then on the tree, where it must pass.
#   make code-lint       no unchecked snprintf into a fixed array (snprintf.sh), no C function over 80
#                        lines besides the known ones still to split (long-functions.sh), no function
#                        over 80 lines in the JavaScript the site ships (long-functions-js.js)
CODE_LINTS := $(LINT_DIR)/code/snprintf.sh $(LINT_DIR)/code/long-functions.sh \
	$(LINT_DIR)/code/long-functions-js.js
.PHONY: code-lint
code-lint: $(SETUP_STAMP)
	@set -e; d=$$(mktemp -d); trap 'rm -rf "$$d"' EXIT; cp $(LINT_DIR)/code/tests/planted/*.[cj]* "$$d"/; \
	for l in $(CODE_LINTS); do \
		case $$l in *.js) run=node ;; *) run=sh ;; esac; \
		if $$run $$l "$$d" >/dev/null 2>&1; then echo "$$l: passed on its planted defect" >&2; exit 1; fi; \
		$$run $$l; \
	done
CHECK_TARGETS += code-lint

# JavaScript: ESLint (eslint.config.js) and prettier (.prettierrc.json, .prettierignore), npm test
# tooling pinned in package-lock.json and installed by tools/setup like Playwright. Both run from
# make format-check; make format-js rewrites the files prettier checks.
#   make js-lint         eslint over the site's scripts, the tools' and the tests' JavaScript
#   make js-format-check prettier --check over the same files
NODE_BIN := node_modules/.bin
.PHONY: js-lint js-format-check format-js
js-lint: $(SETUP_STAMP)
	@$(NODE_BIN)/eslint --max-warnings 0 . && echo "js-lint: eslint finds nothing"
js-format-check: $(SETUP_STAMP)
	@$(NODE_BIN)/prettier --check --log-level warn . && echo "js-format-check: the JavaScript follows .prettierrc.json"
format-js: $(SETUP_STAMP)
	@$(NODE_BIN)/prettier --write --log-level warn .
format-check: js-lint js-format-check code-lint
