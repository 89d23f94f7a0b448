#!/bin/sh
# cli.sh TOOL - litmus-tool on bad input: file:line messages and exit statuses of check and
# import, RCU and unsupported tests skipped with their reason, a herd verdict x86-TSO or Armv8
# contradicts reported, the examples list's goal word, run's --model. Prints "cli: ok" or the first difference.
set -u
tool=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "cli: $*" >&2; exit 1; }

mkdir -p "$tmp/in"
printf 'C Bad\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1)\n}\n' > "$tmp/in/bad.litmus"
printf 'C Rcu\nP0(int *x)\n{\n\tcall_rcu(x, 0);\n}\nexists (x=0)\n' > "$tmp/in/rcu.litmus"
printf 'C Atomic\nP0(struct foo *v)\n{\n}\nexists (x=0)\n' > "$tmp/in/atomic.litmus"
# claims Never, but x86-TSO (and SC) reach the condition
printf 'C Liar\n(* Result: Never *)\nP0(int *x)\n{\n\tWRITE_ONCE(*x, 1);\n}\nP1(int *x)\n{\n\tint r0;\n\tr0 = READ_ONCE(*x);\n}\nexists (1:r0=1)\n' > "$tmp/in/liar.litmus"
# claims Never, but Armv8 reaches the condition (message passing, nothing ordered) where SC and
# x86-TSO do not
sed 's/Result: Sometimes/Result: Never/' tools/litmus/tests/litmus/MP+poonceonces.litmus > "$tmp/in/armliar.litmus"
cp tools/litmus/tests/litmus/SB+poonceonces.litmus "$tmp/in/"

out=$("$tool" check "$tmp/in/bad.litmus" 2>&1); rc=$?
[ $rc -eq 1 ] || fail "check on a malformed file exits $rc, not 1"
[ "$out" = "$tmp/in/bad.litmus:5: expected ';' after the statement, got '}'" ] || fail "check said: $out"

"$tool" check "$tmp/in/SB+poonceonces.litmus" || fail "check rejects a good file"
"$tool" check 2>/dev/null; [ $? -eq 2 ] || fail "check without files is not a usage error"

"$tool" import "$tmp/in" "$tmp/out" > "$tmp/table" 2> "$tmp/err"; rc=$?
[ $rc -eq 1 ] || fail "import with a malformed file exits $rc, not 1"
grep -qx "$tmp/in/bad.litmus:5: expected ';' after the statement, got '}'" "$tmp/err" || fail "import stderr: $(cat "$tmp/err")"
grep -qx "$tmp/in/liar.litmus:2: the file says Result: Never, but under SC the condition holds (schedule 01)" "$tmp/err" ||
	fail "no contradiction reported: $(cat "$tmp/err")"
grep -q "^$tmp/in/armliar.litmus:[0-9]*: the file says Result: Never, but under Armv8 the condition holds (execution P1:[0-9]* LDR flag=1 from P0:[0-9]*; P1:[0-9]* LDR buf=0 from init)$" "$tmp/err" ||
	fail "no Armv8 contradiction reported: $(cat "$tmp/err")"
grep -q "^rcu.litmus *skipped: RCU: $tmp/in/rcu.litmus:4: RCU primitive 'call_rcu' is not supported" "$tmp/table" || fail "rcu: $(cat "$tmp/table")"
grep -q "^atomic.litmus *skipped: $tmp/in/atomic.litmus:2: type 'struct foo' is not supported" "$tmp/table" || fail "atomic: $(cat "$tmp/table")"
grep -q "^SB+poonceonces *Sometimes *Never *Sometimes *Sometimes *litmus/sb-poonceonces" "$tmp/table" || fail "SB: $(cat "$tmp/table")"
grep -qx "6 files: 1 examples, 0 without one, 0 partial, 2 skipped, 0 not C, 3 errors" "$tmp/table" || fail "summary line: $(tail -1 "$tmp/table")"
[ -f "$tmp/out/examples/sb-poonceonces.c" ] && [ -f "$tmp/out/ref/sb-poonceonces.json" ] || fail "outputs missing"
[ ! -e "$tmp/out/examples/liar.c" ] || fail "an example was written for a contradicted test"
# in three processes: the same table, summary and outputs
"$tool" import --jobs 3 "$tmp/in" "$tmp/out3" > "$tmp/table3" 2> /dev/null; rc=$?
[ $rc -eq 1 ] && cmp -s "$tmp/table" "$tmp/table3" && diff -r "$tmp/out" "$tmp/out3" > /dev/null || fail "import --jobs 3 differs: $rc"
node -e '
const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const by = Object.fromEntries(s.tests.map((t) => [t.file.replace(/.*\//, ""), t.status]));
const want = { "SB+poonceonces.litmus": "ok", "armliar.litmus": "error", "atomic.litmus": "skipped", "bad.litmus": "error", "liar.litmus": "error", "rcu.litmus": "skipped" };
if (JSON.stringify(by) !== JSON.stringify(want)) { console.error("summary.json: " + JSON.stringify(by)); process.exit(1); }
' "$tmp/out/summary.json" || fail "summary.json"

"$tool" import "$tmp/nonexistent" "$tmp/out2" 2> "$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -q "nonexistent:1: no .litmus files here" "$tmp/err" || fail "import of a missing folder: $rc $(cat "$tmp/err")"
# the examples list: a listed goal makes the condition the plain variant's goal; any other word
# after a name is refused at its line
printf '# a comment\nSB+poonceonces goal\n' > "$tmp/list"
"$tool" examples "$tmp/in" "$tmp/list" "$tmp/ex" 2> "$tmp/err" || fail "examples with a goal: $(cat "$tmp/err")"
grep -q '^ \* goal.plain: make the test.s condition (exists 0:r0=0 /\\ 1:r0=0) come true: P0_r0 == 0 && P1_r0 == 0$' "$tmp/ex/sb-poonceonces.c" ||
	fail "no goal line in $(grep goal "$tmp/ex/sb-poonceonces.c")"
printf 'SB+poonceonces\nSB+poonceonces golf\n' > "$tmp/list"
"$tool" examples "$tmp/in" "$tmp/list" "$tmp/ex2" 2> "$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -q "list:2: unknown word 'golf' after the test name" "$tmp/err" || fail "a bad list line: $rc $(cat "$tmp/err")"
"$tool" run --model armv8 "$tmp/in/SB+poonceonces.litmus" > "$tmp/run" || fail "run --model armv8"
grep -q "^Armv8: Sometimes (condition holds), 4 executions, 4 candidates$" "$tmp/run" || fail "run --model armv8: $(cat "$tmp/run")"
! grep -q "^SC:" "$tmp/run" || fail "run --model armv8 printed SC too"
"$tool" run --model power "$tmp/in/SB+poonceonces.litmus" 2>/dev/null; [ $? -eq 2 ] || fail "run --model power is not a usage error"
# The state budget (--max-states): the default finishes a test of about 800,000 states under
# x86-TSO (155,757 with the partial-order reduction, reduce.h), and a search stopped at the budget is partial everywhere, never a verdict: not in run's
# text, not in the import's table, summary or JSON, and not an agreement with the file's Never.
big=tools/litmus/tests/budget/Xchglock3.litmus
out=$("$tool" run --model tso "$big") || fail "run $big: $out"
states=$(echo "$out" | sed -n 's/^x86-TSO: Never (condition fails), [0-9]* schedules, \([0-9]*\) states.*/\1/p')
[ -n "$states" ] && [ "$states" -gt 150000 ] || fail "the default budget does not finish $big: $(echo "$out" | head -2)"
out=$("$tool" run --max-states 100000 "$big") || fail "run --max-states: $out"
echo "$out" | grep -q "^x86-TSO: partial, no verdict: the search stopped at its budget of 100000 states" || fail "run, partial: $out"
echo "$out" | grep -q "^x86-TSO: Never" && fail "a partial search printed as a verdict: $out"
mkdir -p "$tmp/budget" && cp "$big" "$tmp/budget/"
"$tool" import --max-states 100000 "$tmp/budget" "$tmp/budget-out" > "$tmp/table" 2> "$tmp/err" || fail "import of a partial test fails: $(cat "$tmp/err")"
grep -q "^Xchglock3 *Never *Never *partial *partial *$tmp/budget/Xchglock3.litmus:1: partial: the reference's search under x86-TSO stopped at its budget of 100000 states" "$tmp/table" ||
	fail "partial row: $(cat "$tmp/table")"
grep -qx "1 files: 0 examples, 0 without one, 1 partial, 0 skipped, 0 not C, 0 errors" "$tmp/table" || fail "partial summary: $(tail -1 "$tmp/table")"
node -e '
const fs = require("fs"), d = process.argv[1];
const row = JSON.parse(fs.readFileSync(d + "/summary.json", "utf8")).tests[0];
const tso = JSON.parse(fs.readFileSync(d + "/ref/xchglock3.json", "utf8")).models.tso;
const ok = row.status === "partial" && row.tso === "partial" && !row.example && tso.partial === true &&
  tso.verdict === "partial" && tso.holds === null && Object.values(tso.checked).every((v) => v === null);
if (!ok) { console.error(JSON.stringify({ row, tso: { partial: tso.partial, verdict: tso.verdict, holds: tso.holds, checked: tso.checked } })); process.exit(1); }
' "$tmp/budget-out" || fail "partial in summary.json or the reference JSON"
# Armv8 honours the budget too (its candidate executions), and is partial there, never Never;
# past 2 million candidates its location cache grew under the pointers it had handed out (a crash)
out=$("$tool" run --model armv8 --max-states 3000000 "$big") || fail "run --model armv8 --max-states: $?"
echo "$out" | grep -q "^Armv8: partial, no verdict (the budget of candidate executions (max_checked) was reached; 3000000 candidate executions checked" ||
	fail "Armv8, partial: $(echo "$out" | head -2)"
# a test the Armv8 mode cannot run: with --model armv8, file:line and exit 1; no verdict
"$tool" run --model armv8 tools/litmus/tests/dialect/rcu/RCU+MP.litmus > "$tmp/run" 2> "$tmp/err"; rc=$?
[ $rc -eq 1 ] && grep -qx "tools/litmus/tests/dialect/rcu/RCU+MP.litmus:18: not supported under Armv8: RCU and SRCU: the Armv8 mode has no grace periods" "$tmp/err" &&
	grep -q "^Armv8: not supported, no verdict" "$tmp/run" || fail "RCU under Armv8: $rc $(cat "$tmp/err" "$tmp/run")"
for bad in 0 -5 12x 99999999999; do
	"$tool" run --max-states $bad "$big" > /dev/null 2> "$tmp/err"; rc=$?
	[ $rc -eq 2 ] && grep -q "^litmus-tool: --max-states takes a whole number from 1 to" "$tmp/err" || fail "--max-states $bad: $rc $(cat "$tmp/err")"
done
echo "cli: ok"
