#!/usr/bin/env bash
# setup.sh - Gradescope runs this once, as root, in /autograder/source, when it builds the
# autograder's image: the Debian packages the grader needs (tools/setup/debian-packages.txt: the
# image must be Debian 12 based) and the C tool it runs.
set -eu
cd "$(dirname "$0")"
sh tools/setup/install-deps.sh
make --no-print-directory build/asm/asm-tool build/sandbox/sandbox build/native/native-tool
