#!/bin/sh
# meta.sh ID - validate examples/ID.c's metadata block (asm-tool meta writes
# build/data/meta/ID.json) and cut each variant's source with unifdef into
# build/data/src/ID.<variant>.c, with its compiler flags in build/data/src/ID.<variant>.flags.
set -eu
id=$1
B=${BUILD:-build}
tool=$B/asm/asm-tool
src=examples/$id.c
command -v unifdef >/dev/null || { echo "$src:1: unifdef not found: install the Debian package unifdef" >&2; exit 1; }
mkdir -p "$B/data/src/$(dirname "$id")" "$B/data/meta/$(dirname "$id")"
flags=$("$tool" meta examples/targets.conf "$src" "$id" "$B/data/src" "$B/data/meta/$id.json")
echo "$flags" | while read -r variant vflags; do
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
	printf '%s\n' "$vflags" > "$B/data/src/$id.$variant.flags.tmp"
	mv "$B/data/src/$id.$variant.flags.tmp" "$B/data/src/$id.$variant.flags"
done
# variants the example no longer has (files are replaced, never removed first: `make site`
# lists build/data before this runs)
for v in plain fixed transformed; do
	echo "$flags" | grep -q "^$v " && continue
	rm -f "$B/data/src/$id.$v.c" "$B/data/src/$id.$v.flags"
done
