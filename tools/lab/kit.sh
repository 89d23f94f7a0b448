#!/bin/sh
# kit.sh WHAT OUT.tar.gz - the archives of tools/lab/lab.mk:
#   site       the built site (build/site) as course-site/, opens offline from file://
#   kit        the student kit: lab pages, starter files, the checker and what it runs, the prebuilt
#              course site; no solution, no wrong fix, no over-fenced fix, no lab tests
#   solutions  the teacher's archive: every lab file, the instructor page, the reference costs
# Archives are reproducible (sorted names, fixed owner and times).
set -eu
what=$1 out=$2
B=${BUILD:-build}
# A stage and a temporary archive of this run's own: two makes may build the same archive at once
# (the lab and grade tests run side by side in `make check`); each renames a whole archive in place.
mkdir -p "$B/dist" "$(dirname "$out")"
stage=$(mktemp -d "$B/dist/stage-$what.XXXXXX")
trap 'rm -rf "$stage" "$out.tmp.$$"' EXIT
tarit() { # tarit DIR NAME : DIR/NAME -> $out
	tar -C "$1" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -czf "$out.tmp.$$" "$2"
	mv "$out.tmp.$$" "$out"
	rm -rf "$stage"
	echo "wrote $out"
}
copy() { # copy FILE... into the stage, keeping paths
	for f in "$@"; do
		mkdir -p "$stage/$top/$(dirname "$f")"
		cp -p "$f" "$stage/$top/$f"
	done
}
labs=$(node tools/lab/lab.js list)
case $what in
site)
	[ -f "$B/site/index.html" ] || { echo "$B/site/index.html: missing; run make site" >&2; exit 1; }
	mkdir -p "$stage"
	cp -a "$B/site" "$stage/course-site"
	tarit "$stage" course-site
	;;
kit)
	[ -f "$B/site/index.html" ] || { echo "$B/site/index.html: missing; run make site" >&2; exit 1; }
	top=lab-kit
	copy examples/include/course.h examples/targets.conf tools/setup/debian-packages.txt tools/setup/install-deps.sh
	for l in $labs; do copy "labs/$l/lab.c" "content/labs/$l.md"; done
	copy tools/lab/lab.js labs/labs.conf tools/lab/reference.json tools/lab/lab.mk tools/lab/kit.sh tools/lab/README.md
	copy tools/lab/lib/*.js
	copy tools/asm/asm.mk tools/asm/compile.sh tools/asm/meta.sh tools/asm/src/*.c tools/asm/src/*.h
	# the explorer: lib/outcomes.js requires the engine ../runtime.js (shared with the browser), and
	# lib/pipeline.js compiles with include/x86-barriers.h (smp_rmb/smp_wmb as x86 has them)
	copy tools/wasm/explore.js tools/wasm/lib/*.js tools/wasm/runtime.js tools/wasm/include/*.h
	copy tools/gen/gen.mk tools/gen/*.c tools/gen/*.h tools/gen/*.cc
	# the helpers every C tool links (allocation, buffers, file reading)
	copy tools/lib/lib.mk tools/lib/*.c tools/lib/*.h
	# the sandbox every step on the lab file runs in (bubblewrap, limits, the checks)
	copy tools/sandbox/sandbox.mk tools/sandbox/sandbox.js tools/sandbox/README.md tools/sandbox/src/*.c tools/sandbox/src/*.h
	copy site/config.lua $(find site/templates site/static -type f)
	cp tools/lab/kit.Makefile "$stage/$top/Makefile"
	cp tools/lab/kit-README.md "$stage/$top/README.md"
	cp -a "$B/site" "$stage/$top/course-site"
	tarit "$stage" "$top"
	;;
solutions)
	top=lab-solutions
	copy tools/lab/reference.json labs/labs.conf
	[ -f content/labs/instructor.md ] && copy content/labs/instructor.md
	for l in $labs; do copy $(find "labs/$l" -name '*.c' | sort) "content/labs/$l.md"; done
	tarit "$stage" "$top"
	;;
*) echo "usage: kit.sh site|kit|solutions OUT.tar.gz" >&2; exit 2 ;;
esac
