#!/usr/bin/env python3
"""shingles.py - fail when a course page repeats any 12-word run of the source article.

Usage: shingles.py ARTICLE PAGE.md...  Text is compared after lowercasing and turning every character that
is not a letter, digit or underscore into a word break, so punctuation, case and line wrapping do not hide a
copy. The whole page is compared, code included. Prints path:line for each copied run; exit 1 if any.
"""
import re
import sys

N = 12
WORD = re.compile(r'[a-z0-9_]+')


def words_with_lines(text):
    text = text.lower().replace('\u2019', "'")
    out, line, pos = [], 1, 0
    for m in WORD.finditer(text):
        line += text.count('\n', pos, m.start())
        pos = m.start()
        out.append((m.group(0), line))
    return out


def shingles(words):
    return {tuple(words[i:i + N]) for i in range(len(words) - N + 1)}


def main(argv):
    if len(argv) < 3:
        sys.stderr.write('usage: shingles.py ARTICLE PAGE.md...\n')
        return 2
    try:
        with open(argv[1], encoding='utf-8') as f:
            source = shingles([w for w, _ in words_with_lines(f.read())])
    except OSError as e:
        print('%s:1: cannot read the article to compare against: %s' % (argv[1], e.strerror))
        return 1
    bad = 0
    for path in argv[2:]:
        with open(path, encoding='utf-8') as f:
            words = words_with_lines(f.read())
        reported = set()
        for i in range(len(words) - N + 1):
            run = tuple(w for w, _ in words[i:i + N])
            line = words[i][1]
            if run in source and line not in reported:
                reported.add(line)
                bad += 1
                print('%s:%d: 12 words copied from the article: "%s"' % (path, line, ' '.join(run)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
