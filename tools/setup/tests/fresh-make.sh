#!/bin/sh
# fresh-make.sh - `make` in a fresh clone on a machine whose build libraries appear only while the
# project's installer runs. Shims on PATH stand in for the package system: dpkg-query reports every
# package missing and pkg-config fails until apt-get has "installed" them (it creates a flag file); `id -u`
# says root and npm does nothing. Nothing is installed for real and no root is needed.
# Passes when one `make` builds the binaries whose flags come from pkg-config while make reads its
# makefiles (build/bin/sitegen, build/asm/asm-tool, build/sandbox/sandbox) and they run, and when every
# pkg-config query made before setup was made again after it (so no fragment kept a value from before,
# whichever fragment asked); fails (with make's output) otherwise.
# usage: fresh-make.sh [MAKE ARGS...]   (default: the binaries above)
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

[ $# -gt 0 ] || set -- build/bin/sitegen build/asm/asm-tool build/sandbox/sandbox
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
"$tmp/p/build/bin/sitegen" --help >/dev/null || fail "build/bin/sitegen does not run"
"$tmp/p/build/asm/asm-tool" 2>&1 | grep -q usage || fail "build/asm/asm-tool does not run"
if [ -e "$tmp/p/build/sandbox/sandbox" ]; then
    "$tmp/p/build/sandbox/sandbox" 2>&1 | grep -qi usage || fail "build/sandbox/sandbox does not run"
fi
echo "setup-test: a fresh clone builds with libraries that appear during setup"
