#!/bin/sh
# cli.sh - a64-tool's bad input (tools/a64/tests/bad/*.litmus): each must give exit status 1 and
# exactly its "file:line: message" on stderr and nothing on stdout; a run past its bound exit
# status 3 and "Partial:" with the bound named, never a verdict. Usage: sh cli.sh A64_TOOL
set -u
tool=$1
dir=$(dirname "$0")/bad
fails=0
check() { # file, status, expected stderr
	out=$("$tool" run "$dir/$1" 2>/tmp/a64-cli-err.$$)
	rc=$?
	err=$(cat /tmp/a64-cli-err.$$)
	if [ "$rc" != "$2" ] || [ "$err" != "$dir/$3" ] || [ -n "$out" ]; then
		echo "cli.sh: $1: expected status $2 and '$dir/$3', got status $rc and '$err' (stdout: '$out')" >&2
		fails=$((fails + 1))
	fi
}
check columns.litmus 1 "columns.litmus:4: 3 columns on this line, but the test has 2 threads"
check comment.litmus 1 "comment.litmus:2: a comment '(*' that is never closed"
check directive.litmus 1 "directive.litmus:6: P1: '.incbin \"/etc/hostname\"': an assembler directive: a cell holds one instruction, after an optional label"
check header.litmus 1 "header.litmus:1: expected 'AArch64 <name>' (this reader takes AArch64 and X86 tests)"
check inside.litmus 1 "inside.litmus:4: P0: 'LDR W0,[X1,#4]': an access of 4 bytes at x+4: mixed-size accesses (inside a location) are not modelled"
check mixed.litmus 1 "mixed.litmus:4: location x is accessed with 4 and 8 bytes: mixed-size accesses are not modelled"
check mnemonic.litmus 1 "mnemonic.litmus:5: the assembler: unknown mnemonic \`frob' -- \`frob X0,X1'"
check no-semicolon.litmus 1 "no-semicolon.litmus:4: a line of code must end with ';'"
check nocond.litmus 1 "nocond.litmus:5: no condition (exists, ~exists or forall) after the code"
check qreg.litmus 1 "qreg.litmus:5: unknown register 0:Q0 (X0 to X30)"
check reg31.litmus 1 "reg31.litmus:5: unknown register 0:X31 (X0 to X30)"
check result.litmus 1 "result.litmus:2: Result: must be Never, Sometimes or Always"
check simd.litmus 1 "simd.litmus:5: P0: 'FADD S0,S1,S2' is a SIMD/FP instruction that the model does not know"
check statement.litmus 1 "statement.litmus:4: P0: 'LDR W0,[X1] ; .include \"/etc/passwd\"': ';' would start a second statement: a cell holds one instruction"
check stxr-alone.litmus 1 "stxr-alone.litmus:5: P0: 'STXR W2,W0,[X1]': a store-exclusive with no load-exclusive of the same location and size before it: the pair cannot be matched"
check stxr-other.litmus 1 "stxr-other.litmus:5: P0: 'STXR W2,W0,[X3]': a store-exclusive with no load-exclusive of the same location and size before it: the pair cannot be matched"
check thread2.litmus 1 "thread2.litmus:6: unknown register 2:X0 (the test has 2 threads)"
check unknown-loc.litmus 1 "unknown-loc.litmus:5: unknown location z"
check x86-addr.litmus 1 "x86-addr.litmus:5: a location's address in an X86 condition is not supported"
check x86-reg.litmus 1 "x86-reg.litmus:5: unknown register 0:ESP (EAX, EBX, ECX, EDX, ESI, EDI)"
check x86-directive.litmus 1 "x86-directive.litmus:5: P0: '.include \"/etc/passwd\"': an assembler directive: a cell holds one instruction, after an optional label"
check x86-insn.litmus 1 "x86-insn.litmus:5: the assembler: no such instruction: \`frobnicate EAX'"
# an X86 test under an Armv8 model, traces of an X86 test: refused
"$tool" run --model armv8 "$dir/../../litmus-x86/SB.litmus" >/dev/null 2>/tmp/a64-cli-err.$$ && fails=$((fails + 1))
grep -q "an X86 test runs under x86-tso or sc, not armv8" /tmp/a64-cli-err.$$ || { echo "cli.sh: --model armv8 on an X86 test" >&2; fails=$((fails + 1)); }
# a spin loop: the paths past the instruction bound are partial; no verdict, the bound named
out=$("$tool" run "$dir/loop.litmus" 2>&1)
rc=$?
case "$rc:$out" in
3:*"Partial: a path longer than the instruction bound (a loop)"*"Observation loop Partial"*"no verdict"*) ;;
*) echo "cli.sh: loop.litmus: expected status 3 and a partial result, got $rc: $out" >&2
   fails=$((fails + 1)) ;;
esac
# usage errors
"$tool" run --model nosuch "$dir/loop.litmus" >/dev/null 2>&1 && { echo "cli.sh: a bad --model was accepted" >&2; fails=$((fails + 1)); }
"$tool" run /nonexistent.litmus >/dev/null 2>/tmp/a64-cli-err.$$
[ "$(cat /tmp/a64-cli-err.$$)" = "/nonexistent.litmus:1: cannot read the file" ] || { echo "cli.sh: a missing file" >&2; fails=$((fails + 1)); }
rm -f /tmp/a64-cli-err.$$
[ "$fails" = 0 ] || exit 1
echo "cli.sh: $(ls "$dir" | wc -l) bad inputs refused as they should be"
