#!/bin/sh
# long-functions.sh [--list] [DIR...] - functions a reader can take in at once: fails (listing
# file:line: name: N lines) on every C function longer than 80 lines under DIR (default tools), from
# its signature to its closing brace, in the tree's .clang-format layout (a definition's "{" and "}"
# alone at the start of a line). A function named in tools/lint/code/long-functions.known with its
# length (one "file name lines" a line: the ones that are still to be split) may keep that length, not
# grow; a name there that is no longer too long must be taken out. --list prints every function over 50
# lines, longest first, and succeeds. Not checked: tests, fuzzers and their fixtures.
set -eu
here=$(dirname "$0")
list=0
[ "${1:-}" = --list ] && { list=1; shift; }
full=0 # the whole tree: a known function that is gone or short must leave the list
[ $# -gt 0 ] || { full=1; set -- tools; }
files=$(find "$@" -name '*.c' -not -path '*/tests/*' -not -path '*/fuzz/*' | LC_ALL=C sort)
[ -n "$files" ] || exit 0
# file line name length, for every definition
lengths=$(awk '
	FNR == 1 { sig = ""; sigline = 0 }
	/^[A-Za-z_].*\(/ && !/;[[:space:]]*$/ { sig = $0; sigline = FNR }
	/^\{/ { start = sigline ? sigline : FNR; name = sig; sub(/\(.*/, "", name); n = split(name, w, /[ *]+/); name = w[n] }
	/^\}/ && start { print FILENAME, start, name, FNR - start + 1; start = 0; sigline = 0 }
' $files)
if [ $list = 1 ]; then
	echo "$lengths" | awk '$4 > 50' | sort -k4,4nr
	exit 0
fi
known=$here/long-functions.known
bad=$(echo "$lengths" | awk -v known="$known" -v full=$full '
	BEGIN { while ((getline l < known) > 0) if (l !~ /^#/ && l != "") { split(l, kk, " "); allow[kk[1] " " kk[2]] = kk[3]; seen[kk[1] " " kk[2]] = 0 } }
	{ key = $1 " " $3 }
	key in allow { seen[key] = $4 }
	$4 > 80 && !(key in allow) { printf "%s:%d: %s: %d lines (more than 80: split it)\n", $1, $2, $3, $4 }
	$4 > 80 && (key in allow) && $4 > allow[key] { printf "%s:%d: %s: %d lines, more than the %d it is known at\n", $1, $2, $3, $4, allow[key] }
	END { for (k in seen) if (full && seen[k] <= 80) { split(k, p, " "); printf "%s: %s: %d lines now (or gone): take it out of %s\n", p[1], p[2], seen[k], known } }
')
if [ -n "$bad" ]; then
	echo "$bad" >&2
	exit 1
fi
echo "long-functions.sh: no C function over 80 lines in $* besides the $(grep -vc '^#' "$known") of $known"
