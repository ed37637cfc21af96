#!/usr/bin/env bash
# scripts/bench-handoff.sh HANDOFF STORED: takes what a machine's bench job
# handed over (the artifact, downloaded into HANDOFF) into the current
# directory, for .github/workflows/bench.yml's store job, which holds a
# token that writes.
#
# The bench job runs third-party code, so the artifact is data to read,
# never files to run: the job downloads it outside its checkout, and this
# copies only the files it names, each a regular file (no link), and
# checks previous/run is a run id. results.txt must be there.
#
# It then says whether this job stored these very results already, in an
# earlier attempt of the workflow run ("Re-run failed jobs" re-runs every
# store job when one machine's bench job failed): STORED holds what an
# earlier attempt marked stored (stored.sha256, the SHA-256 of results.txt;
# nothing on a first attempt). It writes stored.sha256 here for this
# attempt's mark and stored=true or stored=false to $GITHUB_OUTPUT.
#
# scripts/bench_alert_test.go runs it through the workflow's steps.
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: scripts/bench-handoff.sh HANDOFF STORED" >&2
  exit 2
fi
handoff=$1 stored=$2

for f in results.txt baseline.txt time.json throughput.json bytes.json allocs.json counters.json previous/run; do
  src=$handoff/$f
  [[ -e $src || -L $src ]] || continue
  if [[ -L $src || ! -f $src ]]; then
    echo "bench-handoff.sh: $f in the artifact is not a regular file" >&2
    exit 1
  fi
  mkdir -p "$(dirname "$f")"
  cp "$src" "$f"
done
if [[ ! -s results.txt ]]; then
  echo "bench-handoff.sh: the artifact has no results.txt" >&2
  exit 1
fi
if [[ -e previous/run && ! $(<previous/run) =~ ^[0-9]+$ ]]; then
  echo "bench-handoff.sh: previous/run is not a run id" >&2
  exit 1
fi

sha256sum results.txt | cut -d' ' -f1 > stored.sha256
already=false
if [[ -f $stored/stored.sha256 && ! -L $stored/stored.sha256 ]] && cmp -s "$stored/stored.sha256" stored.sha256; then
  already=true
  echo "these results were stored by an earlier attempt of this run: not storing them again"
fi
echo "stored=$already" >> "${GITHUB_OUTPUT:-/dev/null}"
