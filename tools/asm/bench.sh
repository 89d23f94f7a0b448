#!/bin/sh
# bench.sh - `make asm-bench`: the matrix build's cost.
#  1. full build from an empty cache in a scratch build directory: wall time, and the sum of the
#     wall times of every compiler and disassembler process (compile.sh logs them), divided by
#     the cores make may use: overhead = wall / (process time / cores), 1.0 is perfect;
#  2. a no-op rebuild (nothing changed);
#  3. a one-example rebuild (one example's source touched: its matrix re-analyzed, cache hits).
# Scratch: $BENCH_DIR (default /tmp/asm-bench); the real build/ is not touched.
set -eu
J=${ASM_BENCH_JOBS:-2}
D=${BENCH_DIR:-/tmp/asm-bench}
rm -rf "$D"
mkdir -p "$D"
log=$D/times.log
: > "$log"
now() { date +%s%N; }
ms() { echo $(( ($2 - $1) / 1000000 )); }
mk() { make --no-print-directory -j"$J" BUILD="$D/build" asm >/dev/null; }

t0=$(now); ASM_TIMES_LOG=$log mk; t1=$(now)
full=$(ms "$t0" "$t1")
n=$(grep -c . "$log" || true)
sum_us=$(awk '{ s += $2 } END { print s + 0 }' "$log")
sum_ms=$((sum_us / 1000))
compile_ms=$(awk '$1 == "compile" { s += $2 } END { print int(s / 1000) }' "$log")
objdump_ms=$(awk '$1 == "objdump" { s += $2 } END { print int(s / 1000) }' "$log")
ideal=$((sum_ms / J))
t0=$(now); mk; t1=$(now)
noop=$(ms "$t0" "$t1")
touch examples/load-fusing/need-to-stop.c
t0=$(now); ASM_TIMES_LOG=$D/one.log mk; t1=$(now)
one=$(ms "$t0" "$t1")
one_procs=$(grep -c . "$D/one.log" 2>/dev/null || echo 0)
echo "asm-bench (make -j$J asm, $(nproc) cores on this machine)"
echo "  full matrix build:   ${full} ms wall; $n compiler/objdump processes, ${sum_ms} ms"
echo "                       (compile ${compile_ms} ms, objdump ${objdump_ms} ms)"
echo "                       ideal = process time / $J = ${ideal} ms; overhead ratio = $(awk -v a="$full" -v b="$ideal" 'BEGIN { printf "%.2f", b ? a / b : 0 }')"
echo "  no-op rebuild:       ${noop} ms"
echo "  one-example rebuild: ${one} ms (load-fusing/need-to-stop touched; $one_procs compiler/objdump processes: cache hits)"
