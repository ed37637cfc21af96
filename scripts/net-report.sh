#!/usr/bin/env bash
# net-report.sh: records the net= rows (the suite's benchmarks over the
# emulated paths of package netem: lan, wan, lossy) with cmd/benchrun, 6
# rounds of every leaf in its own process, each sample one op after the
# two warm-up ops every leaf makes (an op over the lossy profile takes up
# to 4 s: a 1 MiB upload at 1 % loss; the whole run takes about 75
# minutes), into docs/network.txt, then rewrites every page made from it
# with go generate (doc.go): docs/network/, docs/network.md and README.md's
# "On a real path". Keep the
# machine otherwise idle: the paths' timing shares its CPUs.
#
#   scripts/net-report.sh            # run the net= rows, then write the pages
#   scripts/net-report.sh FILE       # write the pages from an existing results file
set -euo pipefail

die() { echo "${0##*/}: $*" >&2; exit 1; }

[[ $# -le 1 ]] || die "usage: scripts/net-report.sh [RESULTS_FILE]"
[[ $# -eq 0 ]] || set -- "$(realpath -m -- "$1")" # where the caller stands
cd "$(dirname "$0")/.."
if [[ $# -eq 1 ]]; then
  [[ -s $1 ]] || die "$1: missing or empty"
  [[ $(realpath "$1") == $(realpath -m docs/network.txt) ]] || cp "$1" docs/network.txt
else
  # benchrun writes docs/network.txt only when the whole run succeeds.
  go run ./cmd/benchrun -rounds 6 -benchtime 1x -bench '/net=' -o docs/network.txt
fi
go generate .
echo "${0##*/}: wrote README.md's \"On a real path\" and docs/network.md from docs/network.txt"
