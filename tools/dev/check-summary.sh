#!/bin/sh
# check-summary.sh DIR START SUITE... - the table `make check` ends with: each suite's wall-clock and
# CPU seconds (from DIR/<suite>.time, written by suite.sh), slowest first, the total, and the
# machine's load average (wall times of a loaded machine are inflated; CPU seconds much less).
# A suite without a .time file did not run (a prerequisite failed). START: `date +%s` when the
# suites started. Exit status: 0 only when every suite ran and passed.
dir=$1 start=$2
shift 2
now=$(date +%s)
for s in "$@"; do
	if [ -f "$dir/$s.time" ]; then echo "$s $(cat "$dir/$s.time")"; else echo "$s - - - norun"; fi
done | awk -v wall=$((now - start)) -v load="$(cut -d' ' -f1-3 /proc/loadavg)" '
{ name[NR] = $1; w[NR] = $2; cpu[NR] = $3 + $4; st[NR] = $5 }
END {
	n = NR
	for (i = 1; i <= n; i++) ord[i] = i
	for (i = 2; i <= n; i++) for (j = i; j > 1 && w[ord[j]] + 0 > w[ord[j - 1]] + 0; j--) { t = ord[j]; ord[j] = ord[j - 1]; ord[j - 1] = t }
	printf "make check: suite times (wall s, CPU s = user + sys)\n"
	bad = 0
	for (k = 1; k <= n; k++) {
		i = ord[k]
		if (st[i] == "norun") { printf "  %-22s      -         -    NOT RUN\n", name[i]; bad++; continue }
		res = st[i] == 0 ? "ok" : "FAILED (exit " st[i] ")"
		if (st[i] != 0) bad++
		printf "  %-22s %7.1f %9.1f    %s\n", name[i], w[i], cpu[i], res
		tcpu += cpu[i]
	}
	printf "  %-22s %7d %9.1f    (wall: the suites side by side; load average now %s)\n", "total", wall, tcpu, load
	exit bad > 0
}'
status=$?
if [ $status = 0 ]; then echo "make check: all tests passed"; else echo "make check: FAILED (see the suites above)"; fi
exit $status
