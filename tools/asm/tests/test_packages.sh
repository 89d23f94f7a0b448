#!/bin/sh
# test_packages.sh - tools/setup/debian-packages.txt and the matrix agree (run by `make asm-unit-test`):
# every target's Debian package (asm-tool matrix --json, the one reader of examples/targets.conf) is
# listed, and every cross compiler listed is some target's package.
set -eu
tool=${ASM_TOOL:-build/asm/asm-tool}
list=tools/setup/debian-packages.txt
pkgs=$("$tool" matrix examples/targets.conf --json | node -e '
let s = ""; process.stdin.on("data", (d) => s += d).on("end", () =>
  console.log([...new Set(JSON.parse(s).targets.map((t) => t.package))].join("\n")));')
status=0
for p in $pkgs; do
	grep -q "^$p\b" "$list" || { echo "$list: the matrix needs $p (examples/targets.conf)" >&2; status=1; }
done
for p in $(sed -n 's/^\(gcc-[a-z0-9_]*-linux-gnu[a-z]*\).*/\1/p' "$list"); do
	echo "$pkgs" | grep -qx "$p" || { echo "$list: $p compiles for no target of examples/targets.conf" >&2; status=1; }
done
[ $status = 0 ] && echo "test_packages.sh: $(echo "$pkgs" | wc -l) packages of the matrix listed, no other cross compiler"
exit $status
