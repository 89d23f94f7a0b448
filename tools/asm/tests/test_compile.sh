#!/bin/sh
# test_compile.sh - compile.sh's cache (run by `make asm-unit-test`): a cell is compiled again when
# any of its cached files (.o, .dis, .intel on x86) is missing, and not when all are there; the
# object file stays in the cache beside the listing; a source the compiler rejects exits 3 with the
# compiler's diagnostics naming the file. Needs build/asm/asm-tool and gcc-12.
set -eu
tool=${ASM_TOOL:-build/asm/asm-tool}
t=$(mktemp -d "${TMPDIR:-/tmp}/asm-compile-test.XXXXXX")
trap 'rm -rf "$t"' EXIT
fail() { echo "test_compile.sh: $*" >&2; exit 1; }
run() { BUILD=$t ASM_TOOL=$tool ASM_CACHE=$t/cache ASM_TIMES_LOG=$t/times "$@"; }

run sh tools/asm/meta.sh lab/polling labs/polling/lab.c gcc-12/x86_64/O2
compiles() { : >"$t/times"; run bash tools/asm/compile.sh lab/polling; grep -c '^compile ' "$t/times" || true; }

[ "$(compiles)" = 1 ] || fail "a cold cache compiles the cell once"
for ext in o dis intel; do
	[ "$(find "$t/cache" -name "*.$ext" | wc -l)" = 1 ] || fail "the cache holds one .$ext"
done
[ -s "$t/data/asm/lab/polling/gcc-12/x86_64.json" ] || fail "no analysis written"
[ "$(compiles)" = 0 ] || fail "a warm cache compiles nothing"
for ext in dis intel o; do
	rm "$(find "$t/cache" -name "*.$ext")"
	[ "$(compiles)" = 1 ] || fail "a missing .$ext is made again (compiled once)"
	[ "$(find "$t/cache" -name "*.$ext" | wc -l)" = 1 ] || fail "the .$ext is back"
done

sed 's/need_to_stop = 1;/need_to_stp = 1;/' labs/polling/lab.c >"$t/typo.c"
run sh tools/asm/meta.sh lab/typo "$t/typo.c" gcc-12/x86_64/O2
rc=0
run bash tools/asm/compile.sh lab/typo 2>"$t/err" || rc=$?
[ $rc = 3 ] || fail "a compile error exits 3, not $rc"
grep -q "^$t/typo.c:[0-9]*:[0-9]*: error: .*need_to_stp" "$t/err" || fail "diagnostics name the file: $(cat "$t/err")"
echo "test_compile.sh: the compile cache and compile errors behave"
