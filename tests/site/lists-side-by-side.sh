#!/bin/sh
# lists-side-by-side.sh - makes run side by side in one tree never break each other's input lists.
# `make check` runs suites that call make in this tree at the same time (the grader's classroom, the lab
# kit, the playground), and every make rewrites each build/inputs/*.list it reads (tools/gen/gen.mk).
# Here ROUNDS rounds of JOBS makes at once ask for the lists; any make that fails fails the test (a
# list written under one shared temporary name did: "mv: cannot stat '....list.new'"), and no temporary
# file may be left beside the lists. Each make is a make of its own (not a sub-make of the caller's, whose
# job server it would warn about). Run `make` first.
# usage: lists-side-by-side.sh   (env: ROUNDS, default 6; JOBS, default 6)
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
rounds=${ROUNDS:-6} jobs=${JOBS:-6}
lists="build/inputs/examples.list build/inputs/site.list"
tmp=$(mktemp -d /tmp/lists-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cd "$top"
r=0
while [ "$r" -lt "$rounds" ]; do
    i=0
    while [ "$i" -lt "$jobs" ]; do
        (env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory $lists >"$tmp/$r.$i.log" 2>&1 ||
            echo "exit $?" >>"$tmp/$r.$i.log") &
        i=$((i + 1))
    done
    wait
    r=$((r + 1))
done
bad=$(grep -l . "$tmp"/*.log || true)
if [ -n "$bad" ]; then
    echo "tests/site/lists-side-by-side.sh: makes run side by side failed:"
    cat $bad | sort | uniq -c | head -n 20
    exit 1
fi
left=$(ls build/inputs | grep -v '\.list$' || true)
[ -z "$left" ] || { echo "tests/site/lists-side-by-side.sh: left in build/inputs: $left"; exit 1; }
echo "lists-side-by-side: $((rounds * jobs)) makes, $jobs at a time: ok"
