# tools/grade/grade.mk - grading a class: the gradebook, the class summary and the formats of the
# services schools grade with (tools/grade/README.md). Included by the top-level Makefile.
#   make gradescope LAB=<name> [UNSANDBOXED=1]  build/dist/gradescope-<name>.zip, Gradescope's autograder
#   make classroom LAB=<name>                   build/dist/classroom-<name>/, a GitHub Classroom template
#   make grade LAB=<name> SUBMISSIONS=<dir> [JOBS=n] [GRADE_OUT=dir] [GRADE_LIMITS=json]
#                        grade a class into build/grade/<name>/ (or GRADE_OUT); GRADE_LIMITS: tighter
#                        sandbox limits per step (tests)
#   make grade-batch-test   50 generated submissions graded to the expected gradebook (heavy)
#   make grade-test      the writers' tests, and both formats run as their services run them
#   make grade-bench     throughput on 2 jobs, sandboxed and unsandboxed side by side (BENCHMARKS.md)
.PHONY: grade grade-test grade-batch-test grade-bench gradescope classroom
grade: $(LAB_NEEDS)
	@test -n "$(LAB)" -a -n "$(SUBMISSIONS)" || { echo "usage: make grade LAB=<name> SUBMISSIONS=<dir> [JOBS=n]" >&2; exit 2; }
	@node tools/grade/grade.js $(LAB) $(SUBMISSIONS) $(if $(JOBS),-j $(JOBS)) $(if $(GRADE_OUT),--out $(GRADE_OUT)) \
	    $(if $(GRADE_LIMITS),--limits '$(GRADE_LIMITS)')
gradescope: lab-kit
	@test -n "$(LAB)" || { echo "usage: make gradescope LAB=<name> [UNSANDBOXED=1]" >&2; exit 2; }
	@BUILD=$(BUILD) UNSANDBOXED=$(UNSANDBOXED) sh tools/grade/bundle.sh gradescope $(LAB) $(BUILD)/dist/gradescope-$(LAB).zip
classroom: lab-kit
	@test -n "$(LAB)" || { echo "usage: make classroom LAB=<name>" >&2; exit 2; }
	@BUILD=$(BUILD) sh tools/grade/bundle.sh classroom $(LAB) $(BUILD)/dist/classroom-$(LAB)

# the test files side by side (the two services' formats are the long ones)
grade-test: $(LAB_NEEDS)
	@node --test --test-concurrency=$(shell nproc) tools/grade/tests/

# 50 generated submissions (right, wrong in known ways, hostile) through `make grade`: minutes, not in
# make check
grade-batch-test: $(LAB_NEEDS)
	@node --test tools/grade/tests/batch50.js

# throughput on 2 jobs, sandboxed and not, side by side (BENCHMARKS.md)
grade-bench: $(LAB_NEEDS)
	@node tools/grade/bench.js $(or $(GRADE_BENCH_N),12) $(or $(GRADE_BENCH_ROUNDS),2)

CHECK_TARGETS += grade-test
BENCH_TARGETS += grade-bench
