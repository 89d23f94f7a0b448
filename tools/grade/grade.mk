# tools/grade/grade.mk - grading a class: the gradebook, the class summary and the formats of the
# services schools grade with (tools/grade/README.md). Included by the top-level Makefile.
#   make gradescope LAB=<name> [UNSANDBOXED=1]  build/dist/gradescope-<name>.zip, Gradescope's autograder
#   make classroom LAB=<name>                   build/dist/classroom-<name>/, a GitHub Classroom template
#   make grade LAB=<name> SUBMISSIONS=<dir> [JOBS=n]   grade a class into build/grade/<name>/
#   make grade-test      the writers' tests, and both formats run as their services run them
.PHONY: grade grade-test gradescope classroom
grade: $(BUILD)/asm/asm-tool
	@test -n "$(LAB)" -a -n "$(SUBMISSIONS)" || { echo "usage: make grade LAB=<name> SUBMISSIONS=<dir> [JOBS=n]" >&2; exit 2; }
	@node tools/grade/grade.js $(LAB) $(SUBMISSIONS) $(if $(JOBS),-j $(JOBS))
gradescope: lab-kit
	@test -n "$(LAB)" || { echo "usage: make gradescope LAB=<name> [UNSANDBOXED=1]" >&2; exit 2; }
	@BUILD=$(BUILD) UNSANDBOXED=$(UNSANDBOXED) sh tools/grade/bundle.sh gradescope $(LAB) $(BUILD)/dist/gradescope-$(LAB).zip
classroom: lab-kit
	@test -n "$(LAB)" || { echo "usage: make classroom LAB=<name>" >&2; exit 2; }
	@BUILD=$(BUILD) sh tools/grade/bundle.sh classroom $(LAB) $(BUILD)/dist/classroom-$(LAB)

grade-test:
	@node --test tools/grade/tests/

CHECK_TARGETS += grade-test
