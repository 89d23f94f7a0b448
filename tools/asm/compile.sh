#!/bin/bash
# compile.sh ID TARGET - compile every variant of examples/ID.c with one target of
# examples/targets.conf at every -O level, disassemble, and analyze into
# build/data/asm/ID/TARGET.json. Objects are never kept: the listings are cached under
# build/cache/asm/ keyed by sha256 of (variant source, course.h, compiler --version, flags,
# binutils version), so an unchanged cell is never recompiled.
# Each compile runs under `timeout` and `ulimit -v`. With ASM_TIMES_LOG set, the wall time of
# every compiler and disassembler process is appended to that file (tools/asm/bench.sh).
set -euo pipefail
id=$1 target=$2
B=${BUILD:-build}
conf=examples/targets.conf
tool=$B/asm/asm-tool
ASM_TIMEOUT=${ASM_TIMEOUT:-120}
ASM_VMEM_KB=${ASM_VMEM_KB:-4000000}

line=$(awk -v t="$target" '$1 == "target" && $2 == t' "$conf")
[ -n "$line" ] || { echo "$conf:1: no target '$target'" >&2; exit 1; }
read -r _ _ package arch cmd <<<"$line"
flags=$(awk '$1 == "flags" { $1 = ""; print }' "$conf")
opts=$(awk '$1 == "opts" { $1 = ""; print }' "$conf")
cc=${cmd%% *}
if ! command -v "$cc" >/dev/null; then
	echo "$conf: target $target: compiler '$cc' not found; install the Debian package $package" >&2
	exit 1
fi
objdump=objdump
command -v $objdump >/dev/null || { echo "objdump not found; install the Debian package binutils-multiarch" >&2; exit 1; }
version_full=$($cc --version 2>&1)
version=${version_full%%$'\n'*}
tools_version=$($objdump --version | head -n 1; readelf --version | head -n 1)
course_h=$(sha256sum examples/include/course.h)

timed() { # timed LABEL CMD... : run, log wall time when asked
	if [ -n "${ASM_TIMES_LOG:-}" ]; then
		local s e
		s=$(date +%s%N)
		"${@:2}"
		local rc=$?
		e=$(date +%s%N)
		echo "$1 $(( (e - s) / 1000 ))" >> "$ASM_TIMES_LOG"
		return $rc
	fi
	"${@:2}"
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/asm-compile.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cells=()
for variant in plain fixed transformed; do
	src=$B/data/src/$id.$variant.c
	[ -f "$src" ] || continue
	vflags=$(cat "$B/data/src/$id.$variant.flags")
	for opt in $opts; do
		# shellcheck disable=SC2086
		key=$( { cat "$src"; echo "$course_h"; echo "$version_full"; echo "$cmd $flags -$opt $vflags"; echo "$tools_version"; echo "$arch"; } | sha256sum)
		key=${key%% *}
		dir=$B/cache/asm/${key:0:2}
		dis=$dir/$key.dis
		intel=$dir/$key.intel
		if [ ! -f "$dis" ] || { [ "$arch" = x86_64 ] || [ "$arch" = i386 ]; } && [ ! -f "$intel" ]; then
			mkdir -p "$dir"
			o=$tmp/$variant-$opt.o
			# shellcheck disable=SC2086
			if ! timed compile bash -c 'ulimit -v "$1"; shift; exec timeout "$@"' _ "$ASM_VMEM_KB" "$ASM_TIMEOUT" \
				$cmd $flags -"$opt" $vflags -Iexamples/include "$src" -o "$o"; then
				echo "asm: compile failed: example $id ($src), target $target/$opt, variant $variant" >&2
				exit 1
			fi
			{ readelf -SsW "$o"; timed objdump $objdump -d -r -l --no-show-raw-insn "$o"; } > "$dis.tmp$$"
			if [ "$arch" = x86_64 ] || [ "$arch" = i386 ]; then
				timed objdump $objdump -d -r -l --no-show-raw-insn -M intel "$o" > "$intel.tmp$$"
				mv "$intel.tmp$$" "$intel"
			fi
			mv "$dis.tmp$$" "$dis"
		fi
		cell="$opt:$variant:$dis"
		if [ "$arch" = x86_64 ] || [ "$arch" = i386 ]; then cell="$cell:$intel"; fi
		cells+=("$cell")
	done
done
out=$B/data/asm/$id/$target.json
mkdir -p "$(dirname "$out")"
"$tool" analyze "$B/data/meta/$id.json" "$target" "$arch" "$version" "$out" "${cells[@]}"
