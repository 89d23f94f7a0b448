#!/bin/sh
# cpu-of.sh - runs a command and prints its wall time and the CPU the whole machine was busy meanwhile
# (user + nice + system + irq + softirq jiffies of /proc/stat, before and after). Unlike `time`, this
# counts processes the command never waits for (chromium's renderers, reaped by init), so it is the
# figure to use on a machine where nothing else runs. The command's output goes to $CPU_OF_OUT
# (default /tmp/cpu-of.out).
#   sh tools/dev/cpu-of.sh make browser-test
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat; }
hz=$(getconf CLK_TCK)
b0=$(busy); t0=$(date +%s.%N)
"$@" > "${CPU_OF_OUT:-/tmp/cpu-of.out}" 2>&1; rc=$?
b1=$(busy); t1=$(date +%s.%N)
awk -v c="$*" -v rc=$rc -v t0=$t0 -v t1=$t1 -v b0=$b0 -v b1=$b1 -v hz=$hz \
    'BEGIN { printf "%s: rc=%d wall %.1f s, busy CPU %.1f s\n", c, rc, t1 - t0, (b1 - b0) / hz }'
exit $rc
