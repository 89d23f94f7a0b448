#!/usr/bin/env python3
"""spell.py - spell check course pages with hunspell (en_US) plus the project word list.

Usage: spell.py WORDS.txt PAGE.md...  Checks prose, headings, quiz text and front-matter values; skips
front-matter keys, code spans, fenced code and example blocks, quiz ids and predicates, URLs and link
targets. Prints path:line: misspelled word for each; exit 1 if any.
"""
import subprocess
import sys

import mdtext


def check(path, words_path):
    text = mdtext.read(path)
    prose = mdtext.masked(text, keep_quiz_prose=True, keep_front_values=True)
    lines = prose.split('\n')
    # Pipe mode: one input line per page line ("^" keeps a line from being read as a command); each input
    # line answers with one result line per word and then an empty line.
    feed = ''.join('^' + l.replace('\t', ' ') + '\n' for l in lines)
    try:
        proc = subprocess.run(['hunspell', '-a', '-d', 'en_US', '-p', words_path], input=feed,
                              capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise SystemExit('%s:1: hunspell not found: install the Debian packages hunspell and hunspell-en-us' % path)
    if proc.returncode != 0:
        raise SystemExit('spell.py: hunspell failed: ' + proc.stderr.strip())
    out = proc.stdout.split('\n')[1:]  # the first line is the version banner
    problems, lineno = [], 1
    for row in out:
        if lineno > len(lines):
            break
        if row == '':
            lineno += 1
        elif row[0] in '&#':
            word = row.split()[1]
            problems.append('%s:%d: unknown word "%s" (fix it or add it to %s)' % (path, lineno, word, words_path))
    return problems


def main(argv):
    if len(argv) < 2:
        sys.stderr.write('usage: spell.py WORDS.txt PAGE.md...\n')
        return 2
    problems = []
    for path in argv[2:]:
        problems += check(path, argv[1])
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
