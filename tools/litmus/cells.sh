#!/bin/sh
# cells.sh TESTS_DIR OUT JOBS MODEL TARGET... - the project's litmus tests that are not course
# examples, compiled for AArch64 and explored under Armv8, so that the Litmus tests page checks
# every one of them on every AArch64 cell (tools/litmus/README.md, "Every project test on AArch64").
# The converter's example of each test (litmus-tool import into OUT/import), cut to its fixed
# variant (the test as written: unifdef, and the header's plain lines dropped, into OUT/src) goes
# through the course's own steps on the AArch64 cells only: tools/asm/meta.sh (cells any/aarch64/any),
# tools/asm/compile.sh (its object cache, $BUILD/cache/asm) and native-tool cells on each TARGET
# (the aarch64 targets of the matrix) with the scope fixed:any/aarch64/any: the test as written,
# under SC and under the Armv8 model MODEL (native.mk's NATIVE_ARMV8_MODEL; its cache,
# $BUILD/cache/native). Writes OUT/data/native/<example>/<target>.json, which page.js reads; a
# test that is a course example (examples/litmus/<example>.c) has the matrix's own native data
# and is skipped here, and so is a test tools/litmus/cells.conf (or $LITMUS_CELLS_CONF) lists, with its reason
# (tools/litmus/cells-select.js chooses; OUT/unexplored.json: the listed ones, for page.js).
# JOBS examples at a time. Exit status 1 when a step fails (its message on stderr); an example
# whose cell cannot be explored is an error cell, which page.js reports.
set -eu
if [ "${1:-}" = --one ]; then
	# --one OUT MODEL EXAMPLE TARGET...: one example's steps
	out=$2 model=$3 name=$4
	shift 4
	top=$BUILD
	# the test as written alone: a single-variant example (no plain code to compile, no evidence
	# lines required: the lock tests have none)
	mkdir -p "$out/src"
	rc=0
	unifdef -DPLAIN=0 -DFIXED=1 -DTRANSFORMED=0 -o "$out/src/$name.tmp" "$out/import/examples/$name.c" || rc=$?
	[ "$rc" -le 1 ] || { echo "$out/import/examples/$name.c:1: unifdef failed" >&2; exit 1; }
	sed -e 's/^ \* variants: plain fixed$/ * variants: fixed/' -e '/^ \* [a-z-]*\.plain: /d' \
		"$out/src/$name.tmp" >"$out/src/$name.c"
	rm -f "$out/src/$name.tmp"
	grep -q '^ \* variants: fixed$' "$out/src/$name.c" ||
		{ echo "$out/import/examples/$name.c:1: no 'variants: plain fixed' line to cut to the fixed variant" >&2; exit 1; }
	BUILD=$out ASM_TOOL=$top/asm/asm-tool sh tools/asm/meta.sh "$name" "$out/src/$name.c" any/aarch64/any
	BUILD=$out ASM_TOOL=$top/asm/asm-tool ASM_CACHE=$top/cache/asm bash tools/asm/compile.sh "$name" >/dev/null
	mkdir -p "$out/data/native/$name"
	for t in "$@"; do
		"$top/native/native-tool" cells "$out/data/meta/$name.json" "$t" aarch64 \
			"$out/data/asm/$name/$t.objs" "$out/data/native/$name/$t.json" "$top/cache/native" \
			'fixed:any/aarch64/any' "$model"
	done
	exit 0
fi
[ $# -ge 5 ] || { echo "usage: cells.sh TESTS_DIR OUT JOBS MODEL TARGET..." >&2; exit 2; }
tests=$1 out=$2 jobs=$3 model=$4
shift 4
: "${BUILD:=build}"
export BUILD
rm -rf "$out"
mkdir -p "$out"
"$BUILD/litmus/litmus-tool" import "$tests" "$out/import" >"$out/import.txt" || { cat "$out/import.txt" >&2; exit 1; }
node tools/litmus/cells-select.js "$out/import" "${LITMUS_CELLS_CONF:-tools/litmus/cells.conf}" examples/litmus "$out/unexplored.json" \
	>"$out/examples.txt"
xargs -P "$jobs" -I NAME sh "$0" --one "$out" "$model" NAME "$@" <"$out/examples.txt" ||
	{ echo "$tests: the AArch64 cells of the project's litmus tests failed (above)" >&2; exit 1; }
echo "[litmus] $(wc -l <"$out/examples.txt") project tests on $# AArch64 targets: $out/data/native"
