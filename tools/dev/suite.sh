#!/bin/bash
# suite.sh DIR NAME CMD... - run one suite of `make check` (the Makefile's check/<suite> rule).
# The suite's output goes to DIR/NAME.log and is printed whole when it ends, so suites running side
# by side never interleave; its wall-clock and CPU seconds (user + sys of every process it waited
# for) go to DIR/NAME.time as "WALL USER SYS STATUS" for check-summary.sh. Exit status: the suite's.
set -u
dir=$1 name=$2
shift 2
mkdir -p "$dir"
log=$dir/$name.log
echo "check: $name started"
TIMEFORMAT='%R %U %S'
{ time "$@" >"$log" 2>&1; } 2>"$dir/$name.time.tmp"
rc=$?
echo "$(tail -n 1 "$dir/$name.time.tmp") $rc" >"$dir/$name.time" && rm -f "$dir/$name.time.tmp"
read -r wall user sys _ <"$dir/$name.time"
if [ $rc = 0 ]; then
	echo "=== $name: ok ($wall s wall, $(awk "BEGIN { print $user + $sys }") s CPU)"
	cat "$log"
else
	echo "=== $name: FAILED, exit $rc ($wall s wall; the log: $log)"
	cat "$log"
	echo "=== $name: FAILED, exit $rc"
fi
exit $rc
