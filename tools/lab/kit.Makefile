# Makefile of the student lab kit (copied from tools/lab/kit.Makefile by `make lab-kit`).
# Needs the Debian packages of tools/setup/debian-packages.txt (sh tools/setup/install-deps.sh).
#   make lab-check LAB=<name>   grade labs/<name>/lab.c: PASS or FAIL, reason, witness, cost
#   make lab LAB=<name>         build/lab/<name>/site/labs/<name>.html from your current lab.c
# The course itself is prebuilt in course-site/ (open course-site/index.html).
.DEFAULT_GOAL := help
SHELL := /bin/sh
BUILD := build
export NODE_PATH := /usr/share/nodejs
SITE_DEPS :=
CHECK_TARGETS :=
BENCH_TARGETS :=
CLEAN_DIRS :=
include tools/lib/lib.mk
include tools/example/example.mk
include tools/model/model.mk
include tools/gen/gen.mk
include tools/asm/asm.mk
include tools/native/native.mk
include tools/lab/lab.mk
include tools/sandbox/sandbox.mk

.PHONY: help
help:
	@echo "labs: $(LAB_NAMES)"
	@echo "  make lab-check LAB=<name>   grade labs/<name>/lab.c"
	@echo "  make lab LAB=<name>         build the lab page from your current file"
	@echo "the course: course-site/index.html"
