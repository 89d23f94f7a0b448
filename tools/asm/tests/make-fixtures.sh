#!/bin/bash
# make-fixtures.sh - record the disassembly fixtures of the unit tests: fixtures/fixture.c
# compiled once by every target of examples/targets.conf at -O2 (and clang-14/x86_64 at -O0),
# listed exactly as compile.sh lists objects (readelf -SsW, then objdump -d -r -l); and the
# shutdown lab's starter by clang-22 (a thread function of size 0).
# Run from the repository root; commit the result. The tests never run a compiler.
set -euo pipefail
conf=examples/targets.conf
out=tools/asm/tests/fixtures/dis
tool=${ASM_TOOL:-build/asm/asm-tool}
# the matrix from its one reader: "flags ..." then one "target arch command..." line per target
matrix() {
	"$tool" matrix "$conf" --json | node -e 'let s = ""; process.stdin.on("data", (d) => s += d).on("end", () => {
		const m = JSON.parse(s);
		console.log(m.flags.join(" "));
		for (const t of m.targets) console.log([t.target, t.arch].concat(t.command).join(" "));
	});'
}
flags=$(matrix | head -n 1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp tools/asm/tests/fixtures/fixture.c "$tmp/fixture.c"
matrix | tail -n +2 |
while read -r target arch cmd; do
	for opt in O2 O0; do
		[ "$opt" = O0 ] && [ "$target" != clang-14/x86_64 ] && [ "$target" != gcc-12/aarch64 ] && continue
		name=$(echo "$target" | tr / _)-$opt
		# shellcheck disable=SC2086
		(cd "$tmp" && $cmd $flags -"$opt" -std=gnu11 -I"$OLDPWD/examples/include" fixture.c -o "$name.o")
		{ readelf -SsW "$tmp/$name.o"; objdump -d -r -l --no-show-raw-insn "$tmp/$name.o"; } |
			sed "s#$tmp/##g" > "$out/$name.dis"
		echo "$arch" > "$out/$name.arch"
	done
done
# clang-22 at -O2 emits the starter of the shutdown lab's t1 as a FUNC symbol of size 0 with no
# instructions (its loops have no side effects, so it may assume they end): objdump lists no <t1>.
for target in clang-22/x86_64 clang-22/aarch64; do
	read -r _ arch cmd <<<"$(matrix | tail -n +2 | grep "^$target ")"
	name=empty-thread-$(echo "$target" | tr / _)-O2
	cp labs/shutdown/lab.c "$tmp/lab.c"
	# shellcheck disable=SC2086
	(cd "$tmp" && $cmd $flags -O2 -std=gnu11 -I"$OLDPWD/examples/include" lab.c -o "$name.o")
	{ readelf -SsW "$tmp/$name.o"; objdump -d -r -l --no-show-raw-insn "$tmp/$name.o"; } |
		sed "s#$tmp/##g" > "$out/$name.dis"
	echo "$arch" > "$out/$name.arch"
done
ls "$out"
