#!/bin/sh
# prune-data.sh DATA_DIR 'KIND...' ID... - removes from DATA_DIR (build/data) what belongs to examples and
# labs that no longer exist, so that the next site build neither shows nor copies them. The KINDs are the
# directories of DATA_DIR whose files are keyed by an example's id ("load-fusing/need-to-stop",
# "lab/polling"): <id>.json, <id>.<variant>.<ext> or <id>/...; each pipeline's makefile names its own in
# DATA_BY_ID (tools/asm/asm.mk: meta examples src asm site/asm, ...), and the Makefile passes the list.
# A file there whose path (after the kind directory) is none of the given ids followed by '.' or '/' is
# removed. Everything else (evidence.json, site/explorer/) is left alone, and so are directories: another
# job of a parallel make may be about to write into one that is empty right now.
set -eu
data=$1
kinds=$2
shift 2
[ -d "$data" ] || exit 0
ids=$(mktemp)
trap 'rm -f "$ids"' EXIT
printf '%s\n' "$@" >"$ids"
for kind in $kinds; do
    [ -d "$data/$kind" ] || continue
    (cd "$data/$kind" && find . -type f | sed 's|^\./||') |
        awk -v ids="$ids" -v dir="$data/$kind" '
            BEGIN { while ((getline id < ids) > 0) live[id] = 1 }
            {
                keep = index($0, "/") == 0 # a file of the whole kind (a report), not of one id
                for (i = 1; i <= length($0) && !keep; i++) {
                    c = substr($0, i, 1)
                    if ((c == "." || c == "/") && (substr($0, 1, i - 1) in live)) keep = 1
                }
                if (!keep) print dir "/" $0
            }' |
        while IFS= read -r f; do rm -f "$f"; done
done
