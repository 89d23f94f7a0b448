#!/bin/sh
# meta.sh ID [FILE [CELL...]] - validate the example FILE (default examples/ID.c) with asm-tool meta,
# which writes $BUILD/data/meta/ID.json, and cut each variant of a course example (plain, fixed,
# transformed: #if PLAIN/FIXED/TRANSFORMED) with unifdef into $BUILD/data/src/ID.<variant>.c. A
# single-variant example is compiled as it is: nothing to cut. CELLs: the cells of the matrix the example is compiled on (asm-tool meta's
# patterns, e.g. gcc-12/x86_64/O2; default every cell; "none": explored only, never compiled).
# ASM_TOOL overrides the tool's path (default $BUILD/asm/asm-tool).
set -eu
id=$1
src=${2:-examples/$id.c}
[ $# -gt 1 ] && shift 2 || shift 1
B=${BUILD:-build}
tool=${ASM_TOOL:-$B/asm/asm-tool}
command -v unifdef >/dev/null || { echo "$src:1: unifdef not found: install the Debian package unifdef" >&2; exit 1; }
mkdir -p "$B/data/src/$(dirname "$id")" "$B/data/meta/$(dirname "$id")"
cut=$("$tool" meta examples/targets.conf "$src" "$id" "$B/data/src" "$B/data/meta/$id.json" "$@")
echo "$cut" | while read -r variant; do
	[ -n "$variant" ] || continue
	case $variant in
	plain) d="-DPLAIN=1 -DFIXED=0 -DTRANSFORMED=0" ;;
	fixed) d="-DPLAIN=0 -DFIXED=1 -DTRANSFORMED=0" ;;
	transformed) d="-DPLAIN=0 -DFIXED=0 -DTRANSFORMED=1" ;;
	*) echo "$src:1: asm-tool meta printed an unknown variant '$variant'" >&2; exit 1 ;;
	esac
	out=$B/data/src/$id.$variant.c
	# unifdef exits 1 when it changed something, 2 on trouble
	rc=0; unifdef $d -o "$out" "$src" || rc=$?
	[ "$rc" -le 1 ] || { echo "$src:1: unifdef failed for variant $variant" >&2; exit 1; }
done
# the example file's line of every line of each variant (the one numbering of every later step)
[ -z "$cut" ] || "$tool" linemap "$B/data/meta/$id.json"
# variants the example no longer has (files are replaced, never removed first: `make site`
# lists build/data before this runs)
for v in plain fixed transformed; do
	echo "$cut" | grep -qx "$v" && continue
	rm -f "$B/data/src/$id.$v.c" "$B/data/src/$id.$v.flags"
done
