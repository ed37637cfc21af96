#!/usr/bin/env bash
# scripts/bench-stores.sh RESULTS OUT_DIR [RUN_ID [MACHINE [PREVIOUS]]]: the nightly workflow's
# conversion step (.github/workflows/bench.yml runs exactly this). It turns
# a cmd/benchrun results file into the five files the workflow feeds to
# github-action-benchmark, one per store (cmd/benchjson says which unit
# goes where):
#
#   time.json        ns/op                  customSmallerIsBetter, time alert
#   throughput.json  MB/s                   customBiggerIsBetter, time alert
#   bytes.json       B/op                   customSmallerIsBetter, counter alert
#   allocs.json      allocs/op              customSmallerIsBetter, counter alert
#   counters.json    sent-B/op, recv-B/op,  customSmallerIsBetter, counter alert
#                    conns/op, handshakes/op (none for a run from before them)
#
# RUN_ID (the workflow passes "<run id>-<attempt>") goes into every entry's
# extra as run=RUN_ID, so the dashboard keeps two runs of one commit apart;
# MACHINE (linux-x64, linux-arm64) as machine=MACHINE. PREVIOUS, the
# baseline (scripts/bench-baseline.sh), when it exists (not on the
# machine's first run), makes every entry say how it changed since
# (previous=..., "crossed" and "counter=rose" on the rows the alert names;
# cmd/benchjson).
# cmd/benchjson fails when a file would be empty (the action refuses an
# empty file; benchjson names the cause) and prints each file's count.
# scripts/bench_workflow_test.go runs this on the recorded full run and
# checks each file against the workflow's steps.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 5 ]]; then
  echo "usage: scripts/bench-stores.sh RESULTS OUT_DIR [RUN_ID [MACHINE [PREVIOUS]]]" >&2
  exit 2
fi
if [[ ! -s $1 ]]; then
  echo "bench-stores.sh: results file $1 missing or empty" >&2
  exit 2
fi
in=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
run_id=${3:-}
machine=${4:-}
previous=
[[ -z ${5:-} || ! -s $5 ]] || previous=$(realpath "$5")

cd "$(dirname "$0")/.."
go run ./cmd/benchjson -in "$in" -out-dir "$out" ${run_id:+-run-id "$run_id"} \
  ${machine:+-machine "$machine"} ${previous:+-previous "$previous"}

