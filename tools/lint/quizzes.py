#!/usr/bin/env python3
"""quizzes.py - fail when a course page has no quiz (a fenced block with info string `quiz`).

Usage: quizzes.py PAGE.md...  Prints path:line for each page without one; exit 1 if any.
"""
import sys

import mdtext


def main(argv):
    bad = 0
    for path in argv[1:]:
        lines = mdtext.split_lines(mdtext.read(path))
        if not any(info == 'quiz' for info, *_ in mdtext.fenced_blocks(lines)):
            print('%s:1: page has no quiz (add a ```quiz block)' % path)
            bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
