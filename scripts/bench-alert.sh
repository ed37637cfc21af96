#!/usr/bin/env bash
# scripts/bench-alert.sh PREVIOUS RESULTS MACHINE OUT: the nightly's alert
# check (.github/workflows/bench.yml runs exactly this, after storing the
# results). It compares this run's results with the previous stored run's
# of the same machine, with cmd/benchdiff -alert: a time or throughput row
# more than 2x worse than then (github-action-benchmark's alert threshold
# "200%") crosses. It writes OUT, Markdown for the job summary and the
# notification: a heading naming the machine, benchdiff's table of the rows
# that crossed (each with its factor, both medians and benchstat's verdict)
# and its verdict naming both commits.
#
# Exit status: 0 no row crossed (or no previous run to compare with, the
# machine's first); 1 rows crossed (OUT names them); 2 bad input.
#
# The baseline is the previous stored run, not the previous commit: a
# later nightly on the same commit compares with the run that alerted, so
# it alerts again only on a new crossing. scripts/bench_alert_test.go runs
# a simulated series of nightlies through this and scripts/bench-notify.sh.
set -euo pipefail

if [[ $# -ne 4 ]]; then
  echo "usage: scripts/bench-alert.sh PREVIOUS RESULTS MACHINE OUT" >&2
  exit 2
fi
if [[ ! -s $2 ]]; then
  echo "bench-alert.sh: results file $2 missing or empty" >&2
  exit 2
fi
cur=$(realpath "$2")
machine=$3
out=$(realpath -m "$4")
prev=
[[ ! -s $1 ]] || prev=$(realpath "$1")
cd "$(dirname "$(realpath "$0")")/.." # the checkout, also when called through a link

{
  echo "## Alert check on $machine: this run against the previous stored run"
  echo
} >"$out"
if [[ -z $prev ]]; then
  echo "No previous results for $machine yet: nothing to compare with (this run is the next one's baseline)." >>"$out"
  exit 0
fi
# Built, not go run: go run would add "exit status 1" to the log of every
# alert.
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/benchdiff" ./cmd/benchdiff
status=0
"$bin/benchdiff" -old "$prev" -new "$cur" -alert >>"$out" || status=$?
case $status in
  0 | 1) exit "$status" ;;
  *)
    echo "bench-alert.sh: benchdiff failed (status $status)" >&2
    exit 2
    ;;
esac
