# lint.mk - content lints: spell check, no copied 12-word runs of the article, a quiz on every page,
# glossary terms linked at first use. `make lint` checks the pages; `make lint-test` also runs the lints'
# own self-test first (part of `make check`).
LINT_DIR := tools/lint
LINT_ARTICLE := ../shared/seeds/000-article.md
LINT_PAGES = $(sort $(shell find content -name '*.md'))
LINT_GLOSSARY := content/glossary.md

.PHONY: lint lint-test lint-selftest
lint:
	@status=0; \
	python3 $(LINT_DIR)/spell.py $(LINT_DIR)/words.txt $(LINT_PAGES) || status=1; \
	python3 $(LINT_DIR)/shingles.py $(LINT_ARTICLE) $(LINT_PAGES) || status=1; \
	python3 $(LINT_DIR)/quizzes.py $(LINT_PAGES) || status=1; \
	if [ -f $(LINT_GLOSSARY) ]; then \
		python3 $(LINT_DIR)/glossary_links.py $(LINT_GLOSSARY) $(LINT_PAGES) || status=1; \
	else echo "$(LINT_GLOSSARY):1: missing glossary page"; status=1; fi; \
	if [ $$status -eq 0 ]; then echo "lint: $(words $(LINT_PAGES)) pages clean"; fi; \
	exit $$status

lint-selftest:
	@sh $(LINT_DIR)/selftest.sh $(LINT_ARTICLE)

lint-test: lint-selftest lint

CHECK_TARGETS += lint-test
