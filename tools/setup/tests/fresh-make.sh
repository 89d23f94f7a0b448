#!/bin/sh
# fresh-make.sh - `make` in a fresh clone on a machine whose build libraries appear only while the
# project's installer runs. Shims on PATH stand in for the package system: dpkg-query reports every
# package missing and pkg-config fails until apt-get has "installed" them (it creates a flag file); `id -u`
# says root and npm does nothing. Nothing is installed for real and no root is needed.
# Passes when one make in the clone, run once, builds its goals and every binary whose flags a fragment
# asks pkg-config for (build/bin/sitegen, build/asm/asm-tool, build/sandbox/sandbox,
# build/litmus/litmus-tool) and they run, and `make lint` passes there (the originality check needs
# nothing beside the clone: the clone's parent holds no shared/); when every pkg-config query made before setup was made again
# after it (so no fragment kept a value from before, whichever fragment asked); and when no pkg-config
# error reached make's output (a fragment that asks while make reads the makefiles stays quiet).
# Fails (with make's output) otherwise.
# usage: fresh-make.sh [GOAL...]   (default: the binaries above; `fresh-make.sh all` is the README's `make`,
#                                   the whole site, with this work tree's compile caches copied in)
set -eu
top=$(cd "$(dirname "$0")/../../.." && pwd)
tmp=$(mktemp -d /tmp/setup-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
shims=$tmp/shims flag=$tmp/installed log=$tmp/shims.log
mkdir -p "$shims"

# The clone: what is committed, plus the uncommitted changes to tracked files of this work tree.
git clone -q "$top" "$tmp/p"
(cd "$top" && git diff HEAD --binary) >"$tmp/wip.diff"
if [ -s "$tmp/wip.diff" ]; then (cd "$tmp/p" && git apply "$tmp/wip.diff"); fi

real_pkg_config=$(command -v pkg-config)
real_id=$(command -v id)
cat >"$shims/dpkg-query" <<SH
#!/bin/sh
[ -f '$flag' ] && { printf 'install ok installed'; exit 0; }
echo "dpkg-query: no packages found matching \$*" >&2; exit 1
SH
cat >"$shims/apt-get" <<SH
#!/bin/sh
echo "apt-get \$*" >>'$log'
case " \$* " in *" install "*) touch '$flag' ;; esac
SH
cat >"$shims/pkg-config" <<SH
#!/bin/sh
if [ -f '$flag' ]; then echo "pkg-config after setup: \$*" >>'$log'; exec '$real_pkg_config' "\$@"; fi
echo "pkg-config before setup: \$*" >>'$log'
echo "pkg-config (test shim): \$*: not installed yet" >&2; exit 1
SH
cat >"$shims/id" <<SH
#!/bin/sh
[ "\${1:-}" = -u ] && { echo 0; exit 0; }
exec '$real_id' "\$@"
SH
printf '#!/bin/sh\necho "npm $*" >>%s\nmkdir -p node_modules\n' "'$log'" >"$shims/npm"
chmod +x "$shims"/*

# Every binary built with flags from pkg-config; make builds them beside the goals in the same run.
bins="build/bin/sitegen build/asm/asm-tool build/sandbox/sandbox build/litmus/litmus-tool"
goals="$*"
# The compile caches (keyed by what they compile) spare the whole site's compilers; setup is untouched.
if [ -n "$goals" ] && [ -d "$top/build/cache" ]; then
    mkdir -p "$tmp/p/build/cache"
    for c in asm wasm; do if [ -d "$top/build/cache/$c" ]; then cp -a "$top/build/cache/$c" "$tmp/p/build/cache/"; fi; done
fi
set -- $goals $bins lint
if ! (cd "$tmp/p" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u SETUP_DONE PATH="$shims:$PATH" \
        make -j2 "$@") >"$tmp/make.log" 2>&1; then
    echo "tools/setup/tests/fresh-make.sh: make $* failed in a fresh clone (libraries installed by setup):"
    cat "$tmp/make.log"
    echo "--- shim log:"; cat "$log" 2>/dev/null || true
    exit 1
fi
fail() { echo "tools/setup/tests/fresh-make.sh: $*"; cat "$tmp/make.log"; cat "$log"; exit 1; }
grep -q '^apt-get install' "$log" || fail "the installer did not run apt-get install"
grep -q '^pkg-config before setup' "$log" || fail "the shim never failed: the test proves nothing"
grep -q '^pkg-config after setup' "$log" || fail "pkg-config was never asked after setup"
sed -n 's/^pkg-config before setup: //p' "$log" | sort -u >"$tmp/before"
sed -n 's/^pkg-config after setup: //p' "$log" | sort -u >"$tmp/after"
stale=$(comm -23 "$tmp/before" "$tmp/after")
[ -z "$stale" ] || fail "asked before setup and never again (a value make kept from before setup): $stale"
! grep -q 'not installed yet' "$tmp/make.log" || fail "a pkg-config error reached make's output (asked before setup, not quietly)"
"$tmp/p/build/bin/sitegen" --help >/dev/null || fail "build/bin/sitegen does not run"
"$tmp/p/build/asm/asm-tool" 2>&1 | grep -q usage || fail "build/asm/asm-tool does not run"
"$tmp/p/build/sandbox/sandbox" 2>&1 | grep -qi usage || fail "build/sandbox/sandbox does not run"
"$tmp/p/build/litmus/litmus-tool" 2>&1 | grep -qi usage || fail "build/litmus/litmus-tool does not run"
case " $goals " in
*" all "*) [ -f "$tmp/p/build/site/index.html" ] || fail "make all left no build/site/index.html" ;;
esac
echo "setup-test: a fresh clone builds with libraries that appear during setup"
