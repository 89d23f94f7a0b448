#!/bin/sh
# bundle.sh FORMAT LAB OUT - a lab's grading bundle for a service, made from the student kit
# (build/dist/lab-kit.tar.gz: no solution, wrong fix or test) plus tools/grade:
#   gradescope LAB OUT.zip   Gradescope's autograder zip: setup.sh and run_autograder at its root,
#                            LAB naming the lab; UNSANDBOXED=1 in the environment writes the
#                            teacher's opt-out (for an image where bubblewrap cannot run)
#   classroom LAB OUTDIR     a GitHub Classroom template repository: the kit with
#                            .github/workflows/classroom.yml grading LAB on every push
set -eu
format=$1 lab=$2 out=$3
B=${BUILD:-build}
kit=$B/dist/lab-kit.tar.gz
[ -f "$kit" ] || { echo "$kit: missing; run make lab-kit" >&2; exit 1; }
node tools/lab/lab.js list | grep -qx -- "$lab" ||
	{ echo "labs/labs.conf:1: no lab '$lab'" >&2; exit 1; }
stage=$B/dist/stage-$format-$lab
rm -rf "$stage"
mkdir -p "$stage"
tar -xzf "$kit" -C "$stage"
root=$stage/lab-kit
mkdir -p "$root/tools/grade/lib"
cp -p tools/grade/lib/*.js "$root/tools/grade/lib/"
cp -p tools/grade/gradescope.js "$root/tools/grade/"
case $format in
gradescope)
	rm -rf "$root/course-site"
	cp -p tools/grade/gradescope/setup.sh tools/grade/gradescope/run_autograder "$root/"
	echo "$lab" > "$root/LAB"
	if [ "${UNSANDBOXED:-}" = 1 ]; then echo "set by make gradescope UNSANDBOXED=1" > "$root/UNSANDBOXED"; fi
	# zip stores no time before 1980 (the kit's are 0, for reproducible archives)
	find "$root" -exec touch -h -d 1980-01-02T00:00:00Z {} +
	mkdir -p "$(dirname "$out")"
	rm -f "$out"
	out_abs=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
	(cd "$root" && python3 -m zipfile -c "$out_abs" $(ls -A))
	;;
classroom)
	mkdir -p "$root/.github/workflows"
	sed "s/@LAB@/$lab/g" tools/grade/classroom/classroom.yml > "$root/.github/workflows/classroom.yml"
	rm -rf "$out"
	mkdir -p "$(dirname "$out")"
	mv "$root" "$out"
	;;
*) echo "usage: bundle.sh gradescope|classroom LAB OUT" >&2; exit 2 ;;
esac
rm -rf "$stage"
echo "wrote $out"
