#!/usr/bin/env python3
"""glossary_links.py - every glossary term used on a page is linked to the glossary at its first use.

Usage: glossary_links.py GLOSSARY.md PAGE.md...  The terms are the glossary's h2 and h3 headings. On each
other page, the first use of a term in prose (not in headings, code, fenced blocks or front matter; a plural
"s"/"es" counts as a use) must lie inside the text of a link whose target is the glossary page. Prints
path:line for each term whose first use is not linked; exit 1 if any.
"""
import os
import re
import sys

import mdtext


def terms(glossary_path):
    out = []
    for line in mdtext.split_lines(mdtext.read(glossary_path)):
        m = re.match(r'^#{2,3}\s+(.+?)\s*#*\s*$', line)
        if m:
            out.append(m.group(1))
    return out


def term_pattern(term):
    words = [re.escape(w) for w in term.split()]
    return re.compile(r'(?<![\w-])' + r'\s+'.join(words) + r'(?:s|es)?(?![\w])', re.I)


def check_page(path, glossary_path, term_list):
    text = mdtext.read(path)
    prose = mdtext.masked(text, keep_headings=False)
    glossary_name = os.path.basename(glossary_path)
    links = mdtext.links(prose, text)
    problems = []
    for term in term_list:
        m = term_pattern(term).search(prose)
        if not m:
            continue
        ok = any(start <= m.start() and m.end() <= end
                 and target.split('#')[0].split('/')[-1] == glossary_name
                 for start, end, target in links)
        if not ok:
            problems.append('%s:%d: first use of glossary term "%s" is not linked to the glossary '
                            '(write [%s](%s#%s))' % (path, mdtext.line_of(text, m.start()), term,
                                                     m.group(0), glossary_name, slug(term)))
    return problems


def slug(text):
    return re.sub(r'[^a-z0-9]+', '-', text.lower()).strip('-')


def main(argv):
    if len(argv) < 2:
        sys.stderr.write('usage: glossary_links.py GLOSSARY.md PAGE.md...\n')
        return 2
    glossary_path = argv[1]
    term_list = terms(glossary_path)
    if not term_list:
        print('%s:1: no glossary terms (h2/h3 headings) found' % glossary_path)
        return 1
    problems = []
    for path in argv[2:]:
        if os.path.abspath(path) != os.path.abspath(glossary_path):
            problems += check_page(path, glossary_path, term_list)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
