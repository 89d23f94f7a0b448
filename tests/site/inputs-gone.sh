#!/bin/sh
# inputs-gone.sh - deleting or renaming a page, an example or a lab, then running `make`, removes its
# outputs and every link and index entry to it. Works on a scratch clone that starts from a copy of this
# tree's build/ (run `make` first): build/ is touched so it is newer than the fresh checkout, and each
# step is a real incremental `make`.
#   page      a new page is built and linked from the sidebar; renamed, then deleted, nothing of its old
#             name is left in build/site (outputs, sidebar, search index, sitemap, print.html); a page
#             other pages link to (further-reading) deleted with its links: nothing of it either
#   example   EXAMPLE (default store-fusing/shutdown) and its blocks deleted: nothing of it in build/data,
#             build/site or evidence.json
#   lab       LAB (default which-access) deleted from $LABS/ (default labs/) and labs.conf with its page:
#             nothing of lab/<name> or labs/<name>.html in build/data or build/site
# usage: inputs-gone.sh   (env: EXAMPLE, LAB, LABS)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
example=${EXAMPLE:-store-fusing/shutdown} lab=${LAB:-which-access} labs=${LABS:-labs}
tmp=$(mktemp -d /tmp/inputs-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "tests/site/inputs-gone.sh: $*"
    [ -f "$tmp/make.log" ] && tail -n 30 "$tmp/make.log"
    exit 1
}
[ -f "$top/build/site/index.html" ] || fail "no build/site in $top: run make first"

git clone -q "$top" "$tmp/p"
(cd "$top" && git diff HEAD --binary) >"$tmp/wip.diff"
if [ -s "$tmp/wip.diff" ]; then (cd "$tmp/p" && git apply "$tmp/wip.diff"); fi
# Not the outputs of the tests (build/check, build/lab/test, build/test-artifacts, build/dist), which
# other suites of `make check` are writing meanwhile. The compile caches (content-keyed, ten thousand
# files) are this tree's, linked: a change to labs.conf makes every lab's data again, from the cache
# as in a developer's tree.
(cd "$top" && tar cf - --exclude=build/test-artifacts --exclude=build/dist --exclude=build/check \
    --exclude=build/lab/test --exclude=build/cache/asm --exclude=build/cache/wasm build) | (cd "$tmp/p" && tar xf -)
for c in asm wasm; do [ ! -d "$top/build/cache/$c" ] || ln -s "$top/build/cache/$c" "$tmp/p/build/cache/$c"; done
# One time for every file: touched one by one, a target could end up older than a prerequisite touched
# after it (the native tool than its objects: every native cell redone, without the compile cache)
now=$(date +%s)
find "$tmp/p/build" -exec touch -h -d "@$now" {} +
# (native-check's report is written by `make check`, not by `make`: not an output of the build)
rm -f "$tmp/p/build/data/native/crosscheck.json" "$tmp/p/build/data/native/crosscheck.md"
cd "$tmp/p"
mk() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL SETUP_DONE=1 make -j2 >"$tmp/make.log" 2>&1 || fail "make failed ($1)"
}
# unlink NAME.md: [text](…/NAME.md#x) becomes text in every page
unlink_page() {
    find content -name '*.md' -exec sed -i "s#\[\([^]]*\)\](\([^)]*/\)\{0,1\}$1\.md\(\#[^)]*\)\{0,1\})#\1#g" {} +
}
# absent WHAT PATTERN DIR...: no file path and no file text under DIR has the fixed string PATTERN (an
# empty directory left in build/data is no output: the site is built from files)
absent() {
    what=$1 pattern=$2
    shift 2
    hits=$(find "$@" -type f -path "*$pattern*" 2>/dev/null | head -n 3)
    [ -z "$hits" ] || fail "$what: still there: $hits"
    hits=$(grep -rlF -- "$pattern" "$@" 2>/dev/null | head -n 3 || true)
    [ -z "$hits" ] || fail "$what: '$pattern' still in: $hits"
}

# A new page, to see it built and listed; at the end it is renamed, then deleted, each time with nothing
# else changing, so that only the set of pages tells make.
cat >content/zz-scratch.md <<'MD'
---
title: Scratch page
order: 9990
summary: A page the test adds, renames and deletes.
section: Reference
---

A page of the scratch clone only.

```quiz
Q: Is this page here to stay?
A: No.
```
MD
mk "page added"
[ -f build/site/zz-scratch.html ] || fail "page added: no build/site/zz-scratch.html"
grep -qF 'zz-scratch.html' build/site/index.html || fail "page added: index.html does not link it: the test proves nothing"

# One make for: a page other pages link to deleted with the links to it; an example deleted with the
# blocks that show it (```example and its outcome quiz); a lab deleted: its folder, its line in labs.conf,
# its page and the links to it.
rm content/further-reading.md
unlink_page further-reading
[ -f "examples/$example.c" ] || fail "no examples/$example.c (set EXAMPLE)"
rm "examples/$example.c"
for f in $(grep -rlx -- "$example" content; grep -rl -- "outcomes: $example " content); do
    # drop each fenced block with a line that is the id or starts with "outcomes: <id> "
    awk -v id="$example" '
        /^```/ && !open { open = 1; n = 0; b[++n] = $0; next }
        open { b[++n] = $0; if ($0 == id || index($0, "outcomes: " id " ") == 1) drop = 1
               if ($0 ~ /^```/) { if (!drop) for (i = 1; i <= n; i++) print b[i]; open = drop = 0 } next }
        { print }' "$f" >"$f.new" && mv "$f.new" "$f"
done
# ... and the sentences that state a fact of its data (`seen: <id>...` spans, which must name an
# example that exists: a writer deleting one rewrites them; here they become plain words)
find content -name '*.md' -exec sed -i "s#\`seen: $example[^\`]*\`#a fact of a deleted example#g" {} +
[ -d "$labs/$lab" ] || fail "no $labs/$lab (set LAB, LABS)"
rm -r "${labs:?}/$lab" "content/labs/$lab.md"
if [ -f "$labs/labs.conf" ]; then sed -i "/^lab[[:space:]]\{1,\}$lab\([[:space:]]\|\$\)/d" "$labs/labs.conf"; fi
unlink_page "$lab"
mk "deleted"
absent "linked page deleted" further-reading build/site
absent "example deleted" "$example" build/data build/site
absent "lab deleted" "lab/$lab" build/data build/site
absent "lab deleted" "labs/$lab.html" build/site

mv content/zz-scratch.md content/zz-renamed.md
mk "page renamed"
[ -f build/site/zz-renamed.html ] || fail "page renamed: no build/site/zz-renamed.html"
absent "page renamed" zz-scratch build/site
rm content/zz-renamed.md
mk "page deleted"
absent "page deleted" zz-renamed build/site
echo "inputs-test: deleted and renamed pages, examples and labs leave nothing behind"
