#!/usr/bin/env bash
# report.sh: regenerates the reference report in docs/: runs the whole suite
# with cmd/benchrun, 6 rounds of every leaf in its own process, the
# server=process rows included (about two hours on 2 cores; keep the
# machine otherwise idle), writes the results
# to docs/results.txt, and from them, with go generate (doc.go), every page
# and block made from it: docs/REPORT.md, docs/charts/*.svg, the headline on
# README.md, the result tables of docs/results.md.
#
#   scripts/report.sh            # run the suite, then write the report
#   scripts/report.sh FILE       # write the report from an existing results file
set -euo pipefail

die() { echo "${0##*/}: $*" >&2; exit 1; }

[[ $# -le 1 ]] || die "usage: scripts/report.sh [RESULTS_FILE]"
[[ $# -eq 0 ]] || set -- "$(realpath -m -- "$1")" # where the caller stands
cd "$(dirname "$0")/.."
if [[ $# -eq 1 ]]; then
  [[ -s $1 ]] || die "$1: missing or empty"
  [[ $(realpath "$1") == $(realpath -m docs/results.txt) ]] || cp "$1" docs/results.txt
else
  # benchrun writes docs/results.txt only when the whole run succeeds. A
  # pattern that names server= selects the server=process rows too
  # (suite/optin.go); "." selects every other leaf.
  go run ./cmd/benchrun -rounds 6 -bench '.|server=process' -o docs/results.txt
fi
rm -rf docs/charts
go generate .
echo "${0##*/}: wrote docs/REPORT.md, docs/charts/, README.md's headline and docs/results.md's tables from docs/results.txt"
