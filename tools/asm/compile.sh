#!/bin/bash
# compile.sh ID [TARGET...] - compile example ID (its metadata: $BUILD/data/meta/ID.json) on the
# cells of its matrix for each TARGET (default: every target it has cells on), disassemble, and
# analyze into $BUILD/data/asm/ID/TARGET.json. `asm-tool plan` says what to compile (the one reader
# of examples/targets.conf and of the metadata); this script runs the tools and caches.
#
# Cache: $ASM_CACHE (default $BUILD/cache/asm)/<k:0:2>/<k>.{o,dis,intel}, with k the sha256 of the
# source's text and path, course.h, the compiler's --version, the whole command line, the binutils
# versions and the arch. <k>.o is the object, <k>.dis `readelf -SsW` + `objdump -d -r -l` of it,
# <k>.intel (x86 only) the Intel-syntax listing. A cell is compiled again unless all its files exist.
# $BUILD/data/asm/ID/TARGET.objs lists the target's objects, "<opt> <variant> <path>" a line (the
# native explorer, tools/native, reads them from there: the key is computed here only).
#
# Limits: each compile runs under `timeout $ASM_TIMEOUT` (s) and `ulimit -v $ASM_VMEM_KB`. With
# ASM_TIMES_LOG set, the wall time of every compiler and disassembler process is appended to that
# file (tools/asm/bench.sh). Exit status: 0, 3 when the compiler rejects the source (its diagnostics
# on stderr), 1 on any other failure.
set -euo pipefail
shopt -s inherit_errexit
id=$1
shift
B=${BUILD:-build}
conf=examples/targets.conf
tool=${ASM_TOOL:-$B/asm/asm-tool}
cache=${ASM_CACHE:-$B/cache/asm}
meta=$B/data/meta/$id.json
ASM_TIMEOUT=${ASM_TIMEOUT:-120}
ASM_VMEM_KB=${ASM_VMEM_KB:-4000000}

plan=$("$tool" plan "$conf" "$meta" "$@")
objdump=objdump
command -v $objdump >/dev/null || { echo "objdump not found; install the Debian package binutils-multiarch" >&2; exit 1; }
tools_version=$($objdump --version | head -n 1; readelf --version | head -n 1)
course_h=$(sha256sum examples/include/course.h)

timed() { # timed LABEL CMD... : run, log wall time when asked
	if [ -n "${ASM_TIMES_LOG:-}" ]; then
		local s e rc=0
		s=$(date +%s%N)
		"${@:2}" || rc=$?
		e=$(date +%s%N)
		echo "$1 $(((e - s) / 1000))" >>"$ASM_TIMES_LOG"
		return $rc
	fi
	"${@:2}"
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/asm-compile.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# compile_cell OPT VARIANT SRC FLAGS: make sure the cache holds the cell's files; prints the
# analyze argument OPT:VARIANT:DIS[:INTEL].
compile_cell() {
	local opt=$1 variant=$2 src=$3 flags=$4 key dir x86=0
	case $arch in x86_64 | i386) x86=1 ;; esac
	# shellcheck disable=SC2086
	key=$({ cat "$src"; echo "$src"; echo "$course_h"; echo "$version_full"; echo "$command $flags"; echo "$tools_version"; echo "$arch"; } | sha256sum)
	key=${key%% *}
	dir=$cache/${key:0:2}
	local o=$dir/$key.o dis=$dir/$key.dis intel=$dir/$key.intel
	local need=0
	[ -f "$o" ] && [ -f "$dis" ] || need=1
	if [ $x86 = 1 ] && [ ! -f "$intel" ]; then need=1; fi
	if [ $need = 1 ]; then
		mkdir -p "$dir"
		local obj=$tmp/$variant-$opt.o
		# shellcheck disable=SC2086
		if ! timed compile bash -c 'ulimit -v "$1"; shift; exec timeout "$@"' _ "$ASM_VMEM_KB" "$ASM_TIMEOUT" \
			$command $flags -Iexamples/include "$src" -o "$obj" >&2; then
			echo "asm: compile failed: example $id ($src), target $target/$opt, variant $variant" >&2
			return 3
		fi
		{ readelf -SsW "$obj"; timed objdump $objdump -d -r -l --no-show-raw-insn "$obj"; } >"$dis.tmp$$"
		if [ $x86 = 1 ]; then
			timed objdump $objdump -d -r -l --no-show-raw-insn -M intel "$obj" >"$intel.tmp$$"
			mv "$intel.tmp$$" "$intel"
		fi
		cp "$obj" "$o.tmp$$" && mv "$o.tmp$$" "$o"
		mv "$dis.tmp$$" "$dis"
	fi
	if [ $x86 = 1 ]; then echo "$opt:$variant:$dis:$intel"; else echo "$opt:$variant:$dis"; fi
}

# analyze: the cells of the current target into $B/data/asm/ID/TARGET.json
analyze() {
	[ -n "${target:-}" ] || return 0
	local out=$B/data/asm/$id/$target.json
	mkdir -p "$(dirname "$out")"
	"$tool" analyze "$meta" "$target" "$arch" "$version" "$out" "${cells[@]}"
	local c o v d objs=()
	for c in "${cells[@]}"; do
		IFS=: read -r o v d _ <<<"$c"
		objs+=("$o $v ${d%.dis}.o")
	done
	printf '%s\n' "${objs[@]}" >"${out%.json}.objs.tmp$$" && mv "${out%.json}.objs.tmp$$" "${out%.json}.objs"
}

target='' cells=()
while IFS=$'\t' read -r kind a b c d; do
	case $kind in
	target)
		analyze
		target=$a package=$b arch=$c command=$d cells=()
		cc=${command%% *}
		if ! command -v "$cc" >/dev/null; then
			echo "$conf: target $target: compiler '$cc' not found; install the Debian package $package" >&2
			exit 1
		fi
		version_full=$($cc --version 2>&1)
		version=${version_full%%$'\n'*}
		;;
	cell)
		cell=$(compile_cell "$a" "$b" "$c" "$d")
		cells+=("$cell")
		;;
	esac
done <<<"$plan"
analyze
