#!/bin/bash
# bench.sh - `make native-bench`: the native explorer's cost on today's matrix, measured side by side.
#  1. every cell of the real build explored from an empty cache (a scratch cache and output),
#     $J processes at a time as make -j$J runs the rules: wall time against the processes' own
#     time (user + sys of every child, from the shell's `times`) / $J: the overhead ratio, 1.0 is
#     perfect; per architecture, explored states and transitions per second of search;
#     and for the x86 cells, explored under SC and x86-TSO by the same process one after the other,
#     the two searches side by side: states, search time and states per second of each, ratios;
#  2. the same again with every cell cached (what an unchanged rebuild costs); then the AArch64
#     cells from empty caches without and with their Armv8 exploration (issue 26);
#  3. the matrix build with the explorer included, in a scratch build directory from empty
#     caches: `make -j$J asm` (metadata, compiles, listings, evidence), then `make -j$J
#     native-cells`; each against its processes' time / $J, and both together (goal: the build
#     within 1.25x of its processes' time / cores). NATIVE_BENCH_MATRIX=0 skips this part (its
#     scratch compile of the whole matrix is most of the benchmark's cost).
# Needs the build's objects (make native); writes only under $NATIVE_BENCH_DIR.
set -eu
B=${BUILD:-build}
J=${NATIVE_BENCH_JOBS:-2}
D=${NATIVE_BENCH_DIR:-/tmp/native-bench}
tool=$B/native/native-tool
rm -rf "$D"
mkdir -p "$D/cache" "$D/out"
jobs=$D/jobs
: > "$jobs"
# each target's arch, from the one reader of examples/targets.conf
"$B/asm/asm-tool" matrix examples/targets.conf --json | node -e 'let s = "";
process.stdin.on("data", (d) => s += d).on("end", () => {
  for (const t of JSON.parse(s).targets) console.log(t.target + " " + t.arch); });' > "$D/arches"
for objs in $(find "$B/data/asm" -name '*.objs' | sort); do
	rel=${objs#"$B"/data/asm/}
	rel=${rel%.objs}
	target=$(echo "$rel" | awk -F/ '{ print $(NF-1) "/" $NF }')
	id=${rel%/"$target"}
	arch=$(awk -v t="$target" '$1 == t { print $2 }' "$D/arches")
	echo "$B/data/meta/$id.json $target $arch $objs $D/out/$rel.json $D/cache" >> "$jobs"
done
now() { date +%s%N; }
# user + sys of every waited-for child so far, in ms: `times` must run in this shell (not in $(...))
snap() { times > "$D/times"; }
cpu() {
	awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, b, "m"); sub("s", "", b[2]); s += b[1] * 60 + b[2] }
		printf "%d", s * 1000 }' "$D/times"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b ? a / b : 0 }'; }
cells() { xargs -P "$J" -L 1 sh -c 'exec "$0" cells "$@"' "$tool" < "$jobs" 2> "$D/stderr"; }

snap; c0=$(cpu); t0=$(now); cells; t1=$(now); snap; c1=$(cpu)
full=$(( (t1 - t0) / 1000000 )); proc=$((c1 - c0))
snap; c0=$(cpu); t0=$(now); cells; t1=$(now); snap; c1=$(cpu)
cached=$(( (t1 - t0) / 1000000 )); cproc=$((c1 - c0))
echo "native-bench ($J processes at a time, $(nproc) cores; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg))"
echo "  full matrix, empty cache: $(wc -l < "$jobs") example x target rules, ${full} ms wall; processes ${proc} ms (user + sys)"
echo "                            ideal = process time / $J = $((proc / J)) ms; overhead ratio = $(ratio "$full" $((proc / J)))"
echo "  again, every cell cached: ${cached} ms wall, ${cproc} ms processes"
python3 - "$D/out" <<'PY'
import json, os, sys
per, n, err, partial = {}, 0, 0, 0
tso = {}  # x86 arch: [cells, SC states, SC ms, TSO states, TSO ms, TSO partial]
for root, _, files in os.walk(sys.argv[1]):
    for f in files:
        d = json.load(open(os.path.join(root, f)))
        a = per.setdefault(d["arch"], [0, 0, 0.0, 0.0, 0])
        for vs in d["cells"].values():
            for c in vs.values():
                n += 1
                if c["status"] != "ok":
                    err += 1
                    continue
                partial += c["partial"]
                a[0] += c["states"]; a[1] += c["transitions"]; a[2] += c["explore_ms"]; a[3] += c["ms"]; a[4] += 1
                t = c.get("tso")
                if t and t["status"] == "ok":
                    x = tso.setdefault(d["arch"], [0, 0, 0.0, 0, 0.0, 0])
                    x[0] += 1; x[1] += c["states"]; x[2] += c["explore_ms"]
                    x[3] += t["states"]; x[4] += t["explore_ms"]; x[5] += t["partial"]
print(f"  {n} cells ({err} not explorable, {partial} partial); per architecture (wall clock of each process):")
print("    arch      cells   states  states/s  transitions/s  search ms   cell ms (link, load, search, traces)")
for arch in sorted(per):
    s, t, ems, cms, k = per[arch]
    print(f"    {arch:8} {k:6} {s:8} {s / ems * 1000 if ems else 0:9.0f} {t / ems * 1000 if ems else 0:14.0f} {ems:10.0f} {cms:9.0f}")
if tso:
    print("  x86-TSO against SC on the same x86 cells (the cell's process explores both, one after the other):")
    print("    arch      cells  SC states TSO states  SC ms  TSO ms  SC states/s TSO states/s  TSO/SC: states  ms  states/s")
    for arch in sorted(tso):
        k, ss, sm, ts, tm, tp = tso[arch]
        sr, tr = ss / sm * 1000 if sm else 0, ts / tm * 1000 if tm else 0
        print(f"    {arch:8} {k:6} {ss:10} {ts:10} {sm:6.0f} {tm:7.0f} {sr:12.0f} {tr:12.0f}   {ts / ss if ss else 0:13.2f} {tm / sm if sm else 0:4.2f} {tr / sr if sr else 0:9.2f}" + (f"  ({tp} partial)" if tp else ""))
PY
# The AArch64 cells' Armv8 exploration (issue 26): the same cells from empty caches, once without
# it (native-tool cells ... none) and once with it (the build's), wall and process time of each
# run; from the second, each cell's SC search against its Armv8 exploration (same process, one
# after the other): states, executions, search time and rates.
# (the matrix's examples, as make explores them: not the labs, whose objects tools/lab compiles)
grep ' aarch64 ' "$jobs" | grep -v "/data/asm/lab/" > "$D/jobs-a64" || true
a64() {
	mkdir -p "$D/a64-$1"
	sed "s| $D/out/| $D/a64-$1/|; s| $D/cache\$| $D/cache-a64-$1 all $1|" "$D/jobs-a64" |
		xargs -P "$J" -L 1 sh -c 'exec "$0" cells "$@"' "$tool" 2>> "$D/stderr"
}
snap; c0=$(cpu); t0=$(now); a64 none; t1=$(now); snap; c1=$(cpu)
nw=$(( (t1 - t0) / 1000000 )); np=$((c1 - c0))
snap; c0=$(cpu); t0=$(now); a64 armv8; t1=$(now); snap; c1=$(cpu)
aw=$(( (t1 - t0) / 1000000 )); ap=$((c1 - c0))
echo "  the AArch64 cells ($(wc -l < "$D/jobs-a64") example x target rules, $J processes at a time, empty caches):"
echo "    SC only:         ${nw} ms wall, processes ${np} ms (user + sys)"
echo "    SC and Armv8:    ${aw} ms wall, processes ${ap} ms: the Armv8 exploration adds $((aw - nw)) ms wall, $((ap - np)) ms processes"
python3 - "$D/a64-armv8" <<'PY'
import json, os, sys
n = ok = part = err = 0
ss = sm = ex = al = am = 0.0
for root, _, files in os.walk(sys.argv[1]):
    for f in files:
        d = json.load(open(os.path.join(root, f)))
        for vs in d["cells"].values():
            for c in vs.values():
                if c["status"] != "ok":
                    continue
                a = c.get("armv8") or {}
                n += 1
                if a.get("status") != "ok":
                    err += 1
                    continue
                ok += 1; part += a["partial"]
                ss += c["states"]; sm += c["explore_ms"]
                ex += a["executions"]; al += a["allowed"]; am += a["explore_ms"]
print(f"    {n} cells: {ok} explored under Armv8 ({part} partial), {err} not (mixed sizes, SIMD)")
print(f"    on those: SC {ss:.0f} states in {sm:.0f} ms of search ({ss / sm * 1000 if sm else 0:.0f} states/s);"
      f" Armv8 {ex:.0f} candidate executions ({al:.0f} allowed) in {am:.0f} ms (INIT, paths, enumeration, CHECK:"
      f" {ex / am * 1000 if am else 0:.0f} executions/s), {am / sm if sm else 0:.2f}x the SC search's time")
PY
[ "${NATIVE_BENCH_MATRIX:-1}" = 0 ] && exit 0
M=$D/mbuild
mkdir -p "$M"
mk() { make --no-print-directory -j"$J" BUILD="$M" "$1" > "$D/make-$1.log" 2>&1; }
snap; c0=$(cpu); t0=$(now); mk asm; t1=$(now); snap; c1=$(cpu)
aw=$(( (t1 - t0) / 1000000 )); ap=$((c1 - c0))
snap; c0=$(cpu); t0=$(now); mk native-cells; t1=$(now); snap; c1=$(cpu)
nw=$(( (t1 - t0) / 1000000 )); np=$((c1 - c0))
echo "  the matrix build from empty caches (scratch $M):"
echo "    make asm:           ${aw} ms wall, processes ${ap} ms: overhead ratio $(ratio "$aw" $((ap / J)))"
echo "    make native-cells:  ${nw} ms wall, processes ${np} ms: overhead ratio $(ratio "$nw" $((np / J)))"
echo "    both:               $((aw + nw)) ms wall, processes $((ap + np)) ms: overhead ratio $(ratio $((aw + nw)) $(( (ap + np) / J )))"
