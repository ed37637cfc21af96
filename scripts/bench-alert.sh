#!/usr/bin/env bash
# scripts/bench-alert.sh PREVIOUS RESULTS MACHINE OUT: the nightly's alert
# check (.github/workflows/bench.yml runs exactly this, after storing the
# results): cmd/benchdiff -alert -machine MACHINE -old PREVIOUS -new
# RESULTS, its Markdown in OUT for the job summary and the notification.
# benchdiff owns the rules (a time or throughput row more than 2x worse
# than the previous stored run's, github-action-benchmark's "200%"; a
# counter per op that rose: allocations, bytes, wire bytes, connections or
# handshakes per op, by internal/results.CounterRules), the text (a
# heading naming the machine, the rows that crossed and the counters that
# rose, a verdict naming both commits; on the machine's first run, that
# there is nothing to compare with) and the exit status: 0 no row crossed
# and no counter rose, 1 a row crossed or a counter rose, 2 bad input.
#
# The baseline is the previous stored run, not the previous commit: a
# later nightly on the same commit compares with the run that alerted, so
# it alerts again only on a new crossing or a new rise.
# scripts/bench_alert_test.go runs a simulated series of nightlies through
# this and scripts/bench-notify.sh.
set -euo pipefail

if [[ $# -ne 4 ]]; then
  echo "usage: scripts/bench-alert.sh PREVIOUS RESULTS MACHINE OUT" >&2
  exit 2
fi
prev=$(realpath -m "$1")
cur=$(realpath -m "$2")
out=$(realpath -m "$4")
cd "$(dirname "$(realpath "$0")")/.." # the checkout, also when called through a link
# Built, not go run: go run would add "exit status 1" to the log of every
# alert.
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/benchdiff" ./cmd/benchdiff
"$bin/benchdiff" -alert -machine "$3" -old "$prev" -new "$cur" >"$out"
