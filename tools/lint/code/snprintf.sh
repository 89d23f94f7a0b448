#!/bin/sh
# snprintf.sh [DIR...] - no silent truncation: fails (listing file:line) on every bare snprintf or
# vsnprintf statement, whose result nobody reads, in the C sources under DIR (default tools). A
# fixed array is filled with tools/lib's fmt_fixed (refuses: returns -1), xsnprintf (aborts: the size
# is known to fit) or fmt_msg (an error message, cut visibly with "..."), or a growable buffer
# (buf_printf, xasprintf) is used instead. Not checked: tests and fuzzers (their own fixtures) and
# tools/lib/buf.c (the implementation).
set -eu
[ $# -gt 0 ] || set -- tools
hits=$(grep -rnE --include='*.c' '^[[:space:]]*(\(void\)[[:space:]]*)?v?snprintf[[:space:]]*\(' "$@" |
	grep -vE '/(tests|fuzz)/|(^|/)tools/lib/buf\.c:' || true)
if [ -n "$hits" ]; then
	echo "$hits" | sed "s|$|  <- unchecked snprintf into a fixed array: use fmt_fixed, xsnprintf, fmt_msg or a struct buf (tools/lib/buf.h)|" >&2
	exit 1
fi
echo "snprintf.sh: no unchecked snprintf in $*"
