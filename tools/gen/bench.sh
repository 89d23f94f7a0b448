#!/bin/sh
# tools/gen/bench.sh (`make gen-bench`): the generator's benchmark, in one run:
#  1. our Markdown pipeline (front matter, cmark-gfm library, ids, quizzes, C highlighting, HTML) against the
#     cmark-gfm CLI (-e table -e autolink -e strikethrough) on the same content/**/*.md files, side by side;
#  2. a full build, a no-op rebuild and a rebuild after changing one page, on a scratch copy of the inputs
#     (build/site and content/ are not touched).
set -eu
SITEGEN=${SITEGEN:-build/bin/sitegen}
N=${GEN_BENCH_N:-50}
DATA=${GEN_BENCH_DATA:-build/data}
TEMPLATES=${GEN_BENCH_TEMPLATES:-site/templates}
files=$(find content -name '*.md' | sort)
[ -n "$files" ] || { echo "gen-bench: no content/**/*.md files" >&2; exit 1; }
nfiles=$(echo "$files" | wc -l)
bytes=$(cat $files | wc -c)
command -v cmark-gfm >/dev/null || { echo "gen-bench: cmark-gfm CLI missing (Debian package cmark-gfm)" >&2; exit 1; }

now() { date +%s%N; }
ms() { awk -v a="$1" -v b="$2" -v n="${3:-1}" 'BEGIN { printf "%.3f", (b - a) / 1e6 / n }'; }

echo "== Markdown: $nfiles files, $bytes bytes, $N runs each"
t0=$(now); i=0
while [ $i -lt "$N" ]; do cmark-gfm -e table -e autolink -e strikethrough $files >/dev/null; i=$((i + 1)); done
t1=$(now); i=0
while [ $i -lt "$N" ]; do "$SITEGEN" --bench-markdown 1 $files >/dev/null; i=$((i + 1)); done
t2=$(now)
cli=$(ms "$t0" "$t1" "$N"); ours=$(ms "$t1" "$t2" "$N")
printf '%-52s %10s ms per run\n' "cmark-gfm CLI (one process, all files)" "$cli"
printf '%-52s %10s ms per run\n' "sitegen --bench-markdown 1 (one process, all files)" "$ours"
awk -v a="$ours" -v b="$cli" 'BEGIN { printf "ratio sitegen / cmark-gfm CLI: %.2f\n", a / b }'
echo "in-process, without process start-up:"
"$SITEGEN" --bench-markdown "$N" $files
SITEGEN_BENCH_NO_HIGHLIGHT=1 "$SITEGEN" --bench-markdown "$N" $files

echo "== Rebuilds (scratch copy of content/ and site/, templates from $TEMPLATES, data from $DATA)"
scratch=$(mktemp -d /tmp/gen-bench.XXXXXX)
trap 'rm -rf "$scratch"' EXIT INT TERM
cp -a content site "$scratch/"
if [ "$TEMPLATES" != site/templates ]; then rm -rf "$scratch/site/templates" && cp -a "$TEMPLATES" "$scratch/site/templates"; fi
mkdir -p "$scratch/data"
[ -d "$DATA" ] && cp -a "$DATA/." "$scratch/data/"
run() {
    (cd "$scratch" && SITEGEN_STATS=1 "$OLDPWD/$SITEGEN" --content content --templates site/templates \
        --static site/static --data data --config site/config.lua --out out/site --state out/sitegen.state) \
        2>"$scratch/stats"
}
log="$scratch/log"
run >"$log"
echo "full build: $(grep -c . "$log") outputs rendered; $(cat "$scratch/stats")"
run >"$log"
echo "no-op rebuild: pages rendered = $(grep -c . "$log" || true); $(cat "$scratch/stats")"
page=$(cd "$scratch" && find content -name '*.md' ! -name index.md | sort | head -n 1)
printf '\nOne more paragraph for the benchmark.\n' >> "$scratch/$page"
run >"$log"
echo "rebuild after changing $page: $(grep -c . "$log") outputs rendered; $(cat "$scratch/stats"):"
sed 's/^/  /' "$log"
echo "(wall times depend on the machine's load: $(cut -d' ' -f1-3 /proc/loadavg) now)"
