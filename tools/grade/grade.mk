# tools/grade/grade.mk - grading a class: the gradebook, the class summary and the formats of the
# services schools grade with (tools/grade/README.md). Included by the top-level Makefile.
#   make grade-test      the writers' tests on real grader results
.PHONY: grade-test
grade-test:
	@node --test tools/grade/tests/

CHECK_TARGETS += grade-test
