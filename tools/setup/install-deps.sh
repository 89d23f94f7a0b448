#!/bin/sh
# Installs the Debian packages (tools/setup/debian-packages.txt) and the npm packages
# (package.json, for the browser tests only) that this machine is missing.
# Quiet when nothing is missing. Not root and something missing: prints the command and fails.
#
# usage: install-deps.sh [--stamp FILE]
#   --stamp FILE   after a successful run, (re)write FILE when something was installed or FILE is missing,
#                  and leave it untouched otherwise. The top-level Makefile includes FILE: a new FILE makes
#                  GNU make read the makefiles again, now with the installed libraries (pkg-config).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
list="$here/debian-packages.txt"
stamp=""
if [ "${1:-}" = "--stamp" ]; then
    stamp=${2:?--stamp needs a file}
fi
installed=""

missing=""
for pkg in $(sed -e 's/#.*//' "$list"); do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    case "$status" in
        *" installed") ;;
        *) missing="$missing $pkg" ;;
    esac
done
# node and npm: any install that provides both will do (Debian's nodejs + npm, or a newer nodejs).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    missing="$missing nodejs npm"
fi

if [ -n "$missing" ]; then
    cmd="apt-get install -y --no-install-recommends$missing"
    if [ "$(id -u)" -ne 0 ]; then
        echo "setup: missing Debian packages:$missing" >&2
        echo "setup: run as root:  apt-get update && $cmd" >&2
        exit 1
    fi
    echo "setup: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    # Refresh the package lists when they are absent or older than a day.
    if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -n 1)" ]; then
        apt-get update -qq
    fi
    apt-get install -y -qq --no-install-recommends $missing
    installed=yes
fi

# npm packages for the browser tests, pinned by package-lock.json.
if [ -f "$top/package-lock.json" ]; then
    npm_stamp="$top/node_modules/.install-stamp"
    if [ ! -f "$npm_stamp" ] || [ "$top/package-lock.json" -nt "$npm_stamp" ]; then
        echo "setup: installing npm packages (package-lock.json)"
        (cd "$top" && npm ci --no-audit --no-fund --loglevel=error)
        touch "$npm_stamp"
        installed=yes
    fi
fi

if [ -n "$stamp" ] && { [ -n "$installed" ] || [ ! -f "$stamp" ]; }; then
    mkdir -p "$(dirname "$stamp")"
    printf '# Written by tools/setup/install-deps.sh when it last installed something (or found all in place).\n' >"$stamp.tmp"
    mv "$stamp.tmp" "$stamp"
fi
