#!/bin/sh
# idle-sample.sh - every 5 s until killed, prints the seconds elapsed, the machine's idle share of the
# last 5 s in percent (idle + iowait jiffies of /proc/stat) and the 1-minute load average.
#   sh tools/dev/idle-sample.sh > idle.log & pid=$!; make check; kill $pid
stat() { awk '/^cpu /{print $2+$3+$4+$5+$6+$7+$8, $5+$6}' /proc/stat; }
prev=$(stat); t=0
while sleep 5; do
	cur=$(stat)
	set -- $prev $cur
	t=$((t + 5))
	echo "$t $(( ($4 - $2) * 100 / ($3 - $1 + 1) )) $(cut -d' ' -f1 /proc/loadavg)"
	prev=$cur
done
