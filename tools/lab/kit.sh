#!/bin/sh
# kit.sh WHAT OUT.tar.gz - the archives of tools/lab/lab.mk:
#   site       the built site (build/site) as course-site/, opens offline from file://
#   kit        the student kit: lab pages, starter files, the checker and what it runs, the prebuilt
#              course site; no solution, no wrong fix, no over-fenced fix, no lab tests
#   solutions  the teacher's archive: every lab file, the instructor page, the reference costs
# Archives are reproducible (sorted names, fixed owner and times); one whose content has not changed
# is left as it is (OUT.sha256: the sum of its uncompressed tar).
set -eu
what=$1 out=$2
B=${BUILD:-build}
# A stage and a temporary archive of this run's own: two makes may build the same archive at once
# (the lab and grade tests run side by side in `make check`); each renames a whole archive in place.
mkdir -p "$B/dist" "$(dirname "$out")"
stage=$(mktemp -d "$B/dist/stage-$what.XXXXXX")
trap 'rm -rf "$stage" "$out.tmp.$$" "$out.tar.$$" "$out.sha256.$$"' EXIT
tarit() { # tarit TAR ARGS... : the archive of what TAR ARGS name in $stage (and elsewhere with -C) -> $out
	# The archive's content is its uncompressed tar (names sorted, owner and times fixed): when $out
	# already holds that content ($out.sha256), it stays as it is (the lab and grade tests ask for the
	# kit four times in one `make check`; compressing it again would give the same bytes).
	tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cf "$out.tar.$$" "$@"
	sum=$(sha256sum <"$out.tar.$$" | cut -d' ' -f1)
	if [ -f "$out" ] && [ "$(cat "$out.sha256" 2>/dev/null)" = "$sum" ]; then
		rm -f "$out.tar.$$"
		rm -rf "$stage"
		echo "up to date: $out"
		return
	fi
	gzip -n -c "$out.tar.$$" >"$out.tmp.$$"
	rm -f "$out.tar.$$"
	mv "$out.tmp.$$" "$out"
	echo "$sum" >"$out.sha256.$$" && mv "$out.sha256.$$" "$out.sha256"
	rm -rf "$stage"
	echo "wrote $out"
}
copy() { # copy FILE... into the stage, keeping paths
	mkdir -p "$stage/$top"
	cp -p --parents "$@" "$stage/$top/"
}
labs=$(node tools/lab/lab.js list)
case $what in
site)
	[ -f "$B/site/index.html" ] || { echo "$B/site/index.html: missing; run make site" >&2; exit 1; }
	tarit -C "$(cd "$B" && pwd)" --transform='flags=rh;s,^site\(/\|$\),course-site\1,' site
	;;
kit)
	[ -f "$B/site/index.html" ] || { echo "$B/site/index.html: missing; run make site" >&2; exit 1; }
	top=lab-kit
	copy examples/include/course.h examples/targets.conf tools/setup/debian-packages.txt tools/setup/install-deps.sh
	for l in $labs; do copy "labs/$l/lab.c" "content/labs/$l.md"; done
	copy tools/lab/lab.js labs/labs.conf tools/lab/reference.json tools/lab/lab.mk tools/lab/kit.sh tools/lab/README.md
	copy tools/lab/lib/*.js
	copy tools/asm/asm.mk tools/asm/compile.sh tools/asm/meta.sh tools/asm/src/*.c tools/asm/src/*.h
	# the example format's reader (the lab file, its predicates, targets.conf), linked by asm-tool
	copy tools/example/example.mk tools/example/*.c tools/example/*.h
	# the explorer: lib/outcomes.js requires the engine ../runtime.js (shared with the browser), and
	# lib/pipeline.js compiles with include/x86-barriers.h (smp_rmb/smp_wmb as x86 has them)
	copy tools/wasm/explore.js tools/wasm/lib/*.js tools/wasm/runtime.js tools/wasm/include/*.h
	# the helpers the JavaScript tools share (the atomic file write, HTML escaping)
	copy tools/jslib/*.js
	copy tools/gen/gen.mk tools/gen/*.c tools/gen/*.h tools/gen/*.cc
	# the helpers every C tool links (allocation, buffers, file reading)
	copy tools/lib/lib.mk tools/lib/*.c tools/lib/*.h
	# the Armv8 exploration of the AArch64 cells: the native explorer (tools/native, its producer of
	# paths in tools/a64, the checker tools/model) and its verdicts (tools/native/expect.js)
	copy tools/native/native.mk tools/native/expect.js tools/native/src/*.c tools/native/src/*.h
	copy tools/a64/src/*.c tools/a64/src/*.h tools/model/model.mk tools/model/*.c tools/model/*.h
	# the sandbox every step on the lab file runs in (bubblewrap, limits, the checks)
	copy tools/sandbox/sandbox.mk tools/sandbox/sandbox.js tools/sandbox/README.md tools/sandbox/src/*.c tools/sandbox/src/*.h
	copy site/config.lua $(find site/templates site/static -type f)
	cp tools/lab/kit.Makefile "$stage/$top/Makefile"
	cp tools/lab/kit-README.md "$stage/$top/README.md"
	tarit "$top" -C "$(cd "$B" && pwd)" --transform="flags=rh;s,^site\\(/\\|\$\\),$top/course-site\\1," site
	;;
solutions)
	top=lab-solutions
	copy tools/lab/reference.json labs/labs.conf
	[ -f content/labs/instructor.md ] && copy content/labs/instructor.md
	for l in $labs; do copy $(find "labs/$l" -name '*.c' | sort) "content/labs/$l.md"; done
	tarit "$top"
	;;
*) echo "usage: kit.sh site|kit|solutions OUT.tar.gz" >&2; exit 2 ;;
esac
