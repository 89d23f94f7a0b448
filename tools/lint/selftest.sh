#!/bin/sh
# selftest.sh - proves each content lint fails on a page that breaks its rule (with path:line) and passes
# on a page that keeps it. Usage: selftest.sh ARTICLE. Exit non-zero if any check misbehaves.
set -u
here=$(cd "$(dirname "$0")" && pwd)
article=$1
tmp=$(mktemp -d /tmp/lint-selftest.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fails=0

# expect_fail NAME PATTERN CMD...: CMD must exit non-zero and print a line matching PATTERN.
expect_fail() {
	name=$1 pattern=$2; shift 2
	if out=$("$@" 2>&1); then
		echo "selftest: $name: expected a failure, got success"; fails=$((fails + 1))
	elif ! printf '%s\n' "$out" | grep -q -- "$pattern"; then
		echo "selftest: $name: expected output matching '$pattern', got:"; printf '%s\n' "$out"
		fails=$((fails + 1))
	fi
}
expect_pass() {
	name=$1; shift
	if ! out=$("$@" 2>&1); then
		echo "selftest: $name: expected success, got:"; printf '%s\n' "$out"; fails=$((fails + 1))
	fi
}

cat >"$tmp/glossary.md" <<'MD'
---
title: Glossary
order: 1
summary: Terms.
---

## Data race

Two conflicting accesses at once.

## Plain access

An unmarked access.
MD

cat >"$tmp/good.md" <<'MD'
---
title: A good page
order: 2
summary: Nothing wrong here.
---

## Data race basics

A [data race](glossary.md#data-race) needs a store. A second data race
mention needs no link, and neither does `plain access` in code.

```c
int data_race_here; /* plain access in a code block */
```

```quiz
id: good-q
Q: Is this page correct?
(x) Yes.
  -> Right.
( ) No.
E: It keeps every rule.
```
MD

# A page that copies one sentence of the article (line 8), misspells a word (line 10), uses a glossary term
# without a link (line 10) and has no quiz.
first_sentence=$(grep -m1 '^When compiling' "$article" | cut -d' ' -f1-16)
cat >"$tmp/bad.md" <<MD
---
title: A bad page
order: 3
summary: Everything wrong here.
---

Some words of our own come first.
$first_sentence
Then more of our own.
A plain access is spelld wrongly here.
MD

expect_pass "shingles on a good page" "$here/shingles.py" "$article" "$tmp/good.md"
expect_fail "shingles on a copied sentence" "bad.md:8: 12 words copied" "$here/shingles.py" "$article" "$tmp/bad.md"
# Case, punctuation and line breaks must not hide a copy.
printf '%s\n' "$first_sentence" | tr 'a-z' 'A-Z' | sed 's/ /,\n  /4' >"$tmp/shuffled.md"
expect_fail "shingles ignore case, punctuation, wrapping" "shuffled.md:1:" "$here/shingles.py" "$article" "$tmp/shuffled.md"

expect_pass "spell on a good page" "$here/spell.py" "$here/words.txt" "$tmp/good.md"
expect_fail "spell on a misspelled word" 'bad.md:10: unknown word "spelld"' "$here/spell.py" "$here/words.txt" "$tmp/bad.md"
# Front-matter keys and code spans are skipped, but front-matter values are checked.
printf -- '---\ntitle: Teh title\norder: 1\nsummary: ok\n---\n\nUse `frobnicatex` here.\n' >"$tmp/front.md"
expect_fail "spell checks front-matter values" 'front.md:2: unknown word "Teh"' "$here/spell.py" "$here/words.txt" "$tmp/front.md"
if "$here/spell.py" "$here/words.txt" "$tmp/front.md" | grep -q frobnicatex; then
	echo "selftest: spell checked a code span"; fails=$((fails + 1))
fi

expect_pass "quizzes on a good page" "$here/quizzes.py" "$tmp/good.md"
expect_fail "quizzes on a page without one" "bad.md:1: page has no quiz" "$here/quizzes.py" "$tmp/bad.md"

expect_pass "glossary links on a good page" "$here/glossary_links.py" "$tmp/glossary.md" "$tmp/good.md"
expect_fail "glossary link missing" 'bad.md:10: first use of glossary term "Plain access"' \
	"$here/glossary_links.py" "$tmp/glossary.md" "$tmp/bad.md"
# A link to some other page does not count as a glossary link.
printf -- '---\ntitle: t\norder: 1\nsummary: s\n---\n\nSee [data races](other.md).\n' >"$tmp/other-link.md"
expect_fail "glossary term linked elsewhere" 'other-link.md:7: first use of glossary term "Data race"' \
	"$here/glossary_links.py" "$tmp/glossary.md" "$tmp/other-link.md"

if [ "$fails" -ne 0 ]; then
	echo "lint selftest: $fails failure(s)"; exit 1
fi
echo "lint selftest: all checks fail on bad pages and pass on good ones"
