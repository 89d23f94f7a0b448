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
