# tools/setup/setup.mk - the installer's own test (the installer itself runs from the top-level Makefile).
#   make setup-test   a fresh clone builds with a pkg-config that works only once the installer has run
.PHONY: setup-test
setup-test:
	@sh tools/setup/tests/fresh-make.sh

CHECK_TARGETS += setup-test
